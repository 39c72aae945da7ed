import { describe, expect, it, vi } from "vitest";
import {
  confirmUnsavedChanges, guardWindowClose, UNSAVED_BUTTONS,
  type DocumentState, type GuardedWindowLike, type MessageBoxLike, type MessageBoxOptions, type PageLike, type SaveOutcome,
} from "../../electron/close-guard";

const SAVE = UNSAVED_BUTTONS.indexOf("Save");
const DONT_SAVE = UNSAVED_BUTTONS.indexOf("Don't Save");
const CANCEL = UNSAVED_BUTTONS.indexOf("Cancel");

function fakePage(state: DocumentState | undefined, outcome: SaveOutcome = "saved") {
  const page = {
    state,
    documentState: () => page.state,
    save: vi.fn(async (): Promise<SaveOutcome> => {
      if (outcome === "saved" && page.state) page.state = { ...page.state, dirty: false };
      return outcome;
    }),
  };
  return page satisfies PageLike;
}

function fakeDialog(...responses: number[]) {
  const asked: MessageBoxOptions[] = [];
  const dialog: MessageBoxLike = {
    showMessageBox: async (options) => {
      asked.push(options);
      return { response: responses.shift() ?? CANCEL };
    },
  };
  return { dialog, asked };
}

const dirtyLevel: DocumentState = { dirty: true, name: "level.json" };

describe("confirmUnsavedChanges", () => {
  it("goes on without asking when the document is clean or the page has not reported yet", async () => {
    const { dialog, asked } = fakeDialog();
    expect(await confirmUnsavedChanges(fakePage({ dirty: false, name: "a.json" }), dialog)).toBe(true);
    expect(await confirmUnsavedChanges(fakePage(undefined), dialog)).toBe(true);
    expect(asked).toEqual([]);
  });

  it("asks Save / Don't Save / Cancel naming the file, with Save the default and Cancel on Escape", async () => {
    const { dialog, asked } = fakeDialog(CANCEL);
    const page = fakePage(dirtyLevel);
    expect(await confirmUnsavedChanges(page, dialog)).toBe(false);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ buttons: ["Save", "Don't Save", "Cancel"], defaultId: SAVE, cancelId: CANCEL });
    expect(asked[0]!.message).toContain("level.json");
    expect(page.save).not.toHaveBeenCalled();
  });

  it("Don't Save goes on without saving", async () => {
    const page = fakePage(dirtyLevel);
    expect(await confirmUnsavedChanges(page, fakeDialog(DONT_SAVE).dialog)).toBe(true);
    expect(page.save).not.toHaveBeenCalled();
  });

  it.each([
    ["completes", "saved", true],
    ["is canceled in its Save As dialog", "canceled", false],
    ["fails", "failed", false],
  ] as const)("Save goes on only if the save %s", async (_what, outcome, go) => {
    const page = fakePage(dirtyLevel, outcome);
    expect(await confirmUnsavedChanges(page, fakeDialog(SAVE).dialog)).toBe(go);
    expect(page.save).toHaveBeenCalledOnce();
  });

  it("keeps the document when the message box cannot be shown, with a one-line warning", async () => {
    const warnings: string[] = [];
    const dialog: MessageBoxLike = { showMessageBox: () => Promise.reject(new Error("no display\n    at x")) };
    expect(await confirmUnsavedChanges(fakePage(dirtyLevel), dialog, (w) => warnings.push(w))).toBe(false);
    expect(warnings).toEqual(["cannot ask about unsaved changes: no display"]);
  });
});

/** A window that emits 'close' like Electron: close() runs the listeners and closes unless one prevents it. */
function fakeWindow() {
  const listeners: ((e: { preventDefault(): void }) => void)[] = [];
  const win: GuardedWindowLike & { closed: boolean; tryClose(): boolean } = {
    closed: false,
    on: (_event, listener) => { listeners.push(listener); },
    close() { win.tryClose(); },
    isDestroyed: () => win.closed,
    tryClose() {
      let prevented = false;
      for (const l of listeners) l({ preventDefault: () => { prevented = true; } });
      if (!prevented) win.closed = true;
      return !prevented;
    },
  };
  return win;
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe("guardWindowClose", () => {
  it("lets a clean window close at once", () => {
    const win = fakeWindow();
    const { dialog, asked } = fakeDialog();
    guardWindowClose(win, { page: fakePage({ dirty: false, name: "a.json" }), dialog });
    expect(win.tryClose()).toBe(true);
    expect(asked).toEqual([]);
  });

  it("holds the close of a dirty window and closes it after Save has completed", async () => {
    const win = fakeWindow();
    let finishSave: (o: SaveOutcome) => void = () => {};
    const page = fakePage(dirtyLevel);
    page.save.mockImplementationOnce(() => new Promise<SaveOutcome>((r) => { finishSave = r; }));
    guardWindowClose(win, { page, dialog: fakeDialog(SAVE).dialog });
    expect(win.tryClose()).toBe(false);
    await settle();
    expect(page.save).toHaveBeenCalledOnce();
    expect(win.closed).toBe(false); // still saving
    finishSave("saved");
    await settle();
    expect(win.closed).toBe(true);
  });

  it("keeps the window open when the save fails, and tells onCancel (a quit under way stops)", async () => {
    const win = fakeWindow();
    const onCancel = vi.fn();
    guardWindowClose(win, { page: fakePage(dirtyLevel, "failed"), dialog: fakeDialog(SAVE).dialog, onCancel });
    win.tryClose();
    await settle();
    expect(win.closed).toBe(false);
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it("Don't Save closes; Cancel keeps it open", async () => {
    const kept = fakeWindow();
    guardWindowClose(kept, { page: fakePage(dirtyLevel), dialog: fakeDialog(CANCEL).dialog });
    kept.tryClose();
    await settle();
    expect(kept.closed).toBe(false);
    const discarded = fakeWindow();
    guardWindowClose(discarded, { page: fakePage(dirtyLevel), dialog: fakeDialog(DONT_SAVE).dialog });
    discarded.tryClose();
    await settle();
    expect(discarded.closed).toBe(true);
  });

  it("asks once however often close is pressed while the question is open", async () => {
    const win = fakeWindow();
    const { dialog, asked } = fakeDialog(DONT_SAVE);
    guardWindowClose(win, { page: fakePage(dirtyLevel), dialog });
    win.tryClose();
    win.tryClose();
    win.tryClose();
    await settle();
    expect(asked).toHaveLength(1);
    expect(win.closed).toBe(true);
  });

  it("asks again on the next close after a Cancel", async () => {
    const win = fakeWindow();
    const { dialog, asked } = fakeDialog(CANCEL, DONT_SAVE);
    guardWindowClose(win, { page: fakePage(dirtyLevel), dialog });
    win.tryClose();
    await settle();
    win.tryClose();
    await settle();
    expect(asked).toHaveLength(2);
    expect(win.closed).toBe(true);
  });
});
