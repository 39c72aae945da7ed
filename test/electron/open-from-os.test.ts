import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import type { OpenedFile, ShellResult } from "../../core/shell/desktop-api";
import { UNSAVED_BUTTONS, type MessageBoxLike, type PageLike } from "../../electron/close-guard";
import { createFileOpener, openInEditor, sceneFileFromArgv } from "../../electron/open-from-os";

const cwd = path.resolve("/home/ada/levels");
const packaged = { defaultApp: false, cwd };
const development = { defaultApp: true, cwd };

describe("sceneFileFromArgv", () => {
  it("finds the file after the executable, resolved against the working folder", () => {
    expect(sceneFileFromArgv(["/opt/Collider Studio/collider-studio", "arena.json"], packaged)).toBe(path.join(cwd, "arena.json"));
    expect(sceneFileFromArgv(["C:\\Apps\\Collider Studio.exe", path.resolve("/tmp/a.json")], packaged)).toBe(path.resolve("/tmp/a.json"));
  });

  it("skips the app folder when run as `electron <app>`", () => {
    expect(sceneFileFromArgv(["/usr/bin/electron", "/src/collider-studio", "arena.json"], development)).toBe(path.join(cwd, "arena.json"));
    expect(sceneFileFromArgv(["/usr/bin/electron", "/src/collider-studio"], development)).toBeUndefined();
  });

  it("skips Electron's and Chromium's switches, wherever they are", () => {
    const argv = ["/app/collider-studio", "--no-sandbox", "--original-process-start-time=1337", "-psn_0_123", "level.json", "--allow-file-access-from-files"];
    expect(sceneFileFromArgv(argv, packaged)).toBe(path.join(cwd, "level.json"));
    expect(sceneFileFromArgv(["/app/collider-studio", "--enable-logging", ""], packaged)).toBeUndefined();
  });

  it("takes a name that looks like a switch after --", () => {
    expect(sceneFileFromArgv(["/app/collider-studio", "--", "-odd.json"], packaged)).toBe(path.join(cwd, "-odd.json"));
  });
});

describe("createFileOpener", () => {
  it("holds a request until the page is ready, keeping only the latest", async () => {
    const opened: string[] = [];
    const opener = createFileOpener(async (p) => { opened.push(p); });
    opener.request("/a.json");
    opener.request("/b.json");
    await opener.idle();
    expect(opened).toEqual([]);
    opener.pageReady();
    opener.request("/c.json");
    await opener.idle();
    expect(opened).toEqual(["/b.json", "/c.json"]);
  });

  it("opens one file at a time, and holds again after the window is gone", async () => {
    const events: string[] = [];
    let release: () => void = () => {};
    const opener = createFileOpener(async (p) => {
      events.push(`start ${p}`);
      if (p === "/a.json") await new Promise<void>((r) => { release = r; });
      events.push(`end ${p}`);
    });
    opener.pageReady();
    opener.request("/a.json");
    opener.request("/b.json");
    await new Promise((r) => setTimeout(r, 0));
    expect(events).toEqual(["start /a.json"]);
    release();
    await opener.idle();
    expect(events).toEqual(["start /a.json", "end /a.json", "start /b.json", "end /b.json"]);
    opener.pageGone();
    opener.request("/c.json");
    await opener.idle();
    expect(events).not.toContain("start /c.json");
  });

  it("a failing open is a one-line warning and does not stop later ones", async () => {
    const warnings: string[] = [];
    const opened: string[] = [];
    const opener = createFileOpener(async (p) => {
      if (p === "/bad.json") throw new Error("boom\n    at x");
      opened.push(p);
    }, (w) => warnings.push(w));
    opener.pageReady();
    opener.request("/bad.json");
    opener.request("/good.json");
    await opener.idle();
    expect(warnings).toEqual(["cannot open /bad.json: boom"]);
    expect(opened).toEqual(["/good.json"]);
  });
});

describe("openInEditor", () => {
  const file: OpenedFile = { path: "/l.json", name: "l.json", text: "{}" };
  const dirtyPage: PageLike = { documentState: () => ({ dirty: true, name: "old.json" }), save: async () => "saved" };
  const cleanPage: PageLike = { documentState: () => ({ dirty: false, name: "old.json" }), save: async () => "saved" };
  const answer = (button: (typeof UNSAVED_BUTTONS)[number]): MessageBoxLike => ({ showMessageBox: async () => ({ response: UNSAVED_BUTTONS.indexOf(button) }) });

  it("reads the file and sends it to the page when the document is clean", async () => {
    const sent: ShellResult<OpenedFile>[] = [];
    const openPath = vi.fn(async () => ({ ok: true, value: file }) as const);
    const open = openInEditor({ page: cleanPage, dialog: answer("Cancel"), openPath, send: (r) => sent.push(r) });
    expect(await open("/l.json")).toBe(true);
    expect(openPath).toHaveBeenCalledExactlyOnceWith("/l.json");
    expect(sent).toEqual([{ ok: true, value: file }]);
  });

  it("does not even read the file when the user cancels over unsaved changes", async () => {
    const openPath = vi.fn(async () => ({ ok: true, value: file }) as const);
    const send = vi.fn();
    const open = openInEditor({ page: dirtyPage, dialog: answer("Cancel"), openPath, send });
    expect(await open("/l.json")).toBe(false);
    expect(openPath).not.toHaveBeenCalled();
    expect(send).not.toHaveBeenCalled();
  });

  it("sends a read error to the page and forgets the file", async () => {
    const error = { ok: false, canceled: false, error: "cannot open /gone.json: no such file or folder" } as const;
    const sent: ShellResult<OpenedFile>[] = [];
    const forgotten: string[] = [];
    const open = openInEditor({ page: dirtyPage, dialog: answer("Don't Save"), openPath: async () => error, send: (r) => sent.push(r), forget: (p) => forgotten.push(p) });
    expect(await open("/gone.json")).toBe(true);
    expect(sent).toEqual([error]);
    expect(forgotten).toEqual(["/gone.json"]);
  });
});
