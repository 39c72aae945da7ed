// The command line run in process for tests: texts it reads come from `files` (path → text), else
// from disk when `disk` is set, else it is told "no file PATH"; what it writes is kept in `written`
// (writing over a path `files` holds answers its `.bak`, as the atomic writer keeps one). Its
// output never shows a stack trace.
import { expect } from "vitest";
import { runCli, type CliIO } from "../../core/node/cli";
import { readTextFile } from "../../core/node/files";

export interface CliRun {
  readonly code: number;
  readonly out: string;
  readonly err: string;
  readonly written: Record<string, string>;
  /** Every path read, in order. */
  readonly reads: readonly string[];
}

const STACK_LINES = [/^\s{4}at /m, /^\s+at .+:\d+:\d+\)?$/m];

export async function runInMemory(argv: readonly string[], files: Record<string, string> = {}, options: { readonly disk?: boolean } = {}): Promise<CliRun> {
  let out = "", err = "";
  const written: Record<string, string> = {};
  const reads: string[] = [];
  const io: CliIO = {
    stdout: (t) => void (out += t),
    stderr: (t) => void (err += t),
    readText: async (path) => {
      reads.push(path);
      if (path in files) return files[path]!;
      if (options.disk) return readTextFile(path);
      throw new Error(`no file ${path}`);
    },
    writeText: async (path, text) => {
      written[path] = text;
      return path in files ? `${path}.bak` : null;
    },
  };
  const code = await runCli(argv, io);
  for (const stack of STACK_LINES) expect(out + err).not.toMatch(stack);
  return { code, out, err, written, reads };
}
