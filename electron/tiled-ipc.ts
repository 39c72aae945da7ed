// The channel through which the page gets the text files of the open scene's Tiled map. Guarded
// like every channel (sender, then zod-checked arguments); tiled-files.ts decides what may be read.
import { IPC, readTiledFileRequestSchema, writeTiledMapRequestSchema } from "../core/shell/desktop-api";
import type { TiledFiles } from "./tiled-files";
import { describeIssues, failure, handleGuarded, type IpcMainLike, type SenderPolicy } from "./ipc";

export const TILED_CHANNELS = [IPC.readTiledFile, IPC.writeTiledMap] as const;

/** Registers the handler; returns a function that removes it. */
export function registerTiledIpc(ipcMain: IpcMainLike, tiled: TiledFiles, policy: SenderPolicy): () => void {
  handleGuarded(ipcMain, policy, IPC.readTiledFile, async (args) => {
    if (args.length !== 1) return failure(`invalid Tiled file request: expected one argument, got ${args.length}`);
    const parsed = readTiledFileRequestSchema.safeParse(args[0]);
    if (!parsed.success) return failure(`invalid Tiled file request: ${describeIssues(parsed.error.issues)}`);
    return tiled.read(parsed.data);
  });
  handleGuarded(ipcMain, policy, IPC.writeTiledMap, async (args) => {
    if (args.length !== 1) return failure(`invalid Tiled map write: expected one argument, got ${args.length}`);
    const parsed = writeTiledMapRequestSchema.safeParse(args[0]);
    if (!parsed.success) return failure(`invalid Tiled map write: ${describeIssues(parsed.error.issues)}`);
    return tiled.writeMap(parsed.data);
  });
  return () => {
    for (const channel of TILED_CHANNELS) ipcMain.removeHandler(channel);
  };
}
