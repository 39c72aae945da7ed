// The one channel through which the page gets an image file's bytes: guarded like every channel
// (sender, then zod-checked arguments); image-files.ts decides what may be read.
import { IPC, readImageRequestSchema } from "../core/shell/desktop-api";
import type { ImageFiles } from "./image-files";
import { describeIssues, failure, handleGuarded, type IpcMainLike, type SenderPolicy } from "./ipc";

export const IMAGE_CHANNELS = [IPC.readImage] as const;

/** Registers the handler; returns a function that removes it. */
export function registerImageIpc(ipcMain: IpcMainLike, images: ImageFiles, policy: SenderPolicy): () => void {
  handleGuarded(ipcMain, policy, IPC.readImage, async (args) => {
    if (args.length !== 1) return failure(`invalid image request: expected one argument, got ${args.length}`);
    const parsed = readImageRequestSchema.safeParse(args[0]);
    if (!parsed.success) return failure(`invalid image request: ${describeIssues(parsed.error.issues)}`);
    return images.read(parsed.data);
  });
  return () => ipcMain.removeHandler(IPC.readImage);
}
