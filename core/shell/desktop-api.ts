// The contract between the editor page and the desktop shell: the one API object the preload
// exposes as `window.colliderStudio`, its IPC channel names, and zod schemas with which the main
// process validates every argument. Pure TypeScript, shared by renderer/ and electron/.
import { z } from "zod";

export { IPC, type IpcChannel } from "./ipc-channels";

/** A scene file's text as read from disk, with the path the user chose. */
export interface OpenedFile {
  readonly path: string;
  readonly name: string;
  readonly text: string;
}

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

/** Failures come back as values, never as exceptions crossing IPC. */
export type ShellResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly canceled: true } | { readonly ok: false; readonly canceled: false; readonly error: string };

export interface DesktopApi {
  readonly platform: string;
  openScene(): Promise<ShellResult<OpenedFile>>;
  saveScene(request: SaveRequest): Promise<ShellResult<SaveResult>>;
}
