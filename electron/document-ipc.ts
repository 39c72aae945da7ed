// The main process's view of the editor page's document: the state the page reports
// (document:state) and the page's own Save, asked for with a numbered request
// (document:save-request) and answered on document:saved. Registered through ipc.ts's
// handleGuarded like every channel: the sender must be the editor page, and every argument is validated.
import path from "node:path";
import { documentStateSchema, IPC, IPC_EVENTS, saveDoneSchema, type DocumentState, type SaveOutcome } from "../core/shell/desktop-api";
import type { PageLike } from "./close-guard";
import { describeIssues, failure, handleGuarded, type IpcMainLike, type SenderPolicy } from "./ipc";

export interface EditorPage extends PageLike {
  /** Records the page's report. */
  report(state: DocumentState): void;
  /** The page's answer to save request `request`; unknown requests are ignored. */
  answer(request: number, outcome: SaveOutcome): void;
  /** The page is gone (closed, crashed, reloaded): forget its state; saves under way count as failed. */
  reset(): void;
}

/** `send` delivers a message to the editor page (webContents.send); false when there is no page. */
export function createEditorPage(send: (channel: string, ...args: unknown[]) => boolean): EditorPage {
  let state: DocumentState | undefined;
  let next = 0;
  const pending = new Map<number, (outcome: SaveOutcome) => void>();
  return {
    documentState: () => state,
    save() {
      const request = ++next;
      return new Promise<SaveOutcome>((resolve) => {
        pending.set(request, resolve);
        if (!send(IPC_EVENTS.saveRequest, request)) {
          pending.delete(request);
          resolve("failed");
        }
      });
    },
    report(reported) {
      state = reported;
    },
    answer(request, outcome) {
      const resolve = pending.get(request);
      pending.delete(request);
      resolve?.(outcome);
    },
    reset() {
      state = undefined;
      for (const resolve of pending.values()) resolve("failed");
      pending.clear();
    },
  };
}

export const DOCUMENT_CHANNELS = [IPC.documentState, IPC.saveDone, IPC.openDropped] as const;

/**
 * Registers document:state, document:saved and scene:open-dropped; `onState` sees each valid
 * report (title bar, ready page), `openDropped` each dropped scene's path (an absolute path to a
 * .json file). Returns a remover.
 */
export function registerDocumentIpc(ipcMain: IpcMainLike, policy: SenderPolicy, page: EditorPage, onState: (state: DocumentState) => void = () => {}, openDropped: (filePath: string) => void = () => {}): () => void {
  handleGuarded(ipcMain, policy, IPC.openDropped, async (args) => {
    if (args.length !== 1) return failure(`invalid dropped file: expected one argument, got ${args.length}`);
    const filePath = args[0];
    if (typeof filePath !== "string" || !path.isAbsolute(filePath) || filePath.includes("\0")) return failure("invalid dropped file: expected an absolute path");
    if (path.extname(filePath).toLowerCase() !== ".json") return failure(`cannot open ${path.basename(filePath)}: only a scene (.json) opens when dropped`);
    openDropped(path.resolve(filePath));
    return { ok: true, value: null };
  });
  handleGuarded(ipcMain, policy, IPC.documentState, async (args) => {
    if (args.length !== 1) return failure(`invalid document state: expected one argument, got ${args.length}`);
    const parsed = documentStateSchema.safeParse(args[0]);
    if (!parsed.success) return failure(`invalid document state: ${describeIssues(parsed.error.issues)}`);
    page.report(parsed.data);
    onState(parsed.data);
    return { ok: true, value: null };
  });
  handleGuarded(ipcMain, policy, IPC.saveDone, async (args) => {
    if (args.length !== 1) return failure(`invalid save answer: expected one argument, got ${args.length}`);
    const parsed = saveDoneSchema.safeParse(args[0]);
    if (!parsed.success) return failure(`invalid save answer: ${describeIssues(parsed.error.issues)}`);
    page.answer(parsed.data.request, parsed.data.outcome);
    return { ok: true, value: null };
  });
  return () => {
    for (const channel of DOCUMENT_CHANNELS) ipcMain.removeHandler(channel);
  };
}
