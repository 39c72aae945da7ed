// New, open, save, import and ray logs (File), and one export per export format of the core (Export).
import { EXPORT_FORMATS } from "../../core";
import { exportDocument, importDocument, importDocumentInFolder, newDocument, openDocument, openDocumentInFolder, saveDocument } from "../app/document-commands";
import { closeRayLogView, openRayLogFile, rerecordRayLog, saveProbesAsRayLog } from "../app/replay-commands";
import { desktop, hasFolderAccess } from "../platform/files";
import type { Editor } from "../editor/editor";
import { addImagesFromDialog } from "../app/image-commands";
import { canSaveToMap, saveToMap, saveToMapAsksFolder, whyNoSaveToMap } from "../app/map-commands";
import { openModal } from "../app/modals";
import type { Action } from "./types";

const logOpen = (editor: Editor): boolean => editor.replay.getState().log !== null;
const NO_LOG = () => "Open a ray log first (File → Open ray log…)";
const NO_FOLDER_ACCESS = (what: string) => () => `${what} needs a browser that can open folders (Chrome or Edge), or the desktop app`;

/** "file.exportGodot3", "file.exportPhaserMatter": a format id's words in camel case, as action ids have no hyphens. */
export const exportActionId = (formatId: string): string => `file.export${formatId.replace(/(^|-)([a-z0-9])/g, (_, _dash: string, c: string) => c.toUpperCase())}`;

/** Every File and Export command is a document command: global, run from a text field too. */
const FILE_COMMANDS: readonly Action[] = [
  { id: "file.new", label: "New", group: "File", section: "document", keys: [{ key: "n", mod: true }], run: newDocument },
  { id: "file.open", label: "Open…", group: "File", section: "document", keys: [{ key: "o", mod: true }], run: (editor) => void openDocument(editor) },
  // A browser reads images beside a scene only through a folder the user granted.
  { id: "file.openInFolder", label: "Open Scene in Folder…", group: "File", section: "document", keys: [], run: (editor) => void openDocumentInFolder(editor), available: () => !desktop(), enabled: () => hasFolderAccess(), whyDisabled: NO_FOLDER_ACCESS("Open Scene in Folder…") },
  { id: "file.save", label: "Save", group: "File", section: "document", keys: [{ key: "s", mod: true }], run: (editor) => void saveDocument(editor, false) },
  { id: "file.saveAs", label: "Save As…", group: "File", section: "document", keys: [{ key: "s", mod: true, shift: true }], run: (editor) => void saveDocument(editor, true) },
  // Tiled's own maps: the colliders written back into the map the scene came from.
  // In a browser given no folder (a map picked with Open… or dropped) it first asks for the map's folder: "Save to Map…".
  { id: "file.saveToMap", label: "Save to Map", title: (editor) => (saveToMapAsksFolder(editor) && canSaveToMap(editor) ? "Save to Map…" : "Save to Map"), group: "File", section: "document", keys: [], run: (editor) => void saveToMap(editor), enabled: canSaveToMap, whyDisabled: whyNoSaveToMap },
  { id: "file.importTiled", label: "Import Tiled map…", group: "File", section: "import", keys: [], run: (editor) => void importDocument(editor) },
  // A browser reads a map's tilesets and pictures (its backdrop) only through a folder the user granted.
  { id: "file.importTiledInFolder", label: "Import Tiled Map in Folder…", group: "File", section: "import", keys: [], run: (editor) => void importDocumentInFolder(editor), available: () => !desktop(), enabled: () => hasFolderAccess(), whyDisabled: NO_FOLDER_ACCESS("Import Tiled Map in Folder…") },
  { id: "file.addImage", label: "Add Image…", group: "File", section: "import", keys: [], run: (editor) => void addImagesFromDialog(editor) },
  ...EXPORT_FORMATS.map((f): Action => ({
    id: exportActionId(f.id),
    label: `Export as ${f.label}…`,
    group: "Export",
    keys: [],
    run: (editor) => void exportDocument(editor, f.id),
  })),
  // Kept in the scene, for the exports above and the CLI's.
  { id: "file.exportOptions", label: "Export Options…", group: "Export", section: "options", keys: [], run: () => openModal("exportOptions") },
  { id: "file.openRayLog", label: "Open ray log…", group: "File", section: "rayLog", keys: [], run: (editor) => void openRayLogFile(editor) },
  { id: "file.saveRaysAsLog", label: "Save rays as ray log…", group: "File", section: "rayLog", keys: [], run: (editor) => void saveProbesAsRayLog(editor) },
  { id: "file.rerecordRayLog", label: "Re-record ray log…", group: "File", section: "rayLog", keys: [], run: (editor) => void rerecordRayLog(editor), enabled: logOpen, whyDisabled: NO_LOG },
  { id: "file.closeRayLog", label: "Close ray log", group: "File", section: "rayLog", keys: [], run: closeRayLogView, enabled: logOpen, whyDisabled: NO_LOG },
];

export const FILE_ACTIONS: readonly Action[] = FILE_COMMANDS.map((a) => ({ ...a, global: true }));
