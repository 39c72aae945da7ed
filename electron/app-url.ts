// The editor page's own address (its file:// URL), and the test of whether a URL is that page.
// Navigation guards and the IPC sender check both rely on this one comparison.
import { pathToFileURL } from "node:url";

export function appIndexUrl(indexHtmlPath: string): string {
  return pathToFileURL(indexHtmlPath).href;
}

/** True when `url` is the app's index file; query and fragment are ignored because the page may
 * use them for its own state, but the scheme, host and path must be identical. */
export function isAppUrl(url: string, indexUrl: string): boolean {
  let candidate: URL;
  try {
    candidate = new URL(url);
  } catch {
    return false;
  }
  const own = new URL(indexUrl);
  return candidate.protocol === "file:" && candidate.host === own.host && candidate.pathname === own.pathname;
}
