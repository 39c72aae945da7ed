// Shared set-up for end-to-end tests: Debian's Chromium through playwright-core, and the editor
// served the way `npm start` serves it when Electron's binary is missing.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { resolve } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { parseScene, type Shape } from "../../core";

export const ROOT = resolve(import.meta.dirname, "../..");
/** The canvas's top on the page at 1280 × 800: below the web build's menu bar (28 px) and the toolbar (38 px). */
export const CANVAS_TOP = 66;
export const ARTIFACTS = resolve(ROOT, "test-results");

export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Chromium with CHROMIUM_FLAGS, and `extraArgs` after them (the bench adds the desktop app's page flags). */
export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (!existsSync(executablePath)) throw new Error(`Chromium not found at ${executablePath} (apt-get install chromium, or set CHROMIUM_PATH)`);
  return chromium.launch({ executablePath, args: [...CHROMIUM_FLAGS, ...extraArgs], headless: true });
}

export interface PageOptions {
  /** Runs before the editor page loads (e.g. page.addInitScript to stand in for a browser API). */
  readonly beforeLoad?: (page: Page) => Promise<void>;
}

export async function newEditorPage(browser: Browser, url: string, options: PageOptions = {}): Promise<Page> {
  // Dark, the editor's default theme: the first run follows the system, which Chromium reports light.
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, acceptDownloads: true, colorScheme: "dark" });
  // Chromium has the File System Access API, whose pickers headless tests cannot answer: the
  // tests open through the file input and save through downloads, as browsers without it do
  // (web-files.e2e.test.ts stands in for the pickers through beforeLoad).
  await page.addInitScript(() => {
    // Window is a global interface: its operations are the window object's own properties.
    for (const name of ["showOpenFilePicker", "showSaveFilePicker", "showDirectoryPicker"]) Reflect.deleteProperty(window, name);
  });
  await options.beforeLoad?.(page);
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  (page as Page & { errors: string[] }).errors = errors;
  await page.goto(url);
  await page.getByRole("toolbar", { name: "Tools" }).waitFor();
  return page;
}

/** Picks a shape tool on the toolbar and clicks the canvas at page (x, y): a default-size shape there. */
export async function placeAt(page: Page, tool: "Box" | "Circle" | "Capsule", x: number, y: number): Promise<void> {
  await page.getByRole("button", { name: tool, exact: true }).click();
  await page.mouse.click(x, y);
}

export function pageErrors(page: Page): string[] {
  return (page as Page & { errors?: string[] }).errors ?? [];
}

async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.once("error", rej);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      const port = typeof addr === "object" && addr ? addr.port : 0;
      srv.close(() => res(port));
    });
  });
}

export interface Served {
  readonly url: string;
  readonly firstLine: string;
  readonly stop: () => Promise<void>;
}

/**
 * Runs the built launcher in web mode (`npm start` without Electron) and waits for its URL line.
 * `root` is the checkout whose build is served: this one unless given (the editor bench also
 * serves another commit's build from a worktree).
 */
export async function serveEditor(root: string = ROOT): Promise<Served> {
  if (!existsSync(resolve(root, "dist/renderer/index.html")) || !existsSync(resolve(root, "dist/launcher/start.cjs"))) {
    throw new Error("the editor is not built: run npm run build first");
  }
  mkdirSync(ARTIFACTS, { recursive: true });
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ["dist/launcher/start.cjs", "--web", "--port", String(port)], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const url = await new Promise<string>((res, rej) => {
    const timer = setTimeout(() => rej(new Error(`launcher printed no URL: ${output}`)), 15_000);
    const onData = (d: Buffer) => {
      output += d.toString();
      const m = /http:\/\/127\.0\.0\.1:\d+\/?/.exec(output);
      if (m) {
        clearTimeout(timer);
        res(m[0]);
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => rej(new Error(`launcher exited with ${code}: ${output}`)));
  });
  return {
    url,
    firstLine: output.split("\n")[0] ?? "",
    stop: () => new Promise<void>((res) => {
      if (child.exitCode !== null) return res();
      child.once("exit", () => res());
      child.kill("SIGTERM");
    }),
  };
}

/** What a test file drives: the served editor, and a new page of it in the shared Chromium. */
export interface EditorSession {
  /** The launcher's first line of output (its fallback message). */
  readonly firstLine: () => string;
  readonly newPage: (options?: PageOptions) => Promise<Page>;
}

/** Serves the editor and launches Chromium once for the calling test file; both stop after it. */
export function editorSession(): EditorSession {
  let served: Served | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    served = await serveEditor();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await served?.stop();
  });
  const started = () => {
    if (!served || !browser) throw new Error("the editor session has not started");
    return { served, browser };
  };
  return {
    firstLine: () => started().served.firstLine,
    newPage: (options?: PageOptions) => newEditorPage(started().browser, started().served.url, options),
  };
}

/** Runs a command as a user does: types its label in the command palette (Ctrl+Shift+P) and presses Enter (the top match; nothing when it is disabled). */
export async function runCommand(page: Page, label: string): Promise<void> {
  await page.keyboard.press("Control+Shift+P");
  await page.getByRole("combobox", { name: "Type a command" }).fill(label);
  await page.keyboard.press("Enter");
}

/** Saves the scene by the toolbar's Save (a download in the browser) and returns its shapes as read back. */
export async function savedShapes(page: Page): Promise<readonly Shape[]> {
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const parsed = parseScene(readFileSync(await (await download).path(), "utf8"));
  if (!parsed.ok) throw new Error("saved scene does not parse");
  return parsed.scene.shapes;
}

/** The status bar's notice or hint, "" when there is none. */
export async function notice(page: Page): Promise<string> {
  const el = page.getByTestId("notice");
  return (await el.count()) > 0 ? ((await el.textContent()) ?? "") : "";
}
