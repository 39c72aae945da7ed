// The check every command that writes files makes before it reads or writes anything: no output
// may be one of its inputs (`replay level.json base.jsonl --record base.jsonl` would empty the log
// it reads) or another of its outputs. Paths are compared as the file system resolves them
// (symbolic links followed, "." and ".." gone), case-folded where the file system usually ignores case.
import { realpathSync } from "node:fs";
import path from "node:path";
import { UserError } from "./files";

/** A file a command reads or writes, with how the user named it ("--record", "the ray log"). */
export interface NamedPath {
  readonly what: string;
  readonly path: string;
}

/** The real path of `file`: its own when it exists, else its folder's real path and its name (an output not made yet). */
export function realPathOf(file: string): string {
  const absolute = path.resolve(file);
  let real: string;
  try {
    real = realpathSync.native(absolute);
  } catch {
    try {
      real = path.join(realpathSync.native(path.dirname(absolute)), path.basename(absolute));
    } catch {
      real = absolute;
    }
  }
  return process.platform === "win32" || process.platform === "darwin" ? real.toLowerCase() : real;
}

/**
 * Refuses (UserError, exit 2) an output path that is an input's or another output's, naming both.
 * Absent outputs and "-" (standard output) are not files.
 */
export function checkOutputPaths(inputs: readonly NamedPath[], outputs: readonly (NamedPath | { what: string; path: string | undefined })[]): void {
  const seen: { what: string; path: string; real: string; input: boolean }[] = inputs.map((i) => ({ ...i, real: realPathOf(i.path), input: true }));
  for (const o of outputs) {
    if (o.path === undefined || o.path === "-") continue;
    const real = realPathOf(o.path);
    const clash = seen.find((s) => s.real === real);
    if (clash) {
      const role = clash.input ? "an input" : "another output";
      throw new UserError(`${o.what} ${o.path} is the same file as ${clash.what} ${clash.path} (${role}): it would be overwritten; give ${o.what} another file`);
    }
    seen.push({ what: o.what, path: o.path, real, input: false });
  }
}
