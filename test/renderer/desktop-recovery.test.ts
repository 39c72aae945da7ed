// The page's side of "never lose work": autosave only while dirty and only after a quiet delay,
// the recovery file dropped when the document is clean again, a restored document opened as
// unsaved under its original name, and the reload question when the open file changes on disk.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { Editor } from "../../renderer/editor/editor";
import { documentOf } from "../../renderer/editor/state";
import { emptyScene, parseScene, serializeScene, type Scene } from "../../core";
import type { OpenedFile, RecoveryRequest, ShellResult } from "../../core/shell/desktop-api";
import { dirty } from "../../renderer/app/document-commands";
import { offerReload, reloadQuestion, restoreRecovered, startAutosave, type Timers } from "../../renderer/app/desktop-recovery";
import { addShape, loadDocument, markSaved, undo, updateShape } from "../../renderer/store/actions";

let editor = new Editor();

const circle = (id: string, x = 0) => ({ id, type: "circle" as const, x, y: 0, rotation: 0, radius: 1 });
const sceneWith = (...ids: string[]): Scene => ({ ...emptyScene(), shapes: ids.map((id) => circle(id)) });

function fakeTimers() {
  let now = 0;
  const timers: { at: number; run: () => void; id: number }[] = [];
  let next = 1;
  const api: Timers = {
    setTimeout: (run, ms) => {
      timers.push({ at: now + ms, run, id: next });
      return next++;
    },
    clearTimeout: (h) => {
      const i = timers.findIndex((t) => t.id === h);
      if (i >= 0) timers.splice(i, 1);
    },
  };
  const advance = (ms: number) => {
    now += ms;
    for (const t of timers.filter((t) => t.at <= now)) {
      timers.splice(timers.indexOf(t), 1);
      t.run();
    }
  };
  return { api, advance, pending: () => timers.length };
}

function fakeShell() {
  const saved: RecoveryRequest[] = [];
  let discards = 0;
  return {
    saved,
    discards: () => discards,
    api: {
      saveRecovery: async (r: RecoveryRequest): Promise<ShellResult<null>> => { saved.push(r); return { ok: true, value: null }; },
      discardRecovery: async (): Promise<ShellResult<null>> => { discards++; return { ok: true, value: null }; },
    },
  };
}

beforeEach(() => {
  editor = new Editor();
  loadDocument(editor, sceneWith("a"), { name: "level.json", path: "/levels/level.json" });
});

describe("startAutosave", () => {
  it("sends the document 3 s after the last change, once, with its name and path", () => {
    const shell = fakeShell(), timers = fakeTimers();
    const stop = startAutosave(editor, shell.api, timers.api);
    addShape(editor, circle("b"));
    timers.advance(2000);
    updateShape(editor, "b", { x: 5 });
    timers.advance(2999);
    expect(shell.saved).toEqual([]);
    timers.advance(1);
    expect(shell.saved).toHaveLength(1);
    expect(shell.saved[0]).toMatchObject({ name: "level.json", path: "/levels/level.json" });
    const parsed = parseScene(shell.saved[0]!.text);
    expect(parsed.ok && parsed.scene.shapes.map((s) => [s.id, s.x])).toEqual([["a", 0], ["b", 5]]);
    timers.advance(10_000);
    expect(shell.saved).toHaveLength(1);
    stop();
  });

  it("sends nothing while the document is clean, and discards the recovery file when it becomes clean", () => {
    const shell = fakeShell(), timers = fakeTimers();
    const stop = startAutosave(editor, shell.api, timers.api);
    loadDocument(editor, sceneWith("x"), { name: "other.json" });
    timers.advance(5000);
    expect(shell.saved).toEqual([]);
    expect(shell.discards()).toBe(0);
    addShape(editor, circle("b"));
    timers.advance(3000);
    expect(shell.saved).toHaveLength(1);
    markSaved(editor, documentOf(editor.getState()), { name: "other.json", path: "/o.json" });
    expect(dirty(editor.getState())).toBe(false);
    expect(shell.discards()).toBe(1);
    // Undoing back to what was saved is clean too; a pending autosave is dropped.
    addShape(editor, circle("c"));
    undo(editor);
    timers.advance(5000);
    expect(shell.saved).toHaveLength(1);
    expect(shell.discards()).toBe(2);
    expect(timers.pending()).toBe(0);
    stop();
  });

  it("an unsaved import has no path; stop ends autosave", () => {
    const shell = fakeShell(), timers = fakeTimers();
    const stop = startAutosave(editor, shell.api, timers.api);
    loadDocument(editor, sceneWith("m"), { name: "map.json" }, { unsaved: true });
    timers.advance(3000);
    expect(shell.saved).toHaveLength(1);
    expect(shell.saved[0]).not.toHaveProperty("path");
    stop();
    addShape(editor, circle("n"));
    timers.advance(3000);
    expect(shell.saved).toHaveLength(1);
  });
});

describe("restoreRecovered", () => {
  it("opens the document as unsaved under its original name and path", () => {
    const text = serializeScene(sceneWith("r1", "r2"));
    restoreRecovered(editor, { name: "level.json", path: "/levels/level.json", savedAt: "2026-11-22T21:00:00.000Z", text });
    const s = editor.getState();
    expect(s.file).toEqual({ name: "level.json", path: "/levels/level.json" });
    expect(s.shapes.map((x) => x.id)).toEqual(["r1", "r2"]);
    expect(dirty(s)).toBe(true);
    expect(s.notice).toMatch(/^Restored unsaved changes to level\.json/);
  });

  it("a broken document is listed in the problems panel and leaves the open one as it was", () => {
    restoreRecovered(editor, { name: "level.json", savedAt: "2026-11-22T21:00:00.000Z", text: "{ nope" });
    const s = editor.getState();
    expect(s.shapes.map((x) => x.id)).toEqual(["a"]);
    expect(s.problems?.list.length).toBeGreaterThan(0);
    expect(s.notice).toBe("Could not restore level.json: 1 problem");
  });
});

describe("offerReload", () => {
  const onDisk = serializeScene(sceneWith("disk"));
  const shell = () => ({ reloadScene: vi.fn(async ({ path }: { path: string }): Promise<ShellResult<OpenedFile>> => ({ ok: true, value: { path, name: "level.json", text: onDisk } })) });

  it("asks, and reloads the file when the user agrees", async () => {
    const api = shell();
    const confirm = vi.fn(() => true);
    await offerReload(editor, api, { path: "/levels/level.json", name: "level.json" }, confirm);
    expect(confirm).toHaveBeenCalledWith("The file level.json changed on disk. Reload?");
    expect(editor.getState().shapes.map((x) => x.id)).toEqual(["disk"]);
    expect(dirty(editor.getState())).toBe(false);
  });

  it("says unsaved changes will be lost, and keeps them when the user declines", async () => {
    const api = shell();
    addShape(editor, circle("mine"));
    const confirm = vi.fn(() => false);
    await offerReload(editor, api, { path: "/levels/level.json", name: "level.json" }, confirm);
    expect(confirm).toHaveBeenCalledWith(reloadQuestion("level.json", true));
    expect(reloadQuestion("level.json", true)).toBe("The file level.json changed on disk. Reload? Your unsaved changes will be lost.");
    expect(api.reloadScene).not.toHaveBeenCalled();
    expect(editor.getState().shapes.map((x) => x.id)).toEqual(["a", "mine"]);
  });

  it("ignores a change to a file that is no longer the open one", async () => {
    const api = shell();
    const confirm = vi.fn(() => true);
    await offerReload(editor, api, { path: "/levels/old.json", name: "old.json" }, confirm);
    expect(confirm).not.toHaveBeenCalled();
    expect(api.reloadScene).not.toHaveBeenCalled();
  });
});
