import { request, type IncomingHttpHeaders } from "node:http";
import { createServer, type AddressInfo } from "node:net";
import { mkdir, symlink, writeFile } from "node:fs/promises";
import { networkInterfaces } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CONTENT_SECURITY_POLICY } from "../../electron/csp";
import { contentTypeFor, PortsInUseError, resolveRequestPath, startStaticServer, type StaticServer } from "../../electron/launcher/static-server";
import { tempDir } from "./helpers";

interface Reply { status: number; headers: IncomingHttpHeaders; body: Buffer }

/** A raw request: unlike fetch, it sends the path exactly as given (no ../ normalization). */
function get(server: StaticServer, rawPath: string, options: { method?: string; host?: string; address?: string } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: options.address ?? "127.0.0.1", port: server.port, path: rawPath, method: options.method ?? "GET", headers: options.host ? { host: options.host } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A fake dist/renderer next to a secret file that must stay unreachable. */
async function fixture(): Promise<{ root: string; parent: string }> {
  const parent = await tempDir();
  const root = path.join(parent, "renderer");
  await mkdir(path.join(root, "assets"), { recursive: true });
  await writeFile(path.join(root, "index.html"), "<!doctype html><title>Collider Studio</title>");
  await writeFile(path.join(root, "assets", "index-abc.js"), "console.log('hi');");
  await writeFile(path.join(root, "assets", "index-abc.js.map"), "{}");
  await writeFile(path.join(root, "assets", "index-abc.css"), "body{}");
  await writeFile(path.join(root, "assets", "logo.svg"), "<svg/>");
  await writeFile(path.join(root, "assets", "tile.png"), PNG);
  await writeFile(path.join(root, "assets", "sample.json"), "{}");
  await writeFile(path.join(parent, "secret.txt"), "top secret");
  return { root, parent };
}

const servers: StaticServer[] = [];
async function serve(root: string, port = 0): Promise<StaticServer> {
  const server = await startStaticServer({ root, port });
  servers.push(server);
  return server;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

describe("startStaticServer", () => {
  it("serves index.html for / and binds to 127.0.0.1", async () => {
    const { root } = await fixture();
    const server = await serve(root);
    expect(server.host).toBe("127.0.0.1");
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
    const reply = await get(server, "/");
    expect(reply.status).toBe(200);
    expect(reply.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(reply.body.toString()).toContain("<title>Collider Studio</title>");
    expect(reply.headers["content-security-policy"]).toBe(CONTENT_SECURITY_POLICY);
    expect(reply.headers["x-content-type-options"]).toBe("nosniff");
    expect((await get(server, "/index.html?v=1#x")).status).toBe(200);
  });

  it("cannot be reached on the machine's other addresses", async () => {
    const { root } = await fixture();
    const server = await serve(root);
    const external = Object.values(networkInterfaces()).flat().find((a) => a && a.family === "IPv4" && !a.internal);
    if (!external) return; // no network interface besides loopback here
    await expect(get(server, "/", { address: external.address })).rejects.toMatchObject({ code: "ECONNREFUSED" });
  });

  it.each([
    ["/assets/index-abc.js", "text/javascript; charset=utf-8"],
    ["/assets/index-abc.css", "text/css; charset=utf-8"],
    ["/assets/logo.svg", "image/svg+xml"],
    ["/assets/tile.png", "image/png"],
    ["/assets/sample.json", "application/json; charset=utf-8"],
    ["/assets/index-abc.js.map", "application/json; charset=utf-8"],
  ])("serves %s as %s", async (file, type) => {
    const { root } = await fixture();
    const server = await serve(root);
    const reply = await get(server, file);
    expect(reply.status).toBe(200);
    expect(reply.headers["content-type"]).toBe(type);
    expect(Number(reply.headers["content-length"])).toBe(reply.body.length);
  });

  it("serves binary files byte for byte", async () => {
    const { root } = await fixture();
    const server = await serve(root);
    expect((await get(server, "/assets/tile.png")).body.equals(PNG)).toBe(true);
  });

  it("answers 404 for missing files and for folders", async () => {
    const { root } = await fixture();
    const server = await serve(root);
    expect((await get(server, "/missing.js")).status).toBe(404);
    expect((await get(server, "/assets/missing.png")).status).toBe(404);
    expect((await get(server, "/assets")).status).toBe(404);
    expect((await get(server, "/assets/")).status).toBe(404);
  });

  it.each([
    "/../secret.txt",
    "/assets/../../secret.txt",
    "/%2e%2e/secret.txt",
    "/..%2fsecret.txt",
    "/assets/..%5c..%5csecret.txt",
    "/..\\secret.txt",
  ])("refuses the traversal %s", async (rawPath) => {
    const { root } = await fixture();
    const server = await serve(root);
    const reply = await get(server, rawPath);
    expect(reply.status).toBe(403);
    expect(reply.body.toString()).not.toContain("top secret");
  });

  it("refuses malformed paths", async () => {
    const { root } = await fixture();
    const server = await serve(root);
    expect((await get(server, "/%E0%A4%A")).status).toBe(400);
    expect((await get(server, "/index.html%00.png")).status).toBe(400);
  });

  it("does not follow a symlink out of the served folder", async () => {
    const { root, parent } = await fixture();
    await symlink(path.join(parent, "secret.txt"), path.join(root, "assets", "link.txt"));
    const server = await serve(root);
    const reply = await get(server, "/assets/link.txt");
    expect(reply.status).toBe(403);
    expect(reply.body.toString()).not.toContain("top secret");
  });

  it("answers HEAD without a body and refuses other methods", async () => {
    const { root } = await fixture();
    const server = await serve(root);
    const head = await get(server, "/", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    const post = await get(server, "/", { method: "POST" });
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe("GET, HEAD");
  });

  it("refuses requests for other host names (DNS rebinding)", async () => {
    const { root } = await fixture();
    const server = await serve(root);
    expect((await get(server, "/", { host: "evil.example" })).status).toBe(403);
    expect((await get(server, "/", { host: `evil.example:${server.port}` })).status).toBe(403);
    expect((await get(server, "/", { host: `localhost:${server.port}` })).status).toBe(200);
  });

  it("moves on to the next port when the first is busy", async () => {
    const { root } = await fixture();
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const busy = (blocker.address() as AddressInfo).port;
    try {
      const server = await startStaticServer({ root, port: busy, maxPortAttempts: 5 }).catch((err: unknown) => {
        // The ports after `busy` may be taken too on a busy machine; that is the error case.
        expect(err).toBeInstanceOf(PortsInUseError);
        return undefined;
      });
      if (server) {
        servers.push(server);
        expect(server.port).toBeGreaterThan(busy);
        expect(server.port).toBeLessThan(busy + 5);
        expect((await get(server, "/")).status).toBe(200);
      }
      await expect(startStaticServer({ root, port: busy, maxPortAttempts: 1 })).rejects.toThrow(`port ${busy} on 127.0.0.1 is in use`);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  it("closes even with a keep-alive connection open, and close is idempotent", async () => {
    const { root } = await fixture();
    const server = await startStaticServer({ root });
    const reply = await fetch(`${server.url}/`);
    expect(reply.status).toBe(200);
    await reply.text();
    await server.close();
    await server.close();
    await expect(get(server, "/")).rejects.toMatchObject({ code: "ECONNREFUSED" });
  });
});

describe("resolveRequestPath", () => {
  const root = path.resolve("/srv/renderer");
  it("maps / to index.html and keeps files under the root", () => {
    expect(resolveRequestPath(root, "/")).toEqual({ file: path.join(root, "index.html") });
    expect(resolveRequestPath(root, "/assets/a%20b.js?x=1")).toEqual({ file: path.join(root, "assets", "a b.js") });
  });
  it("refuses targets that are not paths", () => {
    expect(resolveRequestPath(root, "http://evil/")).toEqual({ status: 400 });
    expect(resolveRequestPath(root, "*")).toEqual({ status: 400 });
  });
});

describe("contentTypeFor", () => {
  it("falls back to octet-stream for unknown extensions", () => {
    expect(contentTypeFor("/x/file.bin")).toBe("application/octet-stream");
    expect(contentTypeFor("/x/INDEX.HTML")).toBe("text/html; charset=utf-8");
  });
});
