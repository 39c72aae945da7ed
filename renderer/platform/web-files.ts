// Scene files in a browser that has the File System Access API (Chrome, Edge and other Chromium
// browsers): Open keeps the picked file's handle, Save writes back to that same file, Save As (or
// a document no file was picked for) asks where with the browser's Save dialog. files.ts keeps the
// file input and the download for browsers without the API.
//
// A handle cannot go into the store (it is not plain data); the document's `file.path` holds a key
// to it instead ("web-file:3"), so the handle follows the document: a failed open, New or Import
// leaves the store's file, and so which file Save writes, exactly as for the desktop's paths.
import { STAND_IN_ROOT } from "../../core/scene/file-paths";
import type { FileOutcome, FileType, OpenedDocument } from "./files";

/** The parts of FileSystemWritableFileStream used here. */
export interface WebWritable {
  write(data: string): Promise<void>;
  close(): Promise<void>;
  abort?(reason?: unknown): Promise<void>;
}

/** The parts of FileSystemFileHandle used here (permission calls are Chromium's, hence optional). */
export interface WebFileHandle {
  readonly name: string;
  getFile(): Promise<File>;
  createWritable(): Promise<WebWritable>;
  queryPermission?(descriptor: { mode: "readwrite" }): Promise<PermissionState>;
  requestPermission?(descriptor: { mode: "readwrite" }): Promise<PermissionState>;
}

interface PickerType {
  readonly description: string;
  readonly accept: Record<string, string[]>;
}

/** The parts of FileSystemDirectoryHandle used here. */
export interface WebDirectoryHandle {
  readonly name: string;
  getDirectoryHandle(name: string): Promise<WebDirectoryHandle>;
  getFileHandle(name: string, options?: { create: boolean }): Promise<WebFileHandle>;
  queryPermission?(descriptor: { mode: "readwrite" }): Promise<PermissionState>;
  requestPermission?(descriptor: { mode: "readwrite" }): Promise<PermissionState>;
  /** The names from this folder down to `handle`, or null when it is not inside it. */
  resolve(handle: WebFileHandle): Promise<string[] | null>;
}

/** The pickers, which TypeScript's DOM library does not declare yet. */
interface FileSystemAccessWindow {
  showOpenFilePicker?(options: { types: PickerType[]; multiple: false; startIn?: WebDirectoryHandle }): Promise<WebFileHandle[]>;
  showDirectoryPicker?(options: { mode: "read" | "readwrite" }): Promise<WebDirectoryHandle>;
  showSaveFilePicker?(options: { types: PickerType[]; suggestedName: string }): Promise<WebFileHandle>;
}

const pickers = (): FileSystemAccessWindow => window as unknown as FileSystemAccessWindow;

/** True where both pickers exist (they need a secure context: https or localhost). */
export function hasFileSystemAccess(): boolean {
  if (typeof window === "undefined") return false;
  const w = pickers();
  return typeof w.showOpenFilePicker === "function" && typeof w.showSaveFilePicker === "function";
}

/** True where a folder can be opened too (Open Scene in Folder…). */
export const hasFolderAccess = (): boolean => hasFileSystemAccess() && typeof pickers().showDirectoryPicker === "function";

const KEY_PREFIX = "web-file:";
const handles = new Map<string, WebFileHandle>();
/** For a scene opened in a folder: the folder, and the names from it down to the scene's own folder. */
const folders = new Map<string, { readonly root: WebDirectoryHandle; readonly sceneDir: readonly string[] }>();
let lastKey = 0;

function keep(handle: WebFileHandle): string {
  const key = `${KEY_PREFIX}${++lastKey}`;
  handles.set(key, handle);
  return key;
}

/** Whether `path` is a key of a browser's file handle (not a desktop path). */
export const isWebFileKey = (path: string): boolean => path.startsWith(KEY_PREFIX);

/** Whether the document whose file (or imported map) is under `path` was given a folder: files beside it can be read and written. */
export const hasWebFolder = (path: string | undefined): boolean => path !== undefined && folders.has(path);

/**
 * Save to Map for a document that was given no folder (a map picked with File → Open… or dropped,
 * a scene opened with Open…): asks for the folder the document stands in (or one above it), and
 * keeps it for the document, so its map's files can be read and written there. `base` is the
 * document's key (its scene's, or the map's it was imported from), undefined for a dropped map,
 * which is then looked for at the top of the folder. Done: the key the folder is kept under
 * (`base`, or a new one for a document that had none). `mode`: what the browser asks the user to
 * allow (reading only, for Reload Tiled Map; writing it is asked for when Save to Map writes).
 */
export async function grantWebFolder(base: string | undefined, src: string, mode: "read" | "readwrite"): Promise<FileOutcome<{ key: string }>> {
  let root: WebDirectoryHandle;
  try {
    root = await pickers().showDirectoryPicker!({ mode });
  } catch (err) {
    return isCancel(err) ? { kind: "canceled" } : { kind: "error", message: `Could not open a folder: ${reason(err)}` };
  }
  const own = handleOf(base);
  let sceneDir: readonly string[] = [];
  try {
    if (own) {
      const names = await root.resolve(own);
      if (!names) return { kind: "error", message: `${own.name} is not inside the folder ${root.name} (pick the folder it is in, or one above it)` };
      sceneDir = names.slice(0, -1);
    }
    const names = joinNames(sceneDir, src);
    if (!names || names.length === 0) return { kind: "error", message: `${src} is outside the folder ${root.name} (pick a folder that holds it)` };
    let dir = root;
    for (const name of names.slice(0, -1)) dir = await dir.getDirectoryHandle(name);
    await dir.getFileHandle(names.at(-1)!);
  } catch {
    return { kind: "error", message: `${src} is not in the folder ${root.name} (pick the folder it is in)` };
  }
  const key = own && base !== undefined ? base : `${KEY_PREFIX}${++lastKey}`;
  folders.set(key, { root, sceneDir });
  return { kind: "done", value: { key } };
}

/** Forgets the folder kept under `key` (one given for Save to Map that could not read the map's files: the next Save to Map asks again). */
export function forgetWebFolder(key: string): void {
  folders.delete(key);
}

/**
 * A file dropped on the page, as Chromium's DataTransferItem.getAsFileSystemHandle gives it: kept
 * as File → Open… keeps a picked one (its key), so Save to Map can find it in a folder given later.
 * Undefined for anything else (a folder, or a browser that gives no handle).
 */
export function keepDroppedHandle(handle: unknown): string | undefined {
  const h = handle as { kind?: unknown; name?: unknown; getFile?: unknown; createWritable?: unknown } | null | undefined;
  if (!h || h.kind !== "file" || typeof h.name !== "string" || typeof h.getFile !== "function" || typeof h.createWritable !== "function") return undefined;
  return keep(h as unknown as WebFileHandle);
}

/** The handle a document's `file.path` refers to; none after a reload (handles live in the page). */
const handleOf = (path: string | undefined): WebFileHandle | undefined => (path?.startsWith(KEY_PREFIX) ? handles.get(path) : undefined);

const pickerType = (type: FileType): PickerType => ({ description: type.name, accept: { "application/json": type.extensions.map((e) => `.${e}`) } });

/** The user closed the picker: not an error worth a message. */
const isCancel = (err: unknown): boolean => err instanceof DOMException && err.name === "AbortError";

const reason = (err: unknown): string => (err instanceof Error ? err.message : String(err)).split("\n")[0] ?? "";

/** File → Open…'s filter: scenes, Tiled maps and images, by their types (the dialog adds "All files"). */
const OPEN_ANY: PickerType = {
  description: "Scenes, Tiled maps and images",
  accept: { "application/json": [".json", ".tmj"], "application/xml": [".tmx"], "image/png": [".png"], "image/jpeg": [".jpg", ".jpeg"], "image/webp": [".webp"] },
};

/** File → Open…: the browser's Open dialog for any file it opens; the file's handle is kept for Save (read as a scene, it is the document's file). */
export async function pickWithPicker(): Promise<FileOutcome<{ readonly name: string; readonly path: string; readonly file: File }>> {
  let handle: WebFileHandle | undefined;
  try {
    [handle] = await pickers().showOpenFilePicker!({ types: [OPEN_ANY], multiple: false });
  } catch (err) {
    return isCancel(err) ? { kind: "canceled" } : { kind: "error", message: `Could not open a file: ${reason(err)}` };
  }
  if (!handle) return { kind: "canceled" };
  try {
    return { kind: "done", value: { name: handle.name, path: keep(handle), file: await handle.getFile() } };
  } catch (err) {
    return { kind: "error", message: `Could not read ${handle.name}: ${reason(err)}` };
  }
}

/** The browser's Open dialog; the picked file's handle is kept for Save. */
export async function openWithPicker(type: FileType): Promise<FileOutcome<OpenedDocument>> {
  let handle: WebFileHandle | undefined;
  try {
    [handle] = await pickers().showOpenFilePicker!({ types: [pickerType(type)], multiple: false });
  } catch (err) {
    return isCancel(err) ? { kind: "canceled" } : { kind: "error", message: `Could not open a file: ${reason(err)}` };
  }
  if (!handle) return { kind: "canceled" };
  try {
    const text = await (await handle.getFile()).text();
    return { kind: "done", value: { name: handle.name, path: keep(handle), text } };
  } catch (err) {
    return { kind: "error", message: `Could not read ${handle.name}: ${reason(err)}` };
  }
}

/**
 * Open Scene in Folder…: the browser's folder dialog, then its Open dialog in that folder. The scene
 * keeps the folder, so images beside it (paths relative to the scene) can be read, as the desktop
 * app reads them; a scene outside the folder is refused.
 */
export async function openInFolderWithPicker(type: FileType): Promise<FileOutcome<OpenedDocument>> {
  let root: WebDirectoryHandle;
  let handle: WebFileHandle | undefined;
  try {
    root = await pickers().showDirectoryPicker!({ mode: "read" });
    [handle] = await pickers().showOpenFilePicker!({ types: [pickerType(type)], multiple: false, startIn: root });
  } catch (err) {
    return isCancel(err) ? { kind: "canceled" } : { kind: "error", message: `Could not open a file: ${reason(err)}` };
  }
  if (!handle) return { kind: "canceled" };
  try {
    const names = await root.resolve(handle);
    if (!names) return { kind: "error", message: `Could not open ${handle.name}: it is not inside the folder ${root.name} (pick the scene in the folder you chose)` };
    const text = await (await handle.getFile()).text();
    const key = keep(handle);
    folders.set(key, { root, sceneDir: names.slice(0, -1) });
    return { kind: "done", value: { name: handle.name, path: key, text } };
  } catch (err) {
    return { kind: "error", message: `Could not read ${handle.name}: ${reason(err)}` };
  }
}

/** The names of a path relative to a folder given by its names, or null when it climbs out of the top one. */
export function joinNames(folder: readonly string[], relative: string): string[] | null {
  const out = [...folder];
  for (const name of relative.split("/")) {
    if (name === "" || name === ".") continue;
    if (name !== "..") out.push(name);
    else if (out.pop() === undefined) return null;
  }
  return out;
}

/**
 * The bytes of `src` (a path relative to the scene) beside a scene opened in a folder, or why
 * not; undefined when the scene was not opened in one.
 */
export async function readBesideWebScene(path: string | undefined, src: string, what = "image"): Promise<{ ok: true; bytes: Uint8Array } | { ok: false; message: string } | undefined> {
  const folder = path === undefined ? undefined : folders.get(path);
  if (!folder) return undefined;
  const names = joinNames(folder.sceneDir, src);
  if (!names || names.length === 0) return { ok: false, message: `${what} not found: ${src} (it is outside the folder ${folder.root.name} you opened)` };
  try {
    let dir = folder.root;
    for (const name of names.slice(0, -1)) dir = await dir.getDirectoryHandle(name);
    const file = await (await dir.getFileHandle(names.at(-1)!)).getFile();
    return { ok: true, bytes: new Uint8Array(await file.arrayBuffer()) };
  } catch (err) {
    return { ok: false, message: `${what} not found: ${src} (${reason(err)})` };
  }
}

/**
 * Writes `text` over the file `src` (a path relative to the scene) beside a scene opened in a
 * folder, asking once for permission to write it; undefined when the scene was not opened in one.
 * Only a file that exists is written (Save to Map writes back into a map), and only once its old
 * text is kept beside it as `<name>.bak`, as the desktop app keeps it (no .bak, no write).
 */
export async function writeBesideWebScene(path: string | undefined, src: string, text: string): Promise<FileOutcome<{ name: string }> | undefined> {
  const folder = path === undefined ? undefined : folders.get(path);
  if (!folder) return undefined;
  const names = joinNames(folder.sceneDir, src);
  if (!names || names.length === 0) return { kind: "error", message: `Could not write ${src}: it is outside the folder ${folder.root.name} you opened` };
  let handle: WebFileHandle;
  let dir = folder.root;
  let old: string;
  try {
    for (const name of names.slice(0, -1)) dir = await dir.getDirectoryHandle(name);
    handle = await dir.getFileHandle(names.at(-1)!);
    old = await (await handle.getFile()).text();
  } catch (err) {
    return { kind: "error", message: `Could not write ${src}: ${reason(err)}` };
  }
  const backup = `${handle.name}.bak`;
  try {
    // A folder opened for reading (Open Scene in Folder…) is asked once more, to make a file in it.
    if (dir.queryPermission && (await dir.queryPermission({ mode: "readwrite" })) !== "granted" && (await dir.requestPermission?.({ mode: "readwrite" })) !== "granted") {
      return { kind: "error", message: `Could not write ${src}: permission to keep ${backup} beside it was refused (the map is left as it was)` };
    }
    const kept = await writeHandle(await dir.getFileHandle(backup, { create: true }), old);
    if (kept.kind !== "done") return { kind: "error", message: `Could not write ${src}: ${backup} could not be kept (the map is left as it was): ${kept.kind === "error" ? kept.message : "canceled"}` };
  } catch (err) {
    return { kind: "error", message: `Could not write ${src}: ${backup} could not be kept (the map is left as it was): ${reason(err)}` };
  }
  return writeHandle(handle, text);
}

/** Writes `text` to `handle`, asking once for permission to write it; a failed write is aborted, leaving the file as it was. */
async function writeHandle(handle: WebFileHandle, text: string): Promise<FileOutcome<{ name: string }>> {
  try {
    if (handle.queryPermission && (await handle.queryPermission({ mode: "readwrite" })) !== "granted") {
      const answer = await handle.requestPermission?.({ mode: "readwrite" });
      if (answer !== "granted") return { kind: "error", message: `Could not save ${handle.name}: permission to write it was refused` };
    }
    const writable = await handle.createWritable();
    try {
      await writable.write(text);
      await writable.close();
    } catch (err) {
      await writable.abort?.(err).catch(() => undefined);
      throw err;
    }
  } catch (err) {
    return { kind: "error", message: `Could not save ${handle.name}: ${reason(err)}` };
  }
  return { kind: "done", value: { name: handle.name } };
}

/** A scene's folder inside the folder it was opened or saved in, in sceneFolder's form; undefined when none. */
export function webSceneFolder(path: string): string | undefined {
  const folder = folders.get(path);
  return folder ? folderPath(folder.sceneDir) : undefined;
}

/** The folder the user opened stands at STAND_IN_ROOT: its own name and place a page never learns. */
const folderPath = (sceneDir: readonly string[]): string => [STAND_IN_ROOT, ...sceneDir].join("/");

/**
 * Writes the document's file, or one the browser's Save dialog asks for (Save As, or no file yet).
 * A file saved inside the folder its scene was opened in (or its map imported in) keeps that
 * folder (its images and map stay readable); `textFor` gets the target's folder (webSceneFolder's
 * form, or undefined). Chromium writes to a temporary file and swaps it in on close, so a failed
 * write leaves the file as it was.
 */
export async function saveWithPicker(file: { name: string; path?: string; importedFrom?: string }, saveAs: boolean, type: FileType, textFor: (folder: string | undefined) => Promise<string>): Promise<FileOutcome<{ name: string; path: string }>> {
  const known = saveAs ? undefined : handleOf(file.path);
  let handle: WebFileHandle;
  try {
    handle = known ?? (await pickers().showSaveFilePicker!({ types: [pickerType(type)], suggestedName: file.name }));
  } catch (err) {
    return isCancel(err) ? { kind: "canceled" } : { kind: "error", message: `Could not save ${file.name}: ${reason(err)}` };
  }
  // The folder the scene was opened in, or the one the map it was imported from was picked in.
  const from = file.path ?? file.importedFrom;
  const root = from === undefined ? undefined : folders.get(from)?.root;
  let place: { readonly root: WebDirectoryHandle; readonly sceneDir: readonly string[] } | undefined;
  let text: string;
  try {
    const names = known || !root ? null : await root.resolve(handle);
    place = known ? folders.get(file.path!) : names && root ? { root, sceneDir: names.slice(0, -1) } : undefined;
    text = await textFor(place ? folderPath(place.sceneDir) : undefined);
  } catch (err) {
    return { kind: "error", message: `Could not save ${handle.name}: ${reason(err)}` };
  }
  // A file picked with Open was granted reading only: writeHandle asks (once) to write it.
  const written = await writeHandle(handle, text);
  if (written.kind !== "done") return written;
  if (known) return { kind: "done", value: { name: handle.name, path: file.path! } };
  const key = keep(handle);
  if (place) folders.set(key, place);
  return { kind: "done", value: { name: handle.name, path: key } };
}
