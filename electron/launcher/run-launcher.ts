// What `npm start` does: run the editor in Electron if its binary is installed (fetching it once
// if not), otherwise serve the built editor to the browser. Everything it touches comes in as
// dependencies so tests can drive each path; it prints single lines, never stack traces.
import { existsSync } from "node:fs";
import path from "node:path";
import { parseLauncherArgs } from "./launcher-args";
import { PortsInUseError, type StaticServer, type StaticServerOptions } from "./static-server";

export interface LauncherDeps {
  readonly argv: readonly string[];
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The repository (or installed app) root: package.json "main" is dist/electron/main.cjs. */
  readonly appDir: string;
  readonly print: (line: string) => void;
  readonly printError: (line: string) => void;
  readonly fileExists?: (filePath: string) => boolean;
  readonly findElectron: () => string | undefined;
  readonly installElectron: () => Promise<boolean>;
  readonly runElectron: (binary: string, appDir: string) => Promise<number>;
  readonly serve: (options: StaticServerOptions) => Promise<StaticServer>;
  /** Resolves on Ctrl+C / SIGTERM. */
  readonly waitForStop: () => Promise<void>;
}

export const HOST = "127.0.0.1";
export const NOT_BUILT = "The editor is not built; run npm run build first.";

function oneLine(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).split("\n")[0] ?? "";
}

/** Resolves with the process exit code. */
export async function runLauncher(deps: LauncherDeps): Promise<number> {
  const exists = deps.fileExists ?? existsSync;
  const parsed = parseLauncherArgs(deps.argv, deps.env);
  if (!parsed.ok) {
    deps.printError(`collider-studio start: ${parsed.error}`);
    return 2;
  }
  const { web, port } = parsed.options;
  const rendererDir = path.join(deps.appDir, "dist", "renderer");
  if (!exists(path.join(rendererDir, "index.html"))) {
    deps.printError(NOT_BUILT);
    return 1;
  }

  if (!web) {
    let binary = deps.findElectron();
    if (binary === undefined && (await deps.installElectron().catch(() => false))) binary = deps.findElectron();
    if (binary !== undefined) {
      if (!exists(path.join(deps.appDir, "dist", "electron", "main.cjs"))) {
        deps.printError(NOT_BUILT);
        return 1;
      }
      try {
        return await deps.runElectron(binary, deps.appDir);
      } catch (err) {
        deps.printError(`Cannot start Electron (${binary}): ${oneLine(err)}`);
        return 1;
      }
    }
  }

  let server: StaticServer;
  try {
    server = await deps.serve({ root: rendererDir, host: HOST, port });
  } catch (err) {
    const hint = err instanceof PortsInUseError ? "; pass --port N or set PORT" : "";
    deps.printError(`Cannot serve the editor: ${oneLine(err)}${hint}.`);
    return 1;
  }
  // Listen for Ctrl+C before announcing the URL, so a quick stop still ends cleanly.
  const stopped = deps.waitForStop();
  deps.print(
    web
      ? `Web mode: serving the editor at ${server.url} (Ctrl+C to stop).`
      : `Electron's binary is not installed and could not be downloaded; serving the editor at ${server.url} instead (Ctrl+C to stop).`,
  );
  await stopped;
  await server.close();
  return 0;
}
