import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { appIndexUrl, isAppUrl } from "../../electron/app-url";
import { CONTENT_SECURITY_POLICY } from "../../electron/csp";
import {
  applyContentSecurityPolicy, denyAllPermissions, guardWebContents,
  type HeadersDetails, type HeadersResponse, type NavigationEvent, type PreventableEvent, type SessionLike, type WebContentsLike,
} from "../../electron/security";

type HeadersListener = (details: HeadersDetails, callback: (response: HeadersResponse) => void) => void;

function fakeSession() {
  const fake = {
    headersListener: undefined as HeadersListener | undefined,
    requestHandler: undefined as ((wc: unknown, permission: string, callback: (granted: boolean) => void) => void) | undefined,
    checkHandler: undefined as ((wc: unknown, permission: string) => boolean) | undefined,
  };
  const session: SessionLike = {
    webRequest: { onHeadersReceived: (listener) => { fake.headersListener = listener; } },
    setPermissionRequestHandler: (handler) => { fake.requestHandler = handler; },
    setPermissionCheckHandler: (handler) => { fake.checkHandler = handler; },
  };
  return { session, fake };
}

function headersAfter(listener: HeadersListener, responseHeaders?: Record<string, string[]>): Record<string, string | string[]> {
  let result: HeadersResponse | undefined;
  listener({ responseHeaders }, (response) => { result = response; });
  expect(result).toBeDefined();
  return result!.responseHeaders!;
}

/** Parses "a x y; b z" into { a: ["x", "y"], b: ["z"] }. */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(policy.split(";").map((d) => d.trim()).filter(Boolean).map((d) => {
    const [name, ...values] = d.split(/\s+/);
    return [name!, values];
  }));
}

describe("Content-Security-Policy", () => {
  it("is strict: own files only, no eval, no inline scripts, no plugins, no framing", () => {
    const policy = directives(CONTENT_SECURITY_POLICY);
    expect(policy["default-src"]).toEqual(["'self'"]);
    expect(policy["script-src"]).toEqual(["'self'"]);
    expect(policy["object-src"]).toEqual(["'none'"]);
    expect(policy["base-uri"]).toEqual(["'none'"]);
    expect(policy["frame-ancestors"]).toEqual(["'none'"]);
    expect(policy["style-src"]).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy["img-src"]).toEqual(["data:", "blob:"]);
    for (const values of Object.values(policy)) {
      expect(values).not.toContain("'unsafe-eval'");
      expect(values).not.toContain("*");
      expect(values.some((v) => v.startsWith("http"))).toBe(false);
    }
    expect(policy["script-src"]).not.toContain("'unsafe-inline'");
  });

  it("lets images in only as data: and blob: URLs, in the page's own <meta> policy too", () => {
    const html = readFileSync(path.join(__dirname, "..", "..", "renderer", "index.html"), "utf8");
    const meta = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1];
    expect(directives(meta!)["img-src"]).toEqual(["data:", "blob:"]);
  });

  it("is added to every response, replacing a looser policy whatever its letter case", () => {
    const { session, fake } = fakeSession();
    applyContentSecurityPolicy(session);
    const headers = headersAfter(fake.headersListener!, {
      "content-security-policy": ["default-src *"],
      "Content-Type": ["text/html"],
    });
    expect(headers["Content-Security-Policy"]).toEqual([CONTENT_SECURITY_POLICY]);
    expect(headers["content-security-policy"]).toBeUndefined();
    expect(headers["Content-Type"]).toEqual(["text/html"]);
  });

  it("is added when the response had no headers at all", () => {
    const { session, fake } = fakeSession();
    applyContentSecurityPolicy(session);
    expect(headersAfter(fake.headersListener!)).toEqual({ "Content-Security-Policy": [CONTENT_SECURITY_POLICY] });
  });
});

describe("denyAllPermissions", () => {
  it("refuses every permission request and check", () => {
    const { session, fake } = fakeSession();
    denyAllPermissions(session);
    for (const permission of ["media", "geolocation", "notifications", "openExternal", "clipboard-read", "fileSystem"]) {
      const callback = vi.fn();
      fake.requestHandler!({}, permission, callback);
      expect(callback).toHaveBeenCalledExactlyOnceWith(false);
      expect(fake.checkHandler!({}, permission)).toBe(false);
    }
  });
});

function fakeWebContents() {
  const listeners = new Map<string, (event: NavigationEvent) => void>();
  let openHandler: ((details: { url: string }) => { action: "deny" }) | undefined;
  const contents: WebContentsLike = {
    on: (event: string, listener: (event: NavigationEvent) => void) => { listeners.set(event, listener); },
    setWindowOpenHandler: (handler) => { openHandler = handler; },
  };
  const emit = (name: string, url: string): boolean => {
    const listener = listeners.get(name);
    expect(listener, `a listener for ${name}`).toBeDefined();
    let prevented = false;
    listener!({ url, preventDefault: () => { prevented = true; } });
    return prevented;
  };
  return { contents, emit, open: (url: string) => openHandler!({ url }), listeners };
}

const indexUrl = appIndexUrl("/opt/Collider Studio/resources/app/dist/renderer/index.html");

describe("isAppUrl", () => {
  it("accepts the index file itself, also with a query or fragment", () => {
    expect(isAppUrl(indexUrl, indexUrl)).toBe(true);
    expect(isAppUrl(`${indexUrl}#/scene`, indexUrl)).toBe(true);
    expect(isAppUrl(`${indexUrl}?debug=1`, indexUrl)).toBe(true);
    expect(isAppUrl("file:///opt/Collider%20Studio/resources/app/dist/renderer/index.html", indexUrl)).toBe(true);
  });

  it("refuses other files, other schemes and junk", () => {
    expect(isAppUrl("file:///etc/passwd", indexUrl)).toBe(false);
    expect(isAppUrl(indexUrl.replace("index.html", "other.html"), indexUrl)).toBe(false);
    expect(isAppUrl("https://example.com/index.html", indexUrl)).toBe(false);
    expect(isAppUrl("file://evil-host/opt/Collider%20Studio/resources/app/dist/renderer/index.html", indexUrl)).toBe(false);
    expect(isAppUrl("not a url", indexUrl)).toBe(false);
  });
});

describe("guardWebContents", () => {
  it("prevents navigation to another origin or file, and allows the editor page", () => {
    const { contents, emit } = fakeWebContents();
    guardWebContents(contents, { indexUrl });
    expect(emit("will-navigate", "https://evil.example/")).toBe(true);
    expect(emit("will-navigate", "file:///etc/passwd")).toBe(true);
    expect(emit("will-navigate", "javascript:alert(1)")).toBe(true);
    expect(emit("will-navigate", indexUrl)).toBe(false);
    expect(emit("will-navigate", `${indexUrl}#reloaded`)).toBe(false);
  });

  it("prevents redirects away from the editor page and refuses webviews", () => {
    const { contents, emit, listeners } = fakeWebContents();
    guardWebContents(contents, { indexUrl });
    expect(emit("will-redirect", "http://127.0.0.1:8080/")).toBe(true);
    const attach = listeners.get("will-attach-webview")!;
    const event: PreventableEvent = { preventDefault: vi.fn() };
    attach(event as NavigationEvent);
    expect(event.preventDefault).toHaveBeenCalled();
  });

  it("denies window.open without opening anything when no browser is given", () => {
    const { contents, open } = fakeWebContents();
    guardWebContents(contents, { indexUrl });
    expect(open("https://example.com/")).toEqual({ action: "deny" });
    expect(open(indexUrl)).toEqual({ action: "deny" });
  });

  it("denies window.open but hands web links, and only web links, to the external browser", () => {
    const openExternal = vi.fn(() => Promise.resolve());
    const { contents, open } = fakeWebContents();
    guardWebContents(contents, { indexUrl, openExternal });
    expect(open("https://example.com/docs")).toEqual({ action: "deny" });
    expect(open("file:///etc/passwd")).toEqual({ action: "deny" });
    expect(open("smb://server/share")).toEqual({ action: "deny" });
    expect(open("javascript:alert(1)")).toEqual({ action: "deny" });
    expect(openExternal.mock.calls).toEqual([["https://example.com/docs"]]);
  });

  it("survives the external browser failing to start", async () => {
    const openExternal = vi.fn(() => Promise.reject(new Error("no browser")));
    const { contents, open } = fakeWebContents();
    guardWebContents(contents, { indexUrl, openExternal });
    expect(open("http://example.com/")).toEqual({ action: "deny" });
    await Promise.resolve();
    expect(openExternal).toHaveBeenCalledOnce();
  });
});
