// V8 flags for the editor page. A 100,000-shape open keeps hundreds of thousands of new objects
// alive (every shape's geometry, transform and box); with Chromium's default young generation V8
// scavenges a dozen times on the way, copying them and rescanning the world's arrays each time.
// Semi-spaces of up to 64 MB (the young generation grows to them only under such a load) mean
// fewer collections. Kept for that, not for a proven speed-up: its effect on the open's time is
// within the noise of the measurements (test/bench/README.md).
// Main-process switches reach the renderer processes; the web build keeps the browser's default.

/** The page's V8 flags, as `--js-flags` takes them. */
export const PAGE_JS_FLAGS = "--max-semi-space-size=64";

/** The part of Electron's `app.commandLine` this needs. */
export interface CommandLineLike {
  hasSwitch(name: string): boolean;
  getSwitchValue(name: string): string;
  appendSwitch(name: string, value?: string): void;
}

/**
 * Adds PAGE_JS_FLAGS to the js-flags switch, after any the user launched with (Chromium keeps one
 * value per switch: the last). A user's own young-generation size is left as it is.
 */
export function applyPageJsFlags(commandLine: CommandLineLike): void {
  const own = commandLine.hasSwitch("js-flags") ? commandLine.getSwitchValue("js-flags").trim() : "";
  if (/--max[-_]semi[-_]space[-_]size/.test(own)) return;
  commandLine.appendSwitch("js-flags", own === "" ? PAGE_JS_FLAGS : `${own} ${PAGE_JS_FLAGS}`); // eng-disable CUSTOM_ARGUMENTS_JS_CHECK (a young-generation size only, no debugging or security switch)
}
