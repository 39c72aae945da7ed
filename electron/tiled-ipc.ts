// The channel through which the page gets the text files of the open scene's Tiled map. Guarded
// like every channel (sender, then zod-checked arguments); tiled-files.ts decides what may be read.
import path from "node:path";
import { IPC, readTiledFileRequestSchema, writeTiledMapRequestSchema, type OpenedFile, type ShellResult } from "../core/shell/desktop-api";
import type { TiledFiles } from "./tiled-files";
import { describeIssues, failure, handleGuarded, type IpcMainLike, type SenderPolicy } from "./ipc";

export const TILED_CHANNELS = [IPC.readTiledFile, IPC.writeTiledMap, IPC.importDropped] as const;

/** The map files a drop imports (a dropped .json opens as a scene). */
const DROPPED_MAP = /\.(tmx|tmj)$/i;

/**
 * Registers the handlers; returns a function that removes them. `importDropped` reads a dropped
 * map's absolute path (.tmx or .tmj) for the page to import (the file service's importPath).
 */
export function registerTiledIpc(
  ipcMain: IpcMainLike,
  tiled: TiledFiles,
  policy: SenderPolicy,
  importDropped: (filePath: string) => Promise<ShellResult<OpenedFile>> = async () => failure("cannot import a dropped map here"),
): () => void {
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
  handleGuarded(ipcMain, policy, IPC.importDropped, async (args) => {
    if (args.length !== 1) return failure(`invalid dropped map: expected one argument, got ${args.length}`);
    const filePath = args[0];
    if (typeof filePath !== "string" || filePath.length > 4096 || !path.isAbsolute(filePath) || filePath.includes("\0")) return failure("invalid dropped map: expected an absolute path");
    if (!DROPPED_MAP.test(filePath)) return failure(`cannot import ${path.basename(filePath)}: only a Tiled map (.tmx, .tmj) imports when dropped`);
    return importDropped(path.resolve(filePath));
  });
  return () => {
    for (const channel of TILED_CHANNELS) ipcMain.removeHandler(channel);
  };
}
