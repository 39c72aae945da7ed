// The atomic writer under SIGKILL: a child process saves a large scene over and over (alternating
// two versions) and is killed at seeded random moments, many times. After every kill the target
// and its backups must each be one of the two complete texts, never empty, truncated or mixed.
import { spawn } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseScene, serializeScene } from "../../core/index";
import { scaleScene } from "../bench/editor-scenes";
import { seededRandom } from "../seeded-random";

const KILLS = 30;
/** Kill up to this long after the child's first save: a few saves of the scene below. */
const MAX_DELAY_MS = 40;
const SHAPES = 6_000;

let dir = "";
let child = "";
const texts: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "atomic-kill-"));
  // The real writer, bundled once so each child starts in tens of milliseconds (tsx would take far longer).
  child = path.join(dir, "save-forever.mjs");
  await build({ entryPoints: [path.join(import.meta.dirname, "fixtures", "save-forever.ts")], outfile: child, bundle: true, platform: "node", format: "esm", target: "node20", logLevel: "warning" });
  texts.push(serializeScene(scaleScene(SHAPES, 1)), serializeScene(scaleScene(SHAPES, 2)));
  await writeFile(path.join(dir, "a.txt"), texts[0]!);
  await writeFile(path.join(dir, "b.txt"), texts[1]!);
});

afterAll(async () => {
  if (dir !== "") await rm(dir, { recursive: true, force: true });
});

/** Starts the writer, waits for its first save, lets it run `delayMs` more, and SIGKILLs it. */
function runAndKill(target: string, delayMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [child, target, path.join(dir, "a.txt"), path.join(dir, "b.txt")], { stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    proc.stderr.on("data", (d: Buffer) => { stderr += d.toString(); });
    proc.stdout.once("data", () => setTimeout(() => proc.kill("SIGKILL"), delayMs));
    proc.on("error", reject);
    proc.on("exit", (code, signal) => {
      if (signal === "SIGKILL") resolve();
      else reject(new Error(`the writer exited by itself (code ${code}): ${stderr.split("\n")[0]}`));
    });
  });
}

/** Which of the two texts `file` holds: 0 or 1; anything else fails the test. */
async function whichText(file: string): Promise<number> {
  const text = await readFile(file, "utf8");
  const index = texts.indexOf(text);
  expect(index, `${path.basename(file)} is one of the two complete scenes (${text.length} characters read)`).toBeGreaterThanOrEqual(0);
  return index;
}

describe("writeTextAtomically killed mid-save", () => {
  it(`leaves the target and its backups whole after ${KILLS} SIGKILLs at seeded random moments`, async () => {
    expect(texts[0]!.length).toBeGreaterThan(1_000_000);
    const target = path.join(dir, "level.json");
    await writeFile(target, texts[0]!);
    const random = seededRandom(0x5eed_9);
    let killedMidSave = 0;
    const seen = new Set<number>();
    for (let k = 0; k < KILLS; k++) {
      await runAndKill(target, Math.floor(random() * MAX_DELAY_MS));
      const which = await whichText(target);
      seen.add(which);
      expect(parseScene(texts[which]!).ok).toBe(true);
      const names = await readdir(dir);
      for (const backup of names.filter((n) => /^level\.json\.bak(\.2)?$/.test(n))) await whichText(path.join(dir, backup));
      // A temporary file left behind is a save the kill interrupted; a real crash leaves one too.
      const leftovers = names.filter((n) => n.startsWith(".level.json.") && n.endsWith(".tmp"));
      if (leftovers.length > 0) killedMidSave++;
      await Promise.all(leftovers.map((n) => rm(path.join(dir, n))));
    }
    // The kills must really have landed inside saves, and saves must have completed in between.
    expect(killedMidSave).toBeGreaterThanOrEqual(KILLS / 4);
    expect([...seen].sort()).toEqual([0, 1]);
  }, 30_000);
});
