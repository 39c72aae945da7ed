// A small static file server for the built editor (dist/renderer): the launcher's fallback when
// Electron is missing, and the page host for tests. Local only, read only, GET and HEAD.
import { createReadStream } from "node:fs";
import { realpath, stat } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import path from "node:path";
import { CONTENT_SECURITY_POLICY } from "../csp";

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".wasm": "application/wasm",
};

export function contentTypeFor(filePath: string): string {
  return CONTENT_TYPES[path.extname(filePath).toLowerCase()] ?? "application/octet-stream";
}

export interface StaticServerOptions {
  /** The folder served; "/" is its index.html. */
  readonly root: string;
  /** Defaults to 127.0.0.1: the editor is never exposed to the network. */
  readonly host?: string;
  /** First port tried; 0 lets the system pick one. Defaults to 0. */
  readonly port?: number;
  /** How many consecutive ports to try when one is in use. Defaults to 20. */
  readonly maxPortAttempts?: number;
  /** The page's Content-Security-Policy header; null sends none. Defaults to the app's policy. */
  readonly contentSecurityPolicy?: string | null;
}

export interface StaticServer {
  readonly url: string;
  readonly host: string;
  readonly port: number;
  close(): Promise<void>;
}

/** Every port tried was taken. */
export class PortsInUseError extends Error {
  constructor(readonly host: string, readonly firstPort: number, readonly lastPort: number) {
    super(firstPort === lastPort ? `port ${firstPort} on ${host} is in use` : `ports ${firstPort} to ${lastPort} on ${host} are all in use`);
  }
}

export type ResolvedPath = { readonly file: string } | { readonly status: 400 | 403 };

/** Maps a request target to a file under `root`, refusing anything that could leave it
 * (`..` segments, also percent-encoded or with backslashes) and malformed escapes. */
export function resolveRequestPath(root: string, requestTarget: string): ResolvedPath {
  const rawPath = requestTarget.split(/[?#]/, 1)[0] ?? "";
  if (!rawPath.startsWith("/")) return { status: 400 };
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return { status: 400 };
  }
  if (decoded.includes("\0")) return { status: 400 };
  if (decoded.split(/[\\/]/).includes("..")) return { status: 403 };
  const file = path.join(root, decoded === "/" ? "index.html" : decoded);
  return file.startsWith(root + path.sep) ? { file } : { status: 403 };
}

const REASONS: Readonly<Record<number, string>> = { 400: "Bad request", 403: "Forbidden", 404: "Not found", 405: "Method not allowed", 500: "Internal error" };

function listenOnce(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error): void => {
      server.off("listening", onListening);
      reject(err);
    };
    const onListening = (): void => {
      server.off("error", onError);
      const address = server.address();
      resolve(typeof address === "object" && address !== null ? address.port : port);
    };
    server.once("error", onError);
    server.once("listening", onListening);
    server.listen(port, host);
  });
}

function isAddressInUse(err: unknown): boolean {
  return typeof err === "object" && err !== null && "code" in err && err.code === "EADDRINUSE";
}

export async function startStaticServer(options: StaticServerOptions): Promise<StaticServer> {
  const host = options.host ?? "127.0.0.1";
  const firstPort = options.port ?? 0;
  const attempts = firstPort === 0 ? 1 : Math.max(1, Math.min(options.maxPortAttempts ?? 20, 65536 - firstPort));
  const policy = options.contentSecurityPolicy === undefined ? CONTENT_SECURITY_POLICY : options.contentSecurityPolicy;
  // Resolved once so symlinks inside the served folder can be checked against the real root.
  const root = await realpath(path.resolve(options.root));
  const allowedHosts = new Set<string>();
  const commonHeaders: Record<string, string> = {
    "Cache-Control": "no-cache",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    ...(policy === null ? {} : { "Content-Security-Policy": policy }),
  };

  function send(res: ServerResponse, status: number, headers: Record<string, string | number>, body?: string): void {
    res.writeHead(status, { ...commonHeaders, ...headers });
    res.end(body);
  }

  function sendError(res: ServerResponse, status: number, extra: Record<string, string> = {}): void {
    const body = `${REASONS[status] ?? "Error"}\n`;
    send(res, status, { "Content-Type": "text/plain; charset=utf-8", "Content-Length": Buffer.byteLength(body), ...extra }, body);
  }

  async function respond(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // Refuse other Host names so a web page cannot reach this server through DNS rebinding.
    const hostHeader = req.headers.host?.toLowerCase();
    if (hostHeader !== undefined && !allowedHosts.has(hostHeader)) return sendError(res, 403);
    if (req.method !== "GET" && req.method !== "HEAD") return sendError(res, 405, { Allow: "GET, HEAD" });
    const resolved = resolveRequestPath(root, req.url ?? "/");
    if ("status" in resolved) return sendError(res, resolved.status);
    let real: string;
    let size: number;
    try {
      real = await realpath(resolved.file);
      const info = await stat(real);
      if (!info.isFile()) return sendError(res, 404);
      size = info.size;
    } catch {
      return sendError(res, 404);
    }
    if (!real.startsWith(root + path.sep)) return sendError(res, 403);
    const headers = { "Content-Type": contentTypeFor(resolved.file), "Content-Length": size };
    if (req.method === "HEAD") return send(res, 200, headers);
    res.writeHead(200, { ...commonHeaders, ...headers });
    createReadStream(real).on("error", (err) => res.destroy(err)).pipe(res);
  }

  const server = createServer((req, res) => {
    respond(req, res).catch(() => {
      if (res.headersSent) res.destroy();
      else sendError(res, 500);
    });
  });

  let port: number | undefined;
  for (let i = 0; i < attempts && port === undefined; i++) {
    try {
      port = await listenOnce(server, host, firstPort + i);
    } catch (err) {
      if (!isAddressInUse(err)) throw err;
    }
  }
  if (port === undefined) throw new PortsInUseError(host, firstPort, firstPort + attempts - 1);

  const urlHost = host.includes(":") ? `[${host}]` : host;
  for (const name of [urlHost, "localhost", "127.0.0.1"]) allowedHosts.add(`${name}:${port}`.toLowerCase());

  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost}:${port}`,
    host,
    port,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Keep-alive connections from a browser would otherwise hold the server open.
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
