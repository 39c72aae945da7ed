// Closing the window, quitting, or opening another file over unsaved changes asks
// Save / Don't Save / Cancel in a native message box. The page knows whether its document is dirty
// and reports it (document:state); saving is the page's own Save, asked for over IPC, so a Save
// that needs a Save As dialog or fails behaves exactly as it does from the menu.
import type { DocumentState, SaveOutcome } from "../core/shell/desktop-api";

export type { DocumentState, SaveOutcome };

/** The editor page as the main process sees it. */
export interface PageLike {
  /** The last state the page reported; undefined before it has reported one (or after it crashed). */
  documentState(): DocumentState | undefined;
  /** Asks the page to save its document and resolves with what happened. */
  save(): Promise<SaveOutcome>;
}

export interface MessageBoxOptions {
  type: "warning";
  buttons: string[];
  defaultId: number;
  cancelId: number;
  title: string;
  message: string;
  detail: string;
  noLink: true;
}

/** The part of Electron's `dialog` used here (main.ts binds it to the editor window). */
export interface MessageBoxLike {
  showMessageBox(options: MessageBoxOptions): Promise<{ response: number }>;
}

export const UNSAVED_BUTTONS = ["Save", "Don't Save", "Cancel"] as const;

export function unsavedChangesMessage(name: string): MessageBoxOptions {
  return {
    type: "warning",
    buttons: [...UNSAVED_BUTTONS],
    defaultId: 0,
    cancelId: 2,
    title: "Unsaved changes",
    message: `Do you want to save the changes you made to ${name}?`,
    detail: "Your changes will be lost if you don't save them.",
    noLink: true,
  };
}

/**
 * True when the caller may go on (close, quit, open another file): the document was clean, the
 * user chose Don't Save, or chose Save and the save completed. A canceled or failed save, Cancel,
 * or a message box that cannot be shown, keep the document.
 */
export async function confirmUnsavedChanges(page: PageLike, dialog: MessageBoxLike, warn: (line: string) => void = () => {}): Promise<boolean> {
  const state = page.documentState();
  if (!state?.dirty) return true;
  let response: number;
  try {
    ({ response } = await dialog.showMessageBox(unsavedChangesMessage(state.name)));
  } catch (err) {
    warn(`cannot ask about unsaved changes: ${(err instanceof Error ? err.message : String(err)).split("\n")[0] ?? ""}`);
    return false;
  }
  if (response === 1) return true;
  if (response !== 0) return false;
  return (await page.save()) === "saved";
}

/** The part of a BrowserWindow the guard needs. */
export interface GuardedWindowLike {
  on(event: "close", listener: (event: { preventDefault(): void }) => void): void;
  close(): void;
  isDestroyed(): boolean;
}

export interface CloseGuardOptions {
  readonly page: PageLike;
  readonly dialog: MessageBoxLike;
  /** The user kept the window open (e.g. to cancel a quit under way). */
  readonly onCancel?: () => void;
  readonly warn?: (line: string) => void;
}

/**
 * Holds a close of a window with unsaved changes until the user has answered (and a chosen Save
 * has finished), then closes it. A clean window closes at once. Further close requests while the
 * question is open are ignored, so the box is never shown twice.
 */
export function guardWindowClose(window: GuardedWindowLike, { page, dialog, onCancel = () => {}, warn }: CloseGuardOptions): void {
  let allowed = false;
  let asking = false;
  window.on("close", (event) => {
    if (allowed || !page.documentState()?.dirty) return;
    event.preventDefault();
    if (asking) return;
    asking = true;
    confirmUnsavedChanges(page, dialog, warn)
      .catch(() => false)
      .then((go) => {
        asking = false;
        if (!go) {
          onCancel();
          return;
        }
        if (window.isDestroyed()) return;
        allowed = true;
        window.close();
      });
  });
}
