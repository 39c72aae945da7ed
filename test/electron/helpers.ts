// Shared helpers of the electron/ tests: temporary folders and small fakes. Never imports
// "electron" (that would try to download its binary).
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, expect } from "vitest";
import type { ShellResult } from "../../core/shell/desktop-api";
import type { WatchLike } from "../../electron/file-watch";
import type { ImageFileSystem } from "../../electron/image-files";
import type { InvokeEventLike, InvokeHandler, IpcMainLike } from "../../electron/ipc";

const created: string[] = [];

/** A fresh temporary folder, removed after the current test. */
export async function tempDir(prefix = "collider-electron-"): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  created.push(dir);
  return dir;
}

afterEach(async () => {
  await Promise.all(created.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

export function errnoError(code: string, message = `${code}: simulated`): NodeJS.ErrnoException {
  return Object.assign(new Error(message), { code });
}

/** A clock whose time and timers move only when the test says. */
export function manualClock(start = Date.parse("2026-11-22T21:00:00Z")) {
  let now = start;
  const timers: { at: number; run: () => void; id: number }[] = [];
  let nextId = 1;
  return {
    now: () => now,
    setTimeout: (run: () => void, ms: number) => {
      const id = nextId++;
      timers.push({ at: now + ms, run, id });
      return id;
    },
    clearTimeout: (handle: unknown) => {
      const i = timers.findIndex((t) => t.id === handle);
      if (i >= 0) timers.splice(i, 1);
    },
    /** Moves time on, running every timer that falls due. */
    advance(ms: number) {
      now += ms;
      for (;;) {
        const due = timers.filter((t) => t.at <= now).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        timers.splice(timers.indexOf(due), 1);
        due.run();
      }
    },
    pendingTimers: () => timers.length,
  };
}

/** An ipcMain stand-in that records handlers (one per channel) and invokes them as a page would. */
export function fakeIpcMain() {
  const handlers = new Map<string, InvokeHandler>();
  const ipcMain: IpcMainLike = {
    handle: (channel, listener) => {
      expect(handlers.has(channel), `one handler for ${channel}`).toBe(false);
      handlers.set(channel, listener);
    },
    removeHandler: (channel) => { handlers.delete(channel); },
  };
  const invoke = (channel: string, ev: InvokeEventLike, ...args: unknown[]): Promise<ShellResult<unknown>> => handlers.get(channel)!(ev, ...args);
  return { ipcMain, handlers, invoke };
}

/** A refusal (not a cancel) whose message matches `pattern`. */
export function expectError(result: ShellResult<unknown>, pattern: RegExp): void {
  expect(result).toMatchObject({ ok: false, canceled: false });
  if (!result.ok && !result.canceled) expect(result.error).toMatch(pattern);
}

/** A file system holding `files` (absolute path → bytes), recording what was read. */
export function fakeFs(files: Record<string, Uint8Array>): ImageFileSystem & { readonly read: string[] } {
  const read: string[] = [];
  return {
    read,
    size: async (p) => {
      const bytes = files[p];
      if (!bytes) throw errnoError("ENOENT");
      return bytes.length;
    },
    readBytes: async (p) => {
      read.push(p);
      const bytes = files[p];
      if (!bytes) throw errnoError("ENOENT");
      return bytes;
    },
  };
}

/** A stand-in for fs.watch: the folders watched, and `fire` sends one an event naming a file (or none). */
export function fakeWatch() {
  const watched: { folder: string; listener: (event: string, filename: string | null) => void; closed: boolean }[] = [];
  const watch: WatchLike = (folder, listener) => {
    const entry = { folder, listener, closed: false };
    watched.push(entry);
    return { close: () => void (entry.closed = true), on: () => undefined };
  };
  const open = () => watched.filter((w) => !w.closed);
  const fire = (folder: string, filename: string | null) => {
    for (const w of open()) if (w.folder === folder) w.listener("change", filename);
  };
  return { watch, open, fire };
}
