// The contract between the editor page and the desktop shell: the one API object the preload
// exposes as `window.colliderStudio`, its IPC channel names, and zod schemas with which the main
// process validates every argument. Pure TypeScript, shared by renderer/ and electron/.
import { z } from "zod";
import type { ImageType } from "../scene/image-source";

export { IPC, IPC_EVENTS, type IpcChannel } from "./ipc-channels";

/** A scene file's text as read from disk, with the path the user chose. */
export interface OpenedFile {
  readonly path: string;
  readonly name: string;
  readonly text: string;
}

/**
 * What File → Open… picked (desktop), read by its extension as a drop is: a scene (.json), a Tiled
 * map to import (.tmx, .tmj), an image to add (PNG, JPEG, WebP, checked by its bytes), or a file of
 * another kind, not read, for the page to say what it is.
 */
export type OpenedPick =
  | ({ readonly kind: "scene" | "map" } & OpenedFile)
  | { readonly kind: "image"; readonly path: string; readonly name: string; readonly image: ImageFile }
  | { readonly kind: "other"; readonly path: string; readonly name: string };

export const saveRequestSchema = z.strictObject({
  text: z.string().max(512 * 1024 * 1024),
  /** Where the document was opened from or last saved; omitted (or saveAs) asks the user. */
  path: z.string().min(1).max(4096).optional(),
  saveAs: z.boolean().optional(),
  suggestedName: z.string().max(255).optional(),
});
export type SaveRequest = z.infer<typeof saveRequestSchema>;

export interface SaveResult {
  readonly path: string;
  readonly name: string;
}

/** A file type for a dialog's filter: "Godot scene" with ["tscn"]. */
const fileTypeSchema = z.strictObject({
  name: z.string().min(1).max(80),
  extensions: z.array(z.string().regex(/^[a-z0-9]{1,10}$/, { message: "is not a file extension" })).min(1).max(8),
});

/** Export: the text to write where the user chooses in a Save dialog of this file type. */
export const exportRequestSchema = z.strictObject({
  text: z.string().max(512 * 1024 * 1024),
  suggestedName: z.string().max(255),
  type: fileTypeSchema,
  /** Where chooseSaveTarget said to write it (for this type, in this session); absent asks. */
  path: z.string().min(1).max(4096).optional(),
});
export type ExportRequest = z.infer<typeof exportRequestSchema>;

/**
 * Save As (or a first save) and exports ask where before the text is made, because a scene's
 * relative image paths depend on the folder it is written to. `type` absent: a scene file.
 */
export const saveTargetRequestSchema = z.strictObject({
  type: fileTypeSchema.optional(),
  suggestedName: z.string().max(255),
  /** The document's file, so the dialog can start in its folder (if the user chose it). */
  path: z.string().min(1).max(4096).optional(),
});
export type SaveTargetRequest = z.infer<typeof saveTargetRequestSchema>;

/** Import: read one file of this type that the user picks in an Open dialog. */
export const importRequestSchema = z.strictObject({
  title: z.string().min(1).max(80),
  type: fileTypeSchema,
});
export type ImportRequest = z.infer<typeof importRequestSchema>;

/** Autosave: the unsaved document's text and where it came from (if the shell let it save there). */
export const recoveryRequestSchema = z.strictObject({
  text: z.string().max(512 * 1024 * 1024),
  name: z.string().min(1).max(255),
  path: z.string().min(1).max(4096).optional(),
});
export type RecoveryRequest = z.infer<typeof recoveryRequestSchema>;

/** A document restored after a crash: opened as unsaved, under its original name and path. */
export interface RecoveredDocument {
  readonly name: string;
  readonly path?: string;
  readonly text: string;
  /** When it was autosaved, as an ISO 8601 time. */
  readonly savedAt: string;
}

/** Reload: read the open file again; only a file the shell opened or saved is read. */
export const reloadRequestSchema = z.strictObject({ path: z.string().min(1).max(4096) });
export type ReloadRequest = z.infer<typeof reloadRequestSchema>;

/**
 * An image of the open scene: `src` as the scene file holds it (a relative path, resolved against
 * the folder of `scenePath`, a scene the user chose). The shell refuses anything else.
 */
export const readImageRequestSchema = z.strictObject({
  scenePath: z.string().min(1).max(4096),
  src: z.string().min(1).max(4096),
});
export type ReadImageRequest = z.infer<typeof readImageRequestSchema>;

/** An image file's bytes, with its type as its first bytes say. */
export interface ImageFile {
  readonly bytes: Uint8Array;
  readonly type: ImageType;
}

/**
 * A text file of the open scene's Tiled map (the map, an external tileset or template): `src` a
 * relative path resolved against the folder of `scenePath`, as for images; only the file types
 * of core/tiled/file-types.ts, and only beside a scene the user chose or a map they imported.
 */
export const readTiledFileRequestSchema = z.strictObject({
  scenePath: z.string().min(1).max(4096),
  src: z.string().min(1).max(4096),
});
export type ReadTiledFileRequest = z.infer<typeof readTiledFileRequestSchema>;

/**
 * Save to Map: the open scene's Tiled map written back with the scene's colliders. `src` as for
 * reading; only a map (.tmx, .tmj, .json) that exists already, beside a scene the user chose.
 */
export const writeTiledMapRequestSchema = z.strictObject({
  scenePath: z.string().min(1).max(4096),
  src: z.string().min(1).max(4096),
  text: z.string().max(512 * 1024 * 1024),
});
export type WriteTiledMapRequest = z.infer<typeof writeTiledMapRequestSchema>;

/** A Tiled file's text (UTF-8, without a byte order mark). */
export interface TiledFile {
  readonly text: string;
}

/** Images the user picked in the shell's Open dialog (File → Add Image… in the desktop app). */
export interface PickedImages {
  readonly images: readonly (ImageFile & { readonly name: string; readonly path: string })[];
  /** One line per picked file that was not read: too big, not PNG, JPEG or WebP, unreadable. */
  readonly refused: readonly string[];
}

/** The open file changed on disk (its content, not just its time). */
export interface FileChange {
  readonly path: string;
  readonly name: string;
}

/** A picture the page read through readImage changed on disk: its src as the page asked for it, beside `scenePath`. */
export interface PictureChange {
  readonly scenePath: string;
  readonly src: string;
}

/** Failures come back as values, never as exceptions crossing IPC. */
export type ShellResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly canceled: true } | { readonly ok: false; readonly canceled: false; readonly error: string };

/**
 * The native menu bar as the page's action registry describes it: menus in order, each item an
 * action id, its label, its first shortcut as an Electron accelerator ("CmdOrCtrl+Shift+Z") and,
 * for a setting, whether it is on; separators between groups of items.
 */
export const menuModelSchema = z
  .array(
    z.strictObject({
      label: z.enum(["File", "Edit", "View", "Layer", "Export", "Tools", "Help"]),
      items: z
        .array(
          z.union([
            z.strictObject({
              id: z.string().regex(/^[a-z]+\.[A-Za-z0-9]+$/, { message: "must be an action id such as edit.undo" }).max(64),
              label: z.string().min(1).max(80),
              accelerator: z.string().regex(/^[A-Za-z0-9+=\-/'[\],.;`]{1,40}$/, { message: "is not an accelerator" }).optional(),
              checked: z.boolean().optional(),
            }),
            z.strictObject({ type: z.literal("separator") }),
          ]),
        )
        .max(200),
    }),
  )
  .max(8);
export type MenuModel = z.infer<typeof menuModelSchema>;
export type MenuModelEntry = MenuModel[number]["items"][number];
/** One item of a menu that runs an action (not a separator). */
export type MenuModelItem = Exclude<MenuModelEntry, { type: "separator" }>;

/** What the page tells the shell about its document, for the unsaved-changes prompt and the title bar. */
export const documentStateSchema = z.strictObject({
  dirty: z.boolean(),
  name: z.string().min(1).max(255),
  path: z.string().min(1).max(4096).optional(),
});
export type DocumentState = z.infer<typeof documentStateSchema>;

export const saveOutcomeSchema = z.enum(["saved", "canceled", "failed"]);
export type SaveOutcome = z.infer<typeof saveOutcomeSchema>;

/** The page's answer to the shell's request number `request` to save. */
export const saveDoneSchema = z.strictObject({
  request: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  outcome: saveOutcomeSchema,
});
export type SaveDone = z.infer<typeof saveDoneSchema>;

export interface DesktopApi {
  readonly platform: string;
  /** File → Open…: a scene, a Tiled map or an image, by its extension (OpenedPick). */
  openScene(): Promise<ShellResult<OpenedPick>>;
  /**
   * The scene openScene or onOpenFile last delivered (its path) is now the page's document: the
   * shell watches it and adds it to the recent files. Not called when the user kept the document
   * (the unsaved-changes question) or the scene had problems.
   */
  sceneOpened(filePath: string): Promise<ShellResult<null>>;
  saveScene(request: SaveRequest): Promise<ShellResult<SaveResult>>;
  /** Asks in the Save dialog where to write; saveScene (a scene) or exportFile (`type`) may then write there without asking. */
  chooseSaveTarget(request: SaveTargetRequest): Promise<ShellResult<SaveResult>>;
  /** Writes an export where the user chooses (atomically, keeping the old file as .bak). */
  exportFile(request: ExportRequest): Promise<ShellResult<SaveResult>>;
  /** Reads a file to import that the user picks. */
  importFile(request: ImportRequest): Promise<ShellResult<OpenedFile>>;
  /** Replaces the native menu bar's File … Help menus. */
  setMenu(model: MenuModel): Promise<ShellResult<null>>;
  /** Calls `listener` with an action id whenever a native menu item is chosen; returns an unsubscribe. */
  onMenuCommand(listener: (id: string) => void): () => void;
  /** Tells the shell whether the document has unsaved changes (call on every change of it). */
  reportDocumentState(state: DocumentState): Promise<ShellResult<null>>;
  /** Runs `save` when the shell asks (Save in the unsaved-changes prompt) and answers with its outcome. */
  onSaveRequest(save: () => Promise<SaveOutcome>): () => void;
  /**
   * Opens a scene file dropped on the page, by its absolute path (pathForFile), as Open Recent
   * does: the unsaved-changes prompt, then the file arrives through onOpenFile.
   */
  openDropped(filePath: string): Promise<ShellResult<null>>;
  /**
   * Reads a Tiled map (.tmx, .tmj) dropped on the page, by its absolute path (pathForFile), to
   * import as File → Import Tiled map… does: its tilesets beside it may then be read.
   */
  importDropped(filePath: string): Promise<ShellResult<OpenedFile>>;
  /**
   * Calls `listener` with a scene the shell read to open (Open Recent, a drop, a file from the OS),
   * or why it could not; the page answers with sceneOpened once the scene is its document.
   */
  onOpenFile(listener: (result: ShellResult<OpenedFile>) => void): () => void;
  /** Keeps the unsaved document in the recovery file (written a moment later, atomically). */
  saveRecovery(request: RecoveryRequest): Promise<ShellResult<null>>;
  /** Removes the recovery file: the document was saved, or its changes discarded. */
  discardRecovery(): Promise<ShellResult<null>>;
  /** The document to restore after a crash if the user chose Restore; null otherwise, and on every later call. */
  takeRecovered(): Promise<ShellResult<RecoveredDocument | null>>;
  /** Reads the open file again (after it changed on disk). */
  reloadScene(request: ReloadRequest): Promise<ShellResult<OpenedFile>>;
  /** Calls `listener` when another program changes the open file; returns an unsubscribe. */
  onFileChanged(listener: (change: FileChange) => void): () => void;
  /** Calls `listener` when a file of the scene's Tiled map that the page read changes on disk; returns an unsubscribe. */
  onTiledMapChanged(listener: () => void): () => void;
  /** Calls `listener` when a picture the page read with readImage for the open scene changes on disk; returns an unsubscribe. */
  onPictureChanged(listener: (change: PictureChange) => void): () => void;
  /** Reads an image the open scene refers to by a relative path (PNG, JPEG or WebP only). */
  readImage(request: ReadImageRequest): Promise<ShellResult<ImageFile>>;
  /**
   * Watches an image of the open scene the page decoded without readImage (one just added from a
   * file beside the scene), as readImage's are: a change then comes through onPictureChanged.
   */
  watchImage(request: ReadImageRequest): Promise<ShellResult<null>>;
  /**
   * Asks for images in the native Open dialog (several at once) and reads them. A native menu's
   * click is no user gesture in the page, so the page's own file input would not open there.
   */
  pickImages(): Promise<ShellResult<PickedImages>>;
  /** Reads a text file of the open scene's Tiled map (.tmx, .tmj, .tsx, .tsj, .tx, .tj, .json) by a relative path. */
  readTiledFile(request: ReadTiledFileRequest): Promise<ShellResult<TiledFile>>;
  /** Writes the scene's Tiled map back (atomically, keeping the old file as .bak); the map must exist. */
  writeTiledMap(request: WriteTiledMapRequest): Promise<ShellResult<SaveResult>>;
  /**
   * Where on disk a File the user picked or dropped lives (Electron's webUtils.getPathForFile);
   * "" for a File made in the page (a pasted image). Typed loosely: the core knows no DOM.
   */
  pathForFile(file: object): string;
}
