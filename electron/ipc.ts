// The main-process side of the DesktopApi contract: one handler per IPC channel. Every channel (the
// scene channels here, document-ipc.ts's and recovery-ipc.ts's) is registered through
// handleGuarded, so every call is checked (sender, then arguments) and answered with a
// ShellResult; nothing throws across IPC.
import { exportRequestSchema, importRequestSchema, IPC, menuModelSchema, saveRequestSchema, saveTargetRequestSchema, type MenuModel, type ShellResult } from "../core/shell/desktop-api";
import { isAppUrl } from "./app-url";
import type { SceneFileService } from "./file-service";

export interface SenderFrameLike {
  readonly url: string;
  /** Null for a top-level frame. */
  readonly parent?: unknown;
}

export interface InvokeEventLike {
  readonly sender: unknown;
  readonly senderFrame: SenderFrameLike | null;
}

export type InvokeHandler = (event: InvokeEventLike, ...args: unknown[]) => Promise<ShellResult<unknown>>;

/** The part of Electron's `ipcMain` used here. */
export interface IpcMainLike {
  handle(channel: string, listener: InvokeHandler): void;
  removeHandler(channel: string): void;
}

export interface SenderPolicy {
  /** The editor page's file:// URL. */
  readonly indexUrl: string;
  /** The editor window's webContents, or undefined while there is no window. */
  readonly editorContents: () => unknown;
}

/** Only the editor page itself, in its top frame and in the editor window, may call the shell:
 * not an iframe, not a page the window was navigated to, not another webContents. */
export function isTrustedSender(event: InvokeEventLike, policy: SenderPolicy): boolean {
  const frame = event.senderFrame;
  if (frame === null || (frame.parent !== null && frame.parent !== undefined)) return false;
  if (!isAppUrl(frame.url, policy.indexUrl)) return false;
  const editor = policy.editorContents();
  return editor !== undefined && editor !== null && event.sender === editor;
}

export function failure(error: string): ShellResult<never> {
  return { ok: false, canceled: false, error };
}

/** zod issues as one short line, e.g. `text: expected string, received number`. */
export function describeIssues(issues: ReadonlyArray<{ readonly path: ReadonlyArray<PropertyKey>; readonly message: string }>): string {
  const shown = issues.slice(0, 3).map((issue) => {
    const where = issue.path.map(String).join(".");
    return where === "" ? issue.message : `${where}: ${issue.message}`;
  });
  return shown.join("; ") + (issues.length > 3 ? `; and ${issues.length - 3} more` : "");
}

/** Handles `channel` for the editor page only (see isTrustedSender); nothing throws across IPC. */
export function handleGuarded(ipcMain: IpcMainLike, policy: SenderPolicy, channel: string, handler: (args: unknown[]) => Promise<ShellResult<unknown>>): void {
  ipcMain.handle(channel, async (event, ...args) => {
    if (!isTrustedSender(event, policy)) return failure(`refused ${channel}: the request did not come from the editor page`);
    try {
      return await handler(args);
    } catch (err) {
      // A bug here must reach the page as a message, not as a rejected promise with a stack.
      const message = (err instanceof Error ? err.message : String(err)).split("\n")[0] ?? "";
      return failure(`internal error in ${channel}: ${message}`);
    }
  });
}

export const SCENE_CHANNELS = [IPC.openScene, IPC.sceneOpened, IPC.saveScene, IPC.chooseSaveTarget, IPC.exportFile, IPC.importFile, IPC.setMenu] as const;

/** Registers the handlers; returns a function that removes them. `applyMenu` rebuilds the native menu bar. */
export function registerSceneIpc(ipcMain: IpcMainLike, files: SceneFileService, policy: SenderPolicy, applyMenu: (model: MenuModel) => void = () => {}): () => void {
  const channels: string[] = [];
  const guarded = (channel: string, handler: (args: unknown[]) => Promise<ShellResult<unknown>>): void => {
    handleGuarded(ipcMain, policy, channel, handler);
    channels.push(channel);
  };

  guarded(IPC.openScene, async (args) => {
    if (args.length !== 0) return failure("invalid open request: it takes no arguments");
    return files.open();
  });

  guarded(IPC.sceneOpened, async (args) => {
    if (args.length !== 1 || typeof args[0] !== "string") return failure("invalid opened scene: expected its path");
    // Only the scene open() or openPath() read last counts: the page cannot add a path of its own to the recent files.
    return files.opened(args[0]) ? { ok: true, value: null } : failure(`cannot take ${args[0]} as opened: it is not the scene last read to open (File → Open…, Open Recent, a drop, the OS)`);
  });

  guarded(IPC.saveScene, async (args) => {
    if (args.length !== 1) return failure(`invalid save request: expected one argument, got ${args.length}`);
    const parsed = saveRequestSchema.safeParse(args[0]);
    if (!parsed.success) return failure(`invalid save request: ${describeIssues(parsed.error.issues)}`);
    return files.save(parsed.data);
  });

  guarded(IPC.chooseSaveTarget, async (args) => {
    if (args.length !== 1) return failure(`invalid save target request: expected one argument, got ${args.length}`);
    const parsed = saveTargetRequestSchema.safeParse(args[0]);
    if (!parsed.success) return failure(`invalid save target request: ${describeIssues(parsed.error.issues)}`);
    return files.chooseTarget(parsed.data);
  });

  guarded(IPC.exportFile, async (args) => {
    if (args.length !== 1) return failure(`invalid export request: expected one argument, got ${args.length}`);
    const parsed = exportRequestSchema.safeParse(args[0]);
    if (!parsed.success) return failure(`invalid export request: ${describeIssues(parsed.error.issues)}`);
    return files.exportFile(parsed.data);
  });

  guarded(IPC.importFile, async (args) => {
    if (args.length !== 1) return failure(`invalid import request: expected one argument, got ${args.length}`);
    const parsed = importRequestSchema.safeParse(args[0]);
    if (!parsed.success) return failure(`invalid import request: ${describeIssues(parsed.error.issues)}`);
    return files.importFile(parsed.data);
  });

  guarded(IPC.setMenu, async (args) => {
    if (args.length !== 1) return failure(`invalid menu: expected one argument, got ${args.length}`);
    const parsed = menuModelSchema.safeParse(args[0]);
    if (!parsed.success) return failure(`invalid menu: ${describeIssues(parsed.error.issues)}`);
    applyMenu(parsed.data);
    return { ok: true, value: null };
  });

  return () => {
    for (const channel of channels) ipcMain.removeHandler(channel);
  };
}
