// Opening and saving scene files for the editor: native dialogs, UTF-8 text, atomic writes that keep
// the previous file as <name>.bak (and older ones as .bak.2 …, as many as the `backups` setting
// says), and readable errors. The page may only write without a dialog to a path the user chose
// (see isAllowed).
import path from "node:path";
import type { ExportRequest, ImageFile, ImportRequest, OpenedFile, OpenedPick, SaveRequest, SaveResult, SaveTargetRequest, ShellResult } from "../core/shell/desktop-api";
import { writeTextAtomically } from "../core/node/atomic-write";
import { describeFileError } from "./file-errors";
import { nodeFileSystem, type SceneFileSystem } from "./file-system";

export interface FileFilter {
  readonly name: string;
  readonly extensions: string[];
}

export const SCENE_FILTERS: FileFilter[] = [{ name: "Collider Studio scene", extensions: ["json"] }];

const MAP_EXTENSIONS = ["tmx", "tmj"];
const IMAGE_EXTENSIONS = ["png", "jpg", "jpeg", "webp"];

/** File → Open…'s filters: everything it opens first, then each kind, then any file (which it names). */
export const OPEN_FILTERS: FileFilter[] = [
  { name: "Scenes, Tiled maps and images", extensions: ["json", ...MAP_EXTENSIONS, ...IMAGE_EXTENSIONS] },
  ...SCENE_FILTERS,
  { name: "Tiled map", extensions: MAP_EXTENSIONS },
  { name: "Images (PNG, JPEG, WebP)", extensions: IMAGE_EXTENSIONS },
  { name: "All files", extensions: ["*"] },
];

/** What Open… makes of a file, by its extension, as a drop does. */
export function openKindOf(filePath: string): OpenedPick["kind"] {
  const extension = path.extname(filePath).slice(1).toLowerCase();
  return extension === "json" ? "scene" : MAP_EXTENSIONS.includes(extension) ? "map" : IMAGE_EXTENSIONS.includes(extension) ? "image" : "other";
}

export interface OpenDialogOptions {
  title: string;
  properties: Array<"openFile">;
  filters: FileFilter[];
}

export interface SaveDialogOptions {
  title: string;
  defaultPath: string;
  properties: Array<"createDirectory" | "showOverwriteConfirmation">;
  filters: FileFilter[];
}

/** The part of Electron's `dialog` used here (main.ts binds it to the editor window). */
export interface DialogLike {
  showOpenDialog(options: OpenDialogOptions): Promise<{ canceled: boolean; filePaths: string[] }>;
  showSaveDialog(options: SaveDialogOptions): Promise<{ canceled: boolean; filePath?: string }>;
}

export interface SceneFileService {
  /**
   * File → Open…: a scene (a place to save to; a recent file once the page confirms with opened),
   * a Tiled map (read as importFile reads one), an image (read as Add Image… reads one) or, of
   * another kind, only its name.
   */
  open(): Promise<ShellResult<OpenedPick>>;
  /**
   * The page loaded the scene open() or openPath() last read: returns it (its path resolved, the
   * text as read) and reports it to onSceneFile. Undefined, and nothing recorded, for any other
   * path, or once the read was confirmed: a scene the user then did not open (kept the document,
   * after the pick) or that failed to open (not a scene, problems) must not reach the recent files.
   */
  opened(filePath: string): OpenedFile | undefined;
  save(request: SaveRequest): Promise<ShellResult<SaveResult>>;
  /**
   * Asks in the Save dialog where to write a scene (no `type`) or an export of `type`, and allows
   * that path: save() or exportFile() then write there without asking.
   */
  chooseTarget(request: SaveTargetRequest): Promise<ShellResult<SaveResult>>;
  /** Writes an export atomically: to `request.path` when chooseTarget gave it for that type, else where the user says. */
  exportFile(request: ExportRequest): Promise<ShellResult<SaveResult>>;
  /** Asks for a file of the request's type and reads it (it is not allowed for saving). */
  importFile(request: ImportRequest): Promise<ShellResult<OpenedFile>>;
  /**
   * Reads a file to import that the user chose outside a dialog (dropped on the page), as
   * importFile reads a picked one: not allowed for saving; a Save dialog starts beside it.
   */
  importPath(filePath: string): Promise<ShellResult<OpenedFile>>;
  /**
   * True for the paths the page may save to without a Save dialog, all of them chosen by the user:
   * picked in an Open or Save dialog or read with openPath in this session (opened or saved
   * here), on the recent files list (chosen in an earlier session), or let in with `allow` (the
   * original path of a document restored after a crash, itself allowed when it was autosaved).
   * Any other path needs a dialog.
   */
  isAllowed(filePath: string): boolean;
  /**
   * Reads a scene the user chose outside a dialog: on Open Recent, dropped on the page, or from
   * the OS (command line, file association). Allowed for saving at once; a recent file only once
   * the page confirms it loaded it (opened), as for open(). Only the main process calls this; no
   * IPC channel takes a path to open.
   */
  openPath(filePath: string): Promise<ShellResult<OpenedFile>>;
  /** Allows saving to a path the user chose in an earlier session (a document restored after a crash). */
  allow(filePath: string): void;
}

export interface SceneFileServiceOptions {
  readonly dialog: DialogLike;
  readonly fs?: SceneFileSystem;
  /** Called with each scene file opened or saved (not imports or exports), for Open Recent. */
  readonly onSceneFile?: (filePath: string) => void;
  /** Called with each file imported (read, never a place to save to): files beside it may be read (tiled-files.ts readableScenes). */
  readonly onImported?: (filePath: string) => void;
  /** Paths the user chose in an earlier session (the recent files list), allowed like this session's. */
  readonly chosenBefore?: (filePath: string) => boolean;
  /** Previous versions kept beside a saved or exported file (the `backups` setting; default 1). */
  readonly backups?: number;
  /** Reads an image Open… picked (image-files.ts: its size limit, its type from its bytes). */
  readonly readImage?: (filePath: string) => Promise<ShellResult<ImageFile>>;
}

const CANCELED = { ok: false, canceled: true } as const;

function failure(error: string): { ok: false; canceled: false; error: string } {
  return { ok: false, canceled: false, error };
}

/** A name safe to propose in a Save dialog: no folders, no characters Windows rejects, .json. */
export function sceneFileName(suggested: string | undefined): string {
  const base = (suggested ?? "").split(/[\\/]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const cleaned = base.replace(/[\u0000-\u001f\u007f<>:"|?*]/g, "").trim().replace(/[. ]+$/, "");
  return withJsonExtension(cleaned === "" ? "untitled" : cleaned);
}

export function withJsonExtension(filePath: string): string {
  return path.extname(filePath).toLowerCase() === ".json" ? filePath : `${filePath}.json`;
}

export function createSceneFileService({ dialog, fs = nodeFileSystem, onSceneFile = () => {}, onImported = () => {}, chosenBefore = () => false, backups, readImage }: SceneFileServiceOptions): SceneFileService {
  /** Absolute paths chosen in this session (or let in with allow). */
  const chosen = new Set<string>();
  const allowed = { has: (filePath: string) => chosen.has(filePath) || chosenBefore(filePath), add: (filePath: string) => chosen.add(filePath) };
  /** Export targets chosen with chooseTarget in this session, with the extension list they were chosen for. */
  const exportTargets = new Map<string, string>();
  const typeKey = (extensions: readonly string[]): string => extensions.join(",");

  /** Readers of the target see either the old or the new content, never a partial file. */
  const writeAtomically = (target: string, text: string) => writeTextAtomically(target, text, { fs, ...(backups === undefined ? {} : { backups }) });

  async function askWhereToSave(request: Pick<SaveRequest, "suggestedName" | "path">, known: string | undefined): Promise<string | undefined> {
    const name = sceneFileName(request.suggestedName ?? (request.path === undefined ? undefined : path.basename(request.path)));
    const choice = await dialog.showSaveDialog({
      title: "Save scene",
      // Start in the document's folder only if the user chose it before; never reveal other paths.
      defaultPath: known === undefined ? name : path.join(path.dirname(known), name),
      properties: ["createDirectory", "showOverwriteConfirmation"],
      filters: SCENE_FILTERS,
    });
    if (choice.canceled || !choice.filePath) return undefined;
    // Exactly the name the dialog confirmed: adding ".json" afterwards could replace a file the
    // overwrite check never asked about.
    return path.resolve(choice.filePath);
  }

  /** The scene open() or openPath() read last, until the page confirms it loaded it (opened). */
  let pendingOpen: OpenedFile | undefined;

  /** Files imported in this session: a Save dialog for the document made from one starts beside it. */
  const imported = new Set<string>();

  /** `filePath` resolved, when the page may write it without asking. */
  function knownPath(filePath: string | undefined): string | undefined {
    const resolved = filePath === undefined ? undefined : path.resolve(filePath);
    return resolved !== undefined && allowed.has(resolved) ? resolved : undefined;
  }

  /** `filePath` resolved, when it is a file imported in this session (never a place to write without asking). */
  function importedPath(filePath: string | undefined): string | undefined {
    const resolved = filePath === undefined ? undefined : path.resolve(filePath);
    return resolved !== undefined && imported.has(resolved) ? resolved : undefined;
  }

  async function askWhereToExport(suggestedName: string, type: ExportRequest["type"]): Promise<string | undefined> {
    const extension = type.extensions[0]!;
    const base = sceneFileName(suggestedName).replace(/\.json$/i, "");
    const choice = await dialog.showSaveDialog({
      title: `Export ${type.name}`,
      defaultPath: `${base}.${extension}`,
      properties: ["createDirectory", "showOverwriteConfirmation"],
      filters: [{ name: type.name, extensions: [...type.extensions] }],
    });
    return choice.canceled || !choice.filePath ? undefined : path.resolve(choice.filePath);
  }

  /** The file the user picks in an Open dialog, or how the dialog ended. */
  async function pick(title: string, filters: FileFilter[]): Promise<ShellResult<string>> {
    try {
      const choice = await dialog.showOpenDialog({ title, properties: ["openFile"], filters });
      const chosen = choice.canceled ? undefined : choice.filePaths[0];
      return chosen === undefined ? CANCELED : { ok: true, value: chosen };
    } catch (err) {
      return failure(`cannot show the Open dialog: ${describeFileError(err)}`);
    }
  }

  /** Reads the file the user picks in an Open dialog, to import (not a place to save to). */
  async function pickAndRead(title: string, filters: FileFilter[]): Promise<ShellResult<OpenedFile>> {
    const chosen = await pick(title, filters);
    return chosen.ok ? readChosen(chosen.value, "read") : chosen;
  }

  /** File → Open…'s pick, read as its extension says. */
  async function openPicked(): Promise<ShellResult<OpenedPick>> {
    const chosen = await pick("Open", OPEN_FILTERS);
    if (!chosen.ok) return chosen;
    const filePath = path.resolve(chosen.value), name = path.basename(filePath);
    const kind = openKindOf(filePath);
    if (kind === "other") return { ok: true, value: { kind, path: filePath, name } };
    if (kind === "image") {
      if (!readImage) return failure(`cannot open ${name}: images are not read here`);
      const read = await readImage(filePath);
      return read.ok ? { ok: true, value: { kind, path: filePath, name, image: read.value } } : read;
    }
    const read = kind === "scene" ? await readChosen(filePath, "allow") : noteImported(await readChosen(filePath, "read"));
    if (kind === "scene") pendingOpen = read.ok ? read.value : undefined;
    return read.ok ? { ok: true, value: { kind, ...read.value } } : read;
  }

  /** Reads a file the user chose. `allow`: a place to save to (and the files beside it readable). */
  async function readChosen(chosen: string, as: "read" | "allow"): Promise<ShellResult<OpenedFile>> {
    const filePath = path.resolve(chosen);
    try {
      const text = await fs.readText(filePath);
      if (as === "allow") allowed.add(filePath);
      return { ok: true, value: { path: filePath, name: path.basename(filePath), text } };
    } catch (err) {
      return failure(`cannot open ${filePath}: ${describeFileError(err)}`);
    }
  }

  function noteImported(read: ShellResult<OpenedFile>): ShellResult<OpenedFile> {
    if (read.ok) {
      imported.add(read.value.path);
      onImported(read.value.path);
    }
    return read;
  }

  return {
    isAllowed: (filePath) => allowed.has(path.resolve(filePath)),

    allow: (filePath) => {
      allowed.add(path.resolve(filePath));
    },

    open: openPicked,

    opened(filePath) {
      const picked = pendingOpen;
      if (picked === undefined || picked.path !== path.resolve(filePath)) return undefined;
      pendingOpen = undefined;
      onSceneFile(picked.path);
      return picked;
    },

    async openPath(filePath) {
      const read = await readChosen(filePath, "allow");
      pendingOpen = read.ok ? read.value : undefined;
      return read;
    },

    async importFile(request) {
      return noteImported(await pickAndRead(request.title, [{ name: request.type.name, extensions: [...request.type.extensions] }]));
    },

    importPath: async (filePath) => noteImported(await readChosen(filePath, "read")),

    async chooseTarget(request) {
      let target: string | undefined;
      try {
        target = request.type === undefined
          ? await askWhereToSave(request, knownPath(request.path) ?? importedPath(request.path))
          : await askWhereToExport(request.suggestedName, request.type);
      } catch (err) {
        return failure(`cannot show the Save dialog: ${describeFileError(err)}`);
      }
      if (target === undefined) return CANCELED;
      if (request.type === undefined) allowed.add(target);
      else exportTargets.set(target, typeKey(request.type.extensions));
      return { ok: true, value: { path: target, name: path.basename(target) } };
    },

    async exportFile(request) {
      let target: string | undefined;
      if (request.path !== undefined) {
        target = path.resolve(request.path);
        if (exportTargets.get(target) !== typeKey(request.type.extensions)) return failure(`cannot export to ${request.path}: it was not chosen in the Export dialog in this session`);
      } else {
        try {
          target = await askWhereToExport(request.suggestedName, request.type);
        } catch (err) {
          return failure(`cannot show the Save dialog: ${describeFileError(err)}`);
        }
        if (target === undefined) return CANCELED;
      }
      try {
        await writeAtomically(target, request.text);
      } catch (err) {
        return failure(`cannot export to ${target}: ${describeFileError(err)}`);
      }
      return { ok: true, value: { path: target, name: path.basename(target) } };
    },

    async save(request) {
      const requested = request.path === undefined ? undefined : path.resolve(request.path);
      const known = knownPath(request.path);
      let target: string | undefined;
      if (requested !== undefined && !request.saveAs) {
        if (known === undefined) {
          return failure(`cannot save ${request.path}: this file was not chosen in a file dialog in this session; use Save As`);
        }
        target = known;
      } else {
        try {
          target = await askWhereToSave(request, known);
        } catch (err) {
          return failure(`cannot show the Save dialog: ${describeFileError(err)}`);
        }
        if (target === undefined) return CANCELED;
      }
      try {
        await writeAtomically(target, request.text);
      } catch (err) {
        return failure(`cannot save ${target}: ${describeFileError(err)}`);
      }
      allowed.add(target);
      onSceneFile(target);
      return { ok: true, value: { path: target, name: path.basename(target) } };
    },
  };
}
