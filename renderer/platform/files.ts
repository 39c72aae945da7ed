// Opening and saving scene files: through the desktop shell's dialogs when the page runs in
// Electron (window.colliderStudio); in a browser through the File System Access API where it
// exists (web-files.ts), else through a file input and a download.
import type { DesktopApi } from "../../core/shell/desktop-api";
import { hasFileSystemAccess, hasFolderAccess, openInFolderWithPicker, pickWithPicker, saveWithPicker, webSceneFolder } from "./web-files";

declare global {
  interface Window {
    readonly colliderStudio?: DesktopApi;
  }
}

export interface OpenedDocument {
  readonly name: string;
  readonly path?: string;
  readonly text: string;
}

export type FileOutcome<T> = { readonly kind: "done"; readonly value: T } | { readonly kind: "canceled" } | { readonly kind: "error"; readonly message: string };

/** The desktop shell's API; undefined in a browser (and where there is no window: Node tests). */
export const desktop = (): DesktopApi | undefined => (typeof window === "undefined" ? undefined : window.colliderStudio);

/** A kind of file the user picks or writes: its dialog filter. */
export interface FileType {
  readonly name: string;
  /** Without the dot; the first is the one written. */
  readonly extensions: readonly string[];
}

const SCENE_TYPE: FileType = { name: "Collider Studio scene", extensions: ["json"] };
const SCENE_INPUT = { id: "open-scene-input", accept: ".json,.tmx,.tmj,.png,.jpg,.jpeg,.webp,application/json,image/png,image/jpeg,image/webp", label: "Open scene file" };
const IMPORT_INPUT = { id: "import-file-input", accept: ".tmj,.json", label: "Import file" };
const RAY_LOG_INPUT = { id: "ray-log-input", accept: ".jsonl,.json", label: "Open ray log" };
const IMAGE_INPUT = { id: "add-image-input", accept: ".png,.jpg,.jpeg,.webp,image/png,image/jpeg,image/webp", label: "Add image", multiple: true };

/** The hidden file inputs the browser build opens files through (tests drive them too). */
function fileInput(which: { id: string; accept: string; label: string; multiple?: boolean }): HTMLInputElement {
  let input = document.getElementById(which.id) as HTMLInputElement | null;
  if (!input) {
    input = document.createElement("input");
    input.type = "file";
    input.id = which.id;
    input.accept = which.accept;
    input.multiple = which.multiple === true;
    input.hidden = true;
    input.setAttribute("aria-label", which.label);
    document.body.appendChild(input);
  }
  return input;
}

/** What File → Open… makes of a file, by its extension, as a drop does. */
export type OpenKind = "scene" | "map" | "image" | "other";

export function openKindOf(name: string): OpenKind {
  return /\.json$/i.test(name) ? "scene" : /\.(tmx|tmj)$/i.test(name) ? "map" : /\.(png|jpe?g|webp)$/i.test(name) ? "image" : "other";
}

/** A file File → Open… picked, read as its kind says: as text (a scene, a map) or as bytes (an image). */
export interface PickedFile {
  readonly name: string;
  /** Its path (desktop), or the key of its handle (a browser's File System Access API). */
  readonly path?: string;
  readonly kind: OpenKind;
  readonly text: () => Promise<string>;
  readonly bytes: () => Promise<Uint8Array>;
}

/** A File picked in a browser as a PickedFile, its kind by its extension. */
const pickedOfFile = (file: File, path?: string): PickedFile => ({
  name: file.name,
  ...(path === undefined ? {} : { path }),
  kind: openKindOf(file.name),
  text: () => file.text(),
  bytes: async () => new Uint8Array(await file.arrayBuffer()),
});

/** Calls `onFile` whenever a file is picked through the browser's Open file input. */
export function onBrowserFilePicked(onFile: (picked: PickedFile) => void): () => void {
  const input = fileInput(SCENE_INPUT);
  const handler = () => {
    const file = input.files?.[0];
    input.value = ""; // picking the same file again must fire again
    if (file) onFile(pickedOfFile(file));
  };
  input.addEventListener("change", handler);
  return () => input.removeEventListener("change", handler);
}

/** Calls `onFile` whenever a file to import is picked through the browser's import input. */
export const onBrowserImportPicked = (onFile: (doc: FileOutcome<OpenedDocument>) => void): (() => void) => onPicked(fileInput(IMPORT_INPUT), onFile);

/** Calls `onFile` whenever a ray log is picked through the browser's ray log input. */
export const onBrowserRayLogPicked = (onFile: (doc: FileOutcome<OpenedDocument>) => void): (() => void) => onPicked(fileInput(RAY_LOG_INPUT), onFile);

/**
 * Calls `onFiles` with the pictures picked through the Add Image input (both builds: in the desktop
 * app the input shows the native dialog, and the preload tells each file's path).
 */
export function onImageFilesPicked(onFiles: (files: readonly File[]) => void): () => void {
  const input = fileInput(IMAGE_INPUT);
  const handler = () => {
    const files = [...(input.files ?? [])];
    input.value = ""; // picking the same file again must fire again
    if (files.length > 0) onFiles(files);
  };
  input.addEventListener("change", handler);
  return () => input.removeEventListener("change", handler);
}

/** Opens the Add Image file picker, answered through onImageFilesPicked. */
export const pickImageFiles = (): void => fileInput(IMAGE_INPUT).click();

function onPicked(input: HTMLInputElement, onFile: (doc: FileOutcome<OpenedDocument>) => void): () => void {
  const handler = () => {
    const file = input.files?.[0];
    input.value = ""; // picking the same file again must fire again
    if (!file) return;
    file.text().then(
      (text) => onFile({ kind: "done", value: { name: file.name, text } }),
      (err: unknown) => onFile({ kind: "error", message: `cannot read ${file.name}: ${err instanceof Error ? err.message : String(err)}` }),
    );
  };
  input.addEventListener("change", handler);
  return () => input.removeEventListener("change", handler);
}

/** Desktop only: calls `onFile` with each scene the shell opened (Open Recent, a file from the OS). */
export function onShellOpenedFile(onFile: (doc: FileOutcome<OpenedDocument>) => void): () => void {
  const api = desktop();
  if (!api) return () => {};
  return api.onOpenFile((r) => onFile(r.ok ? { kind: "done", value: r.value } : r.canceled ? { kind: "canceled" } : { kind: "error", message: r.error }));
}

/**
 * File → Open…. Desktop: the native Open dialog, the shell reading the file as its extension says.
 * Browser: the Open dialog of the File System Access API, else the file picker, answered through
 * onBrowserFilePicked (null here).
 */
export async function pickFileToOpen(): Promise<FileOutcome<PickedFile> | null> {
  const api = desktop();
  if (!api) {
    if (!hasFileSystemAccess()) {
      fileInput(SCENE_INPUT).click();
      return null;
    }
    const picked = await pickWithPicker();
    return picked.kind === "done" ? { kind: "done", value: pickedOfFile(picked.value.file, picked.value.path) } : picked;
  }
  const r = await api.openScene();
  if (!r.ok) return r.canceled ? { kind: "canceled" } : { kind: "error", message: r.error };
  const v = r.value;
  const unread = async (): Promise<never> => {
    throw new Error(`${v.name} was not read as ${v.kind === "image" ? "text" : "an image"}`);
  };
  return { kind: "done", value: { name: v.name, path: v.path, kind: v.kind, text: "text" in v ? async () => v.text : unread, bytes: v.kind === "image" ? async () => v.image.bytes : unread } };
}

/** Browser with folder access: Open Scene in Folder…, which keeps the folder for the scene's images. */
export { hasFolderAccess };
export const openSceneInFolder = (): Promise<FileOutcome<OpenedDocument>> => openInFolderWithPicker(SCENE_TYPE);
/** Browser with folder access: a folder, then a file of `type` in it, which keeps the folder (Import Tiled Map in Folder…). */
export const pickFileInFolder = (type: FileType): Promise<FileOutcome<OpenedDocument>> => openInFolderWithPicker(type);

/**
 * The folder of the scene at `path` as a forward-slash path, which relative image paths start
 * from: the file's folder in the desktop app; in a browser, for a scene opened or saved inside a
 * folder (Open Scene in Folder…), its place in that folder. Undefined when unknown.
 */
export function sceneFolder(path: string | undefined): string | undefined {
  if (path === undefined) return undefined;
  if (!desktop()) return webSceneFolder(path);
  const slashed = path.replace(/\\/g, "/");
  const cut = slashed.lastIndexOf("/");
  return cut < 0 ? undefined : cut === 0 ? "/" : slashed.slice(0, cut);
}

/**
 * Desktop: writes in place, or asks where first (Save As, or no file yet). Browser: the same
 * through the File System Access API, else downloads the file. `textFor` makes the text once the
 * target's folder is known (sceneFolder's form; undefined when unknown), since relative image
 * paths depend on it.
 */
export async function saveScene(file: { name: string; path?: string; importedFrom?: string }, saveAs: boolean, textFor: (folder: string | undefined) => Promise<string>): Promise<FileOutcome<{ name: string; path?: string }>> {
  const api = desktop();
  if (api) {
    let path = saveAs ? undefined : file.path;
    if (path === undefined) {
      // The dialog starts beside the document's file, or the file it was imported from.
      const start = file.path ?? file.importedFrom;
      const chosen = await api.chooseSaveTarget({ suggestedName: file.name, ...(start === undefined ? {} : { path: start }) });
      if (!chosen.ok) return chosen.canceled ? { kind: "canceled" } : { kind: "error", message: chosen.error };
      path = chosen.value.path;
    }
    const r = await api.saveScene({ text: await textFor(sceneFolder(path)), path });
    if (r.ok) return { kind: "done", value: r.value };
    return r.canceled ? { kind: "canceled" } : { kind: "error", message: r.error };
  }
  if (hasFileSystemAccess()) return saveWithPicker(file, saveAs, SCENE_TYPE, textFor);
  download(await textFor(sceneFolder(file.path)), file.name, "application/json");
  return { kind: "done", value: { name: file.name } };
}

function download(text: string, name: string, mime: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: mime }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** `level.json` → `level.tscn`. */
export const exportName = (sceneName: string, type: FileType): string => `${sceneName.replace(/\.json$/i, "") || "untitled"}.${type.extensions[0]}`;

/** Desktop: a Save dialog of the type, written atomically. Browser: a download. */
/** Where an export goes: its file's name, its path (desktop) and its folder (sceneFolder's form) when known. */
export interface ExportTarget {
  readonly name: string;
  readonly path?: string;
  readonly folder?: string;
}

/** Desktop: asks in the Save dialog where the export goes. Browser: the download's name (its folder is unknown). */
export async function chooseExportTarget(sceneName: string, type: FileType): Promise<FileOutcome<ExportTarget>> {
  const api = desktop();
  if (!api) return { kind: "done", value: { name: exportName(sceneName, type) } };
  const r = await api.chooseSaveTarget({ suggestedName: sceneName, type: { name: type.name, extensions: [...type.extensions] } });
  if (!r.ok) return r.canceled ? { kind: "canceled" } : { kind: "error", message: r.error };
  const folder = sceneFolder(r.value.path);
  return { kind: "done", value: { ...r.value, ...(folder === undefined ? {} : { folder }) } };
}

/** Writes an export where chooseExportTarget said (desktop), or downloads it (browser). */
export async function exportText(text: string, target: ExportTarget, type: FileType): Promise<FileOutcome<{ name: string; path?: string }>> {
  const api = desktop();
  if (!api || target.path === undefined) {
    download(text, target.name, "text/plain");
    return { kind: "done", value: { name: target.name } };
  }
  const r = await api.exportFile({ text, suggestedName: target.name, type: { name: type.name, extensions: [...type.extensions] }, path: target.path });
  if (r.ok) return { kind: "done", value: r.value };
  return r.canceled ? { kind: "canceled" } : { kind: "error", message: r.error };
}

/** chooseExportTarget, then exportText: for a file whose text does not depend on its folder. */
export async function exportTextAnywhere(text: string, sceneName: string, type: FileType): Promise<FileOutcome<{ name: string; path?: string }>> {
  const target = await chooseExportTarget(sceneName, type);
  return target.kind === "done" ? exportText(text, target.value, type) : target;
}

/** Desktop: an Open dialog of the type. Browser: the import file picker, answered through onBrowserImportPicked. */
export const pickFileToImport = (title: string, type: FileType): Promise<FileOutcome<OpenedDocument> | null> => pickFile(title, type, IMPORT_INPUT);

/** Desktop: an Open dialog for ray logs. Browser: the ray log picker, answered through onBrowserRayLogPicked. */
export const pickRayLog = (type: FileType): Promise<FileOutcome<OpenedDocument> | null> => pickFile("Open ray log", type, RAY_LOG_INPUT);

async function pickFile(title: string, type: FileType, which: { id: string; accept: string; label: string }): Promise<FileOutcome<OpenedDocument> | null> {
  const api = desktop();
  if (!api) {
    const input = fileInput(which);
    input.accept = type.extensions.map((e) => `.${e}`).join(",");
    input.click();
    return null;
  }
  const r = await api.importFile({ title, type: { name: type.name, extensions: [...type.extensions] } });
  if (r.ok) return { kind: "done", value: r.value };
  return r.canceled ? { kind: "canceled" } : { kind: "error", message: r.error };
}
