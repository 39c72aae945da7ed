// The channels through which the page gets image files' bytes: one for the images a scene refers
// to, one for images the user picks in the native Open dialog (File → Add Image…); and one to
// watch an image the page added by its path without reading it. Guarded like
// every channel (sender, then zod-checked arguments); image-files.ts decides what may be read.
import { IPC, readImageRequestSchema } from "../core/shell/desktop-api";
import type { ImageFiles } from "./image-files";
import { describeIssues, failure, handleGuarded, type IpcMainLike, type SenderPolicy } from "./ipc";

export const IMAGE_CHANNELS = [IPC.readImage, IPC.watchImage, IPC.pickImages] as const;

/** Registers the handlers; returns a function that removes them. */
export function registerImageIpc(ipcMain: IpcMainLike, images: ImageFiles, policy: SenderPolicy): () => void {
  handleGuarded(ipcMain, policy, IPC.readImage, async (args) => {
    if (args.length !== 1) return failure(`invalid image request: expected one argument, got ${args.length}`);
    const parsed = readImageRequestSchema.safeParse(args[0]);
    if (!parsed.success) return failure(`invalid image request: ${describeIssues(parsed.error.issues)}`);
    return images.read(parsed.data);
  });
  handleGuarded(ipcMain, policy, IPC.watchImage, async (args) => {
    if (args.length !== 1) return failure(`invalid image watch: expected one argument, got ${args.length}`);
    const parsed = readImageRequestSchema.safeParse(args[0]);
    if (!parsed.success) return failure(`invalid image watch: ${describeIssues(parsed.error.issues)}`);
    return images.watch(parsed.data);
  });
  handleGuarded(ipcMain, policy, IPC.pickImages, async (args) => {
    if (args.length !== 0) return failure("invalid image pick: it takes no arguments");
    return images.pick();
  });
  return () => {
    for (const channel of IMAGE_CHANNELS) ipcMain.removeHandler(channel);
  };
}
