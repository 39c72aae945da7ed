// Hardening of the session and of every web contents: a strict Content-Security-Policy, no
// permissions, no navigation away from the editor page, no new windows. Takes Electron objects
// as parameters (narrowed to what is used) so it can be tested with fakes.
import { CONTENT_SECURITY_POLICY } from "./csp";
import { isAppUrl } from "./app-url";

export interface HeadersDetails {
  readonly responseHeaders?: Record<string, string[]>;
}
export interface HeadersResponse {
  responseHeaders?: Record<string, string | string[]>;
}

export interface SessionLike {
  readonly webRequest: {
    onHeadersReceived(listener: (details: HeadersDetails, callback: (response: HeadersResponse) => void) => void): void;
  };
  setPermissionRequestHandler(handler: (webContents: unknown, permission: string, callback: (granted: boolean) => void) => void): void;
  setPermissionCheckHandler(handler: (webContents: unknown, permission: string) => boolean): void;
}

/** Sets our policy on every response, replacing any policy header already present (whatever
 * its letter case). Note: Chromium applies response headers to http(s) and custom protocols;
 * for file:// pages the same policy must also be given in the page's <meta> tag. */
export function applyContentSecurityPolicy(session: SessionLike, policy: string = CONTENT_SECURITY_POLICY): void {
  session.webRequest.onHeadersReceived((details, callback) => {
    const headers: Record<string, string[]> = {};
    for (const [name, value] of Object.entries(details.responseHeaders ?? {})) {
      if (name.toLowerCase() !== "content-security-policy") headers[name] = value;
    }
    // Electronegativity cannot read a policy passed as a variable; electronegativity.test.ts
    // runs its CSP evaluator on CONTENT_SECURITY_POLICY instead.
    headers["Content-Security-Policy"] = [policy]; // eng-disable CSP_GLOBAL_CHECK
    callback({ responseHeaders: headers });
  });
}

/** The editor needs no camera, notifications, geolocation, ...: refuse every request and check. */
export function denyAllPermissions(session: SessionLike): void {
  session.setPermissionRequestHandler((_webContents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}

export interface PreventableEvent {
  preventDefault(): void;
}
export interface NavigationEvent extends PreventableEvent {
  readonly url: string;
}

export interface WebContentsLike {
  on(event: "will-navigate" | "will-redirect", listener: (event: NavigationEvent) => void): unknown;
  on(event: "will-attach-webview", listener: (event: PreventableEvent) => void): unknown;
  setWindowOpenHandler(handler: (details: { readonly url: string }) => { action: "deny" }): void;
}

export interface GuardOptions {
  /** The editor page's file:// URL (see app-url.ts). */
  readonly indexUrl: string;
  /** Opens http(s) links from window.open / target=_blank in the user's browser; omit to drop them. */
  readonly openExternal?: (url: string) => Promise<void>;
}

/** True for the only links worth handing to the system browser. */
export function isWebLink(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === "https:" || protocol === "http:";
  } catch {
    return false;
  }
}

/** Keeps `contents` on the editor page: other navigations and redirects are prevented, webviews
 * refused, and window.open always denied (web links go to the external browser if allowed). */
export function guardWebContents(contents: WebContentsLike, options: GuardOptions): void {
  const stayOnApp = (event: NavigationEvent): void => {
    if (!isAppUrl(event.url, options.indexUrl)) event.preventDefault();
  };
  contents.on("will-navigate", stayOnApp);
  contents.on("will-redirect", stayOnApp);
  contents.on("will-attach-webview", (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (options.openExternal && isWebLink(url)) {
      // A failure to start the browser is not worth crashing the main process over.
      options.openExternal(url).catch(() => undefined); // eng-disable OPEN_EXTERNAL_JS_CHECK (isWebLink lets only http(s) through)
    }
    return { action: "deny" };
  });
}
