// Finding, fetching and running Electron's binary without the `electron` package's index.js,
// which would start a download (with progress output) as a side effect of being required.
import { execFile, spawn } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

type Env = Readonly<Record<string, string | undefined>>;

/** The executable's path inside Electron's dist folder, as electron/install.js names it. */
export function electronExecutableName(platform: string): string {
  switch (platform) {
    case "darwin": case "mas": return "Electron.app/Contents/MacOS/Electron";
    case "win32": return "electron.exe";
    default: return "electron";
  }
}

function isFile(filePath: string): boolean {
  try {
    return statSync(filePath).isFile();
  } catch {
    return false;
  }
}

export interface ElectronLookup {
  /** The installed `electron` package folder, e.g. <app>/node_modules/electron. */
  readonly electronDir: string;
  readonly env: Env;
  readonly platform: string;
}

/** The same resolution as the package's index.js (path.txt, ELECTRON_OVERRIDE_DIST_PATH), but
 * answering "not installed" instead of downloading. */
export function findElectronBinary({ electronDir, env, platform }: ElectronLookup): string | undefined {
  let relative: string | undefined;
  try {
    relative = readFileSync(path.join(electronDir, "path.txt"), "utf8").trim() || undefined;
  } catch {
    relative = undefined;
  }
  const override = env.ELECTRON_OVERRIDE_DIST_PATH;
  if (override) {
    const binary = path.join(override, relative ?? electronExecutableName(platform));
    return isFile(binary) ? binary : undefined;
  }
  if (relative === undefined) return undefined;
  const binary = path.join(electronDir, "dist", relative);
  return isFile(binary) ? binary : undefined;
}

/** Runs the package's install.js once, its output captured and dropped so a failed download
 * (no network) does not flood the terminal. Resolves true if it exited successfully. */
export function tryInstallElectron(electronDir: string, env: Env, timeoutMs = 120_000): Promise<boolean> {
  const script = path.join(electronDir, "install.js");
  if (!existsSync(script)) return Promise.resolve(false);
  return new Promise((resolve) => {
    execFile(process.execPath, [script], { cwd: electronDir, env, timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024, windowsHide: true }, (error) => resolve(error === null));
  });
}

/** Starts Electron on `appDir` sharing this terminal, and resolves with its exit code. Ctrl+C and
 * SIGTERM are passed on so Electron can close its windows itself. */
export function runElectron(binary: string, appDir: string, env: Env): Promise<number> {
  // ELECTRON_RUN_AS_NODE would make the binary behave as plain Node and ignore the app.
  const childEnv = { ...env };
  delete childEnv.ELECTRON_RUN_AS_NODE;
  return new Promise((resolve, reject) => {
    const child = spawn(binary, [appDir], { stdio: "inherit", env: childEnv, windowsHide: false });
    const forward = (signal: NodeJS.Signals): void => {
      if (!child.killed) child.kill(signal);
    };
    process.on("SIGINT", forward);
    process.on("SIGTERM", forward);
    const detach = (): void => {
      process.off("SIGINT", forward);
      process.off("SIGTERM", forward);
    };
    child.once("error", (err) => {
      detach();
      reject(err);
    });
    child.once("close", (code) => {
      detach();
      resolve(code ?? 1);
    });
  });
}
