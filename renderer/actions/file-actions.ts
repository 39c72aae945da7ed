// New, open and save.
import { newDocument, openDocument, saveDocument } from "../app/document-commands";
import type { Action } from "./types";

export const FILE_ACTIONS: readonly Action[] = [
  { id: "file.new", label: "New", group: "File", keys: [{ key: "n", mod: true }], run: newDocument },
  { id: "file.open", label: "Open…", group: "File", keys: [{ key: "o", mod: true }], run: () => void openDocument() },
  { id: "file.save", label: "Save", group: "File", keys: [{ key: "s", mod: true }], run: () => void saveDocument(false) },
  { id: "file.saveAs", label: "Save As…", group: "File", keys: [{ key: "s", mod: true, shift: true }], run: () => void saveDocument(true) },
];
