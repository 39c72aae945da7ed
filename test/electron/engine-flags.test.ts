// The editor page's V8 flags, set on the main process's command line before the page starts.
import { describe, expect, it } from "vitest";
import { applyPageJsFlags, PAGE_JS_FLAGS, type CommandLineLike } from "../../electron/engine-flags";

/** Chromium's command line as far as switches go: one value per switch, the last one set. */
function commandLine(initial: Record<string, string> = {}): CommandLineLike & { switches: Map<string, string> } {
  const switches = new Map(Object.entries(initial));
  return {
    switches,
    hasSwitch: (name) => switches.has(name),
    getSwitchValue: (name) => switches.get(name) ?? "",
    appendSwitch: (name, value = "") => { switches.set(name, value); },
  };
}

describe("applyPageJsFlags", () => {
  it("gives the page semi-spaces of up to 64 MB", () => {
    const line = commandLine();
    applyPageJsFlags(line);
    expect(PAGE_JS_FLAGS).toBe("--max-semi-space-size=64");
    expect(line.switches.get("js-flags")).toBe(PAGE_JS_FLAGS);
  });

  it("keeps the flags a user launched with, adding its own after them", () => {
    const line = commandLine({ "js-flags": "--expose-gc " });
    applyPageJsFlags(line);
    expect(line.switches.get("js-flags")).toBe(`--expose-gc ${PAGE_JS_FLAGS}`);
  });

  it("leaves a user's own young-generation size alone, however spelt", () => {
    for (const own of ["--max-semi-space-size=8", "--expose-gc --max_semi_space_size=128"]) {
      const line = commandLine({ "js-flags": own });
      applyPageJsFlags(line);
      expect(line.switches.get("js-flags")).toBe(own);
    }
  });
});
