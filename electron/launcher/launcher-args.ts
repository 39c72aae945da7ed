// Command line of `npm start` (node dist/launcher/start.cjs): `--web` and `--port N`, with PORT
// from the environment as the fallback for the port.

export const DEFAULT_PORT = 5178;

export interface LauncherOptions {
  /** Serve the editor in the browser even if Electron is installed. */
  readonly web: boolean;
  /** First port to try for the web fallback; 0 lets the system choose. */
  readonly port: number;
}

export type ParsedLauncherArgs = { readonly ok: true; readonly options: LauncherOptions } | { readonly ok: false; readonly error: string };

function parsePort(text: string, origin: string): number | string {
  const port = /^\d{1,5}$/.test(text) ? Number(text) : NaN;
  return Number.isInteger(port) && port <= 65535 ? port : `${origin} must be a port number from 0 to 65535, got "${text}"`;
}

export function parseLauncherArgs(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): ParsedLauncherArgs {
  let web = false;
  let portText: string | undefined;
  let portOrigin = "--port";
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--web") web = true;
    else if (arg === "--port") {
      portText = argv[++i];
      if (portText === undefined) return { ok: false, error: "--port needs a number" };
    } else if (arg.startsWith("--port=")) portText = arg.slice("--port=".length);
    else return { ok: false, error: `unknown option ${arg} (expected --web or --port N)` };
  }
  if (portText === undefined && env.PORT !== undefined && env.PORT !== "") {
    portText = env.PORT;
    portOrigin = "PORT";
  }
  if (portText === undefined) return { ok: true, options: { web, port: DEFAULT_PORT } };
  const port = parsePort(portText, portOrigin);
  return typeof port === "string" ? { ok: false, error: port } : { ok: true, options: { web, port } };
}
