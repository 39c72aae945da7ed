import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { runLauncher, type LauncherDeps } from "../../electron/launcher/run-launcher";
import { PortsInUseError, startStaticServer, type StaticServerOptions } from "../../electron/launcher/static-server";
import { tempDir } from "./helpers";

/** An app folder with a built renderer (and Electron main, unless told otherwise). */
async function builtApp(options: { main?: boolean; renderer?: boolean } = {}): Promise<string> {
  const appDir = await tempDir();
  if (options.renderer !== false) {
    await mkdir(path.join(appDir, "dist", "renderer"), { recursive: true });
    await writeFile(path.join(appDir, "dist", "renderer", "index.html"), "<!doctype html><title>Collider Studio</title>");
  }
  if (options.main !== false) {
    await mkdir(path.join(appDir, "dist", "electron"), { recursive: true });
    await writeFile(path.join(appDir, "dist", "electron", "main.cjs"), "");
  }
  return appDir;
}

/** Deps where nothing real happens unless a test swaps it in; `stop()` plays Ctrl+C. */
function deps(appDir: string, overrides: Partial<LauncherDeps> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  let stop: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => { stop = resolve; });
  const closed = vi.fn(async () => undefined);
  const all: LauncherDeps = {
    argv: [],
    env: {},
    appDir,
    print: (line) => out.push(line),
    printError: (line) => err.push(line),
    findElectron: vi.fn(() => undefined),
    installElectron: vi.fn(async () => false),
    runElectron: vi.fn(async () => 0),
    serve: vi.fn(async (options: StaticServerOptions) => ({ url: `http://${options.host}:${options.port}`, host: options.host!, port: options.port!, close: closed })),
    waitForStop: () => stopped,
    ...overrides,
  };
  return { deps: all, out, err, stop: () => stop(), closed };
}

/** Resolves once `predicate` holds, polling the event loop. */
async function until(predicate: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !predicate(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(predicate()).toBe(true);
}

describe("runLauncher", () => {
  it("runs the installed Electron on the app folder and exits with its code", async () => {
    const appDir = await builtApp();
    const t = deps(appDir, { findElectron: () => "/fake/electron", runElectron: vi.fn(async () => 3) });
    expect(await runLauncher(t.deps)).toBe(3);
    expect(t.deps.runElectron).toHaveBeenCalledExactlyOnceWith("/fake/electron", appDir);
    expect(t.deps.installElectron).not.toHaveBeenCalled();
    expect(t.deps.serve).not.toHaveBeenCalled();
    expect([...t.out, ...t.err]).toEqual([]);
  });

  it("tries the download once when Electron is missing, then runs it", async () => {
    const appDir = await builtApp();
    const findElectron = vi.fn().mockReturnValueOnce(undefined).mockReturnValue("/fake/electron");
    const t = deps(appDir, { findElectron, installElectron: vi.fn(async () => true) });
    expect(await runLauncher(t.deps)).toBe(0);
    expect(t.deps.installElectron).toHaveBeenCalledOnce();
    expect(t.deps.runElectron).toHaveBeenCalledWith("/fake/electron", appDir);
  });

  it("falls back to the web editor with exactly one line when the download fails", async () => {
    const appDir = await builtApp();
    const t = deps(appDir, { argv: ["--port", "6000"] });
    const exit = runLauncher(t.deps);
    await until(() => t.out.length > 0);
    expect(t.out).toEqual(["Electron's binary is not installed and could not be downloaded; serving the editor at http://127.0.0.1:6000 instead (Ctrl+C to stop)."]);
    expect(t.err).toEqual([]);
    expect(t.deps.installElectron).toHaveBeenCalledOnce();
    expect(t.deps.serve).toHaveBeenCalledWith({ root: path.join(appDir, "dist", "renderer"), host: "127.0.0.1", port: 6000 });
    expect(t.closed).not.toHaveBeenCalled();
    t.stop();
    expect(await exit).toBe(0);
    expect(t.closed).toHaveBeenCalledOnce();
  });

  it("treats a crashing installer like a failed download", async () => {
    const appDir = await builtApp();
    const t = deps(appDir, { installElectron: () => Promise.reject(new Error("spawn EACCES")) });
    const exit = runLauncher(t.deps);
    await until(() => t.out.length > 0);
    expect(t.out[0]).toMatch(/^Electron's binary is not installed and could not be downloaded; serving the editor at http:\/\/127\.0\.0\.1:5178 instead/);
    t.stop();
    expect(await exit).toBe(0);
  });

  it("--web serves without looking for Electron, on PORT from the environment", async () => {
    const appDir = await builtApp({ main: false });
    const t = deps(appDir, { argv: ["--web"], env: { PORT: "7001" } });
    const exit = runLauncher(t.deps);
    await until(() => t.out.length > 0);
    expect(t.out).toEqual(["Web mode: serving the editor at http://127.0.0.1:7001 (Ctrl+C to stop)."]);
    expect(t.deps.findElectron).not.toHaveBeenCalled();
    expect(t.deps.installElectron).not.toHaveBeenCalled();
    t.stop();
    expect(await exit).toBe(0);
  });

  it("serves the real files through the real static server", async () => {
    const appDir = await builtApp();
    const t = deps(appDir, { argv: ["--web", "--port", "0"], serve: startStaticServer });
    const exit = runLauncher(t.deps);
    await until(() => t.out.length > 0);
    const url = /(http:\/\/127\.0\.0\.1:\d+)/.exec(t.out[0]!)![1]!;
    const reply = await fetch(`${url}/`);
    expect(await reply.text()).toContain("<title>Collider Studio</title>");
    t.stop();
    expect(await exit).toBe(0);
    await expect(fetch(`${url}/`)).rejects.toThrow();
  });

  it("says the editor is not built when dist/renderer/index.html is missing", async () => {
    const appDir = await builtApp({ renderer: false });
    for (const argv of [[], ["--web"]]) {
      const t = deps(appDir, { argv, findElectron: () => "/fake/electron" });
      expect(await runLauncher(t.deps)).toBe(1);
      expect(t.err).toEqual(["The editor is not built; run npm run build first."]);
      expect(t.out).toEqual([]);
      expect(t.deps.runElectron).not.toHaveBeenCalled();
    }
  });

  it("says the editor is not built when Electron's main bundle is missing", async () => {
    const appDir = await builtApp({ main: false });
    const t = deps(appDir, { findElectron: () => "/fake/electron" });
    expect(await runLauncher(t.deps)).toBe(1);
    expect(t.err).toEqual(["The editor is not built; run npm run build first."]);
    expect(t.deps.runElectron).not.toHaveBeenCalled();
  });

  it("reports an Electron that cannot start in one line", async () => {
    const appDir = await builtApp();
    const failure = Object.assign(new Error("spawn /fake/electron EACCES\n    at ChildProcess.spawn"), { code: "EACCES" });
    const t = deps(appDir, { findElectron: () => "/fake/electron", runElectron: () => Promise.reject(failure) });
    expect(await runLauncher(t.deps)).toBe(1);
    expect(t.err).toEqual(["Cannot start Electron (/fake/electron): spawn /fake/electron EACCES"]);
  });

  it("reports busy ports in one line with a hint", async () => {
    const appDir = await builtApp();
    const t = deps(appDir, { argv: ["--web"], serve: () => Promise.reject(new PortsInUseError("127.0.0.1", 5178, 5197)) });
    expect(await runLauncher(t.deps)).toBe(1);
    expect(t.err).toEqual(["Cannot serve the editor: ports 5178 to 5197 on 127.0.0.1 are all in use; pass --port N or set PORT."]);
    expect(t.out).toEqual([]);
  });

  it("rejects bad options with exit code 2", async () => {
    const appDir = await builtApp();
    const t = deps(appDir, { argv: ["--port", "x"] });
    expect(await runLauncher(t.deps)).toBe(2);
    expect(t.err).toEqual(['collider-studio start: --port must be a port number from 0 to 65535, got "x"']);
  });
});
