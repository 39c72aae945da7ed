// New, open, save, export (one entry per export format of the core) and import.
import { EXPORT_FORMATS } from "../../core";
import { exportDocument, importDocument, newDocument, openDocument, saveDocument } from "../app/document-commands";
import { closeRayLogView, openRayLogFile, rerecordRayLog } from "../app/replay-commands";
import { useReplay } from "../store/replay";
import type { Action } from "./types";

const logOpen = (): boolean => useReplay.getState().log !== null;

/** "godot3" → "file.exportGodot3". */
export const exportActionId = (formatId: string): string => `file.export${formatId.charAt(0).toUpperCase()}${formatId.slice(1)}`;

export const FILE_ACTIONS: readonly Action[] = [
  { id: "file.new", label: "New", group: "File", keys: [{ key: "n", mod: true }], run: newDocument },
  { id: "file.open", label: "Open…", group: "File", keys: [{ key: "o", mod: true }], run: () => void openDocument() },
  { id: "file.save", label: "Save", group: "File", keys: [{ key: "s", mod: true }], run: () => void saveDocument(false) },
  { id: "file.saveAs", label: "Save As…", group: "File", keys: [{ key: "s", mod: true, shift: true }], run: () => void saveDocument(true) },
  { id: "file.importTiled", label: "Import Tiled map…", group: "File", keys: [], run: () => void importDocument() },
  ...EXPORT_FORMATS.map((f): Action => ({
    id: exportActionId(f.id),
    label: `Export as ${f.label}…`,
    group: "File",
    keys: [],
    run: () => void exportDocument(f.id),
  })),
  { id: "file.openRayLog", label: "Open ray log…", group: "File", keys: [], run: () => void openRayLogFile() },
  { id: "file.rerecordRayLog", label: "Re-record ray log…", group: "File", keys: [], run: () => void rerecordRayLog(), enabled: logOpen },
  { id: "file.closeRayLog", label: "Close ray log", group: "File", keys: [], run: closeRayLogView, enabled: logOpen },
];
