// The one Content-Security-Policy of the editor page, shared by the desktop shell (response header)
// and the launcher's web fallback, so both run the page under the same rules.

/** Only the app's own files: no remote code, no eval, no plugins, no framing. Inline styles are
 * allowed because canvas and React libraries set style attributes. Images only from data: and
 * blob: URLs: a scene's pictures reach the page as bytes (the image:read channel, or a data: URL
 * in the scene), never by a file:// or http(s) address. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");
