// The IPC channels of "never lose work": autosave to the recovery file, its removal, handing a
// document restored after a crash to the page, and reloading the open file after another program
// changed it. Guarded like every channel (sender, then zod-checked arguments).
import { IPC, recoveryRequestSchema, reloadRequestSchema, type RecoveredDocument } from "../core/shell/desktop-api";
import type { WatchedFileService } from "./file-watch";
import { describeIssues, failure, handleGuarded, type IpcMainLike, type SenderPolicy } from "./ipc";
import type { Recovery } from "./recovery";

export interface RecoveryIpcDeps {
  readonly recovery: Recovery;
  readonly files: WatchedFileService;
  /** The document the user chose to restore at start (null if none); asked for once. */
  readonly restored: () => Promise<RecoveredDocument | null>;
}

export const RECOVERY_CHANNELS = [IPC.saveRecovery, IPC.discardRecovery, IPC.takeRecovered, IPC.reloadScene] as const;

/** Registers the handlers; returns a function that removes them. */
export function registerRecoveryIpc(ipcMain: IpcMainLike, { recovery, files, restored }: RecoveryIpcDeps, policy: SenderPolicy): () => void {
  let taken = false;

  handleGuarded(ipcMain, policy, IPC.saveRecovery, async (args) => {
    if (args.length !== 1) return failure(`invalid recovery request: expected one argument, got ${args.length}`);
    const parsed = recoveryRequestSchema.safeParse(args[0]);
    if (!parsed.success) return failure(`invalid recovery request: ${describeIssues(parsed.error.issues)}`);
    const { path, ...rest } = parsed.data;
    // The path is kept (and trusted for saving after a restore) only if the user chose it (files.isAllowed).
    recovery.update(path !== undefined && files.isAllowed(path) ? { ...rest, path } : rest);
    return { ok: true, value: null };
  });

  handleGuarded(ipcMain, policy, IPC.discardRecovery, async (args) => {
    if (args.length !== 0) return failure("invalid discard request: it takes no arguments");
    await recovery.discard();
    return { ok: true, value: null };
  });

  handleGuarded(ipcMain, policy, IPC.takeRecovered, async (args) => {
    if (args.length !== 0) return failure("invalid recovery request: it takes no arguments");
    // Once: a reloaded page must not restore the old document over newer work.
    if (taken) return { ok: true, value: null };
    taken = true;
    const document = await restored();
    if (document?.path !== undefined) await files.adopt(document.path);
    return { ok: true, value: document };
  });

  handleGuarded(ipcMain, policy, IPC.reloadScene, async (args) => {
    if (args.length !== 1) return failure(`invalid reload request: expected one argument, got ${args.length}`);
    const parsed = reloadRequestSchema.safeParse(args[0]);
    if (!parsed.success) return failure(`invalid reload request: ${describeIssues(parsed.error.issues)}`);
    return files.reload(parsed.data);
  });

  return () => {
    for (const channel of RECOVERY_CHANNELS) ipcMain.removeHandler(channel);
  };
}
