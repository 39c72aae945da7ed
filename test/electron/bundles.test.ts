// Builds the real bundles (node build/bundle.mjs electron) and checks them as shipped: what each
// may require, and `node dist/launcher/start.cjs` run as a process against a temporary app folder.
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { copyFile, mkdir, readFile, writeFile } from "node:fs/promises";
import { createServer, type AddressInfo } from "node:net";
import { builtinModules } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "./helpers";

const repo = path.resolve(__dirname, "..", "..");
const dist = path.join(repo, "dist");

beforeAll(async () => {
  await promisify(execFile)(process.execPath, ["build/bundle.mjs", "electron"], { cwd: repo });
}, 120_000);

/** Module names a CommonJS bundle still loads at run time. */
async function requiresOf(file: string): Promise<string[]> {
  const code = await readFile(file, "utf8");
  return [...new Set([...code.matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]!))].sort();
}

const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

describe("bundles", () => {
  it("the sandboxed preload requires nothing but electron", async () => {
    expect(await requiresOf(path.join(dist, "electron", "preload.cjs"))).toEqual(["electron"]);
  });

  it("the main process requires only electron and Node built-ins", async () => {
    const requires = await requiresOf(path.join(dist, "electron", "main.cjs"));
    expect(requires).toContain("electron");
    expect(requires.filter((name) => name !== "electron" && !builtins.has(name))).toEqual([]);
  });

  it("the launcher never loads the electron package (which would start a download)", async () => {
    const requires = await requiresOf(path.join(dist, "launcher", "start.cjs"));
    expect(requires.filter((name) => !builtins.has(name))).toEqual([]);
  });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A temporary app folder holding the built launcher, and a built renderer unless told not to. */
async function appWithLauncher(options: { renderer: boolean }): Promise<string> {
  const appDir = await tempDir("collider-start-");
  await mkdir(path.join(appDir, "dist", "launcher"), { recursive: true });
  await copyFile(path.join(dist, "launcher", "start.cjs"), path.join(appDir, "dist", "launcher", "start.cjs"));
  if (options.renderer) {
    await mkdir(path.join(appDir, "dist", "renderer", "assets"), { recursive: true });
    await writeFile(path.join(appDir, "dist", "renderer", "index.html"), '<!doctype html><title>Collider Studio</title><script type="module" src="./assets/app.js"></script>');
    await writeFile(path.join(appDir, "dist", "renderer", "assets", "app.js"), "export {};");
  }
  return appDir;
}

interface Run { child: ChildProcess; stdout: () => string; stderr: () => string; exit: Promise<number | null> }

function start(appDir: string, args: string[]): Run {
  const env = { ...process.env };
  delete env.PORT;
  delete env.ELECTRON_OVERRIDE_DIST_PATH;
  const child = spawn(process.execPath, [path.join(appDir, "dist", "launcher", "start.cjs"), ...args], { cwd: appDir, env, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  child.stdout!.on("data", (chunk: Buffer) => { out += chunk.toString(); });
  child.stderr!.on("data", (chunk: Buffer) => { err += chunk.toString(); });
  const exit = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  return { child, stdout: () => out, stderr: () => err, exit };
}

async function firstLine(run: Run): Promise<string> {
  for (let i = 0; i < 1000 && !run.stdout().includes("\n") && run.child.exitCode === null; i++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expect(run.stdout(), `stderr: ${run.stderr()}`).toContain("\n");
  return run.stdout().split("\n")[0]!;
}

describe("node dist/launcher/start.cjs", () => {
  it("--web --port N prints one line with the URL, serves the editor, and stops cleanly on SIGTERM", async () => {
    const appDir = await appWithLauncher({ renderer: true });
    const port = await freePort();
    const run = start(appDir, ["--web", "--port", String(port)]);
    try {
      const line = await firstLine(run);
      const match = /^Web mode: serving the editor at (http:\/\/127\.0\.0\.1:(\d+)) \(Ctrl\+C to stop\)\.$/.exec(line);
      expect(match, line).not.toBeNull();
      const url = match![1]!;
      expect(Number(match![2])).toBeGreaterThanOrEqual(port);
      const page = await fetch(`${url}/`);
      expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(await page.text()).toContain("<title>Collider Studio</title>");
      const script = await fetch(`${url}/assets/app.js`);
      expect(script.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
      run.child.kill("SIGTERM");
      expect(await run.exit).toBe(0);
      expect(run.stdout()).toBe(`${line}\n`);
      expect(run.stderr()).toBe("");
    } finally {
      run.child.kill("SIGKILL");
    }
  }, 30_000);

  it("without Electron installed, falls back to the browser with exactly one line, and stops on SIGINT", async () => {
    const appDir = await appWithLauncher({ renderer: true });
    const run = start(appDir, ["--port", "0"]);
    try {
      const line = await firstLine(run);
      expect(line).toMatch(/^Electron's binary is not installed and could not be downloaded; serving the editor at http:\/\/127\.0\.0\.1:\d+ instead \(Ctrl\+C to stop\)\.$/);
      const url = /(http:\/\/127\.0\.0\.1:\d+)/.exec(line)![1]!;
      expect((await fetch(`${url}/`)).status).toBe(200);
      run.child.kill("SIGINT");
      expect(await run.exit).toBe(0);
      expect(run.stdout()).toBe(`${line}\n`);
      expect(run.stderr()).toBe("");
    } finally {
      run.child.kill("SIGKILL");
    }
  }, 30_000);

  it("says in one line that the editor is not built, and exits 1", async () => {
    const appDir = await appWithLauncher({ renderer: false });
    const run = start(appDir, ["--web"]);
    expect(await run.exit).toBe(1);
    expect(run.stderr()).toBe("The editor is not built; run npm run build first.\n");
    expect(run.stdout()).toBe("");
  }, 30_000);
});
