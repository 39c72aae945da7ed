// The collider-studio command-line tool. Commands are small functions over the core; commander
// parses arguments. Exit codes: 0 success, 1 invalid scene, 2 usage or input error.
import { Command, CommanderError } from "commander";
import { findOverlaps } from "../overlaps";
import { formatProblem } from "../scene/errors";
import { parseScene } from "../scene/io";
import type { Scene } from "../scene/types";
import { readTextFile, UserError } from "./files";

export interface CliIO {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly readText: (path: string) => Promise<string>;
}

export const nodeIO: CliIO = {
  stdout: (t) => process.stdout.write(t),
  stderr: (t) => process.stderr.write(t),
  readText: readTextFile,
};

export const VERSION = "0.1.0";

async function loadScene(io: CliIO, file: string): Promise<Scene> {
  const result = parseScene(await io.readText(file));
  if (!result.ok) {
    throw new UserError(result.problems.map((p) => formatProblem(p, file)).join("\n"), 1);
  }
  return result.scene;
}

/** Fixed-point number without a trailing "-0". */
function fixed(n: number, digits: number): string {
  const s = n.toFixed(digits);
  return /^-0\.?0*$/.test(s) ? s.slice(1) : s;
}

function table(rows: readonly (readonly string[])[]): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  return rows.map((r) => r.map((cell, c) => cell.padEnd(widths[c]!)).join("  ").trimEnd()).join("\n") + "\n";
}

async function validateCommand(io: CliIO, file: string): Promise<void> {
  const scene = await loadScene(io, file);
  io.stdout(`${file}: valid (${scene.shapes.length} shape${scene.shapes.length === 1 ? "" : "s"})\n`);
}

async function overlapsCommand(io: CliIO, file: string, opts: { json?: boolean }): Promise<void> {
  const scene = await loadScene(io, file);
  const pairs = findOverlaps(scene.shapes);
  if (opts.json) {
    const out = { pairs: pairs.map((p) => ({ a: p.a, b: p.b, depth: p.depth, normal: [p.normal.x, p.normal.y], points: p.points.map((q) => [q.x, q.y]) })) };
    io.stdout(JSON.stringify(out) + "\n");
    return;
  }
  if (pairs.length === 0) {
    io.stdout(`No overlaps among ${scene.shapes.length} shapes.\n`);
    return;
  }
  const point = (x: number, y: number) => `(${fixed(x, 4)}, ${fixed(y, 4)})`;
  const rows = [["A", "B", "DEPTH", "NORMAL", "CONTACT POINTS"], ...pairs.map((p) => [p.a, p.b, fixed(p.depth, 4), point(p.normal.x, p.normal.y), p.points.map((q) => point(q.x, q.y)).join(" ")])];
  io.stdout(table(rows) + `${pairs.length} overlapping pair${pairs.length === 1 ? "" : "s"}\n`);
}

function buildProgram(io: CliIO, setExit: (code: number) => void): Command {
  const program = new Command("collider-studio")
    .description("Collider Studio: validate and query 2D collider scenes.")
    .version(VERSION, "-V, --version")
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .showHelpAfterError("Usage: collider-studio <validate|overlaps> [options] <file>   (collider-studio --help for more)");

  const run = (fn: () => Promise<void>) => async () => {
    try {
      await fn();
      setExit(0);
    } catch (err) {
      if (err instanceof UserError) {
        io.stderr(err.message + "\n");
        setExit(err.exitCode);
      } else throw err;
    }
  };

  program
    .command("validate")
    .description("check a scene file; prints one line per problem (FILE:LINE:COLUMN: PATH: MESSAGE)")
    .argument("<file>", "scene file (.json)")
    .showHelpAfterError("Usage: collider-studio validate <file>")
    .action((file: string) => run(() => validateCommand(io, file))());

  program
    .command("overlaps")
    .description("list every overlapping pair of shapes with penetration depth and normal")
    .argument("<file>", "scene file (.json)")
    .option("--json", 'print {"pairs": [{"a", "b", "depth", "normal": [nx, ny], "points": [[x, y], ...]}]}')
    .showHelpAfterError("Usage: collider-studio overlaps [--json] <file>")
    .action((file: string, opts: { json?: boolean }) => run(() => overlapsCommand(io, file, opts))());

  return program;
}

/** Runs the tool on `argv` (without the node and script entries) and returns the exit code. */
export async function runCli(argv: readonly string[], io: CliIO = nodeIO): Promise<number> {
  let code = 0;
  const program = buildProgram(io, (c) => (code = c));
  if (argv.length === 0) {
    io.stderr(program.helpInformation());
    return 2;
  }
  try {
    await program.parseAsync([...argv], { from: "user" });
  } catch (err) {
    if (err instanceof CommanderError) {
      return err.code === "commander.helpDisplayed" || err.code === "commander.version" ? 0 : 2;
    }
    io.stderr(`collider-studio: internal error: ${err instanceof Error ? err.message : String(err)}\n`);
    return 70;
  }
  return code;
}
