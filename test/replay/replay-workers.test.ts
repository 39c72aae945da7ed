// `replay --workers 2` (worker threads, the way a log of 64 MB or more is replayed) against the
// in-process replay of the same log, through the real bundled binary: every output the same to the
// byte, in log order, with bad lines refused or skipped the same way.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
const BIN = join(ROOT, "dist/cli/collider-studio.cjs");

describe("collider-studio replay --workers", () => {
  const dir = mkdtempSync(join(tmpdir(), "replay-workers-"));
  const scene = join(dir, "level.json");
  const log = join(dir, "rays.jsonl");
  beforeAll(() => {
    execFileSync(process.execPath, ["build/bundle.mjs", "cli"], { cwd: ROOT, stdio: "pipe" });
    writeFileSync(scene, JSON.stringify({
      format: "collider-studio-scene", version: 1,
      // The trigger (a sensor) is passed through unless --include-sensors.
      shapes: [{ id: "wall", type: "box", x: 10, y: 0, width: 2, height: 10 }, { id: "post", type: "circle", x: 20, y: 0, radius: 1, collisionLayer: 2 }, { id: "trigger", type: "box", x: 4, y: 3, width: 1, height: 8, sensor: true }],
    }));
    // 30,000 rays: several batches per worker, 9 tags, ok, mismatching and unchecked rays, blank lines.
    const lines: string[] = [];
    for (let i = 0; i < 30000; i++) {
      if (i % 5000 === 4999) lines.push("");
      const y = i % 7;
      lines.push(JSON.stringify({ id: `r${i}`, from: [0, y], to: [30, y], tag: `t${i % 9}`, ...(i % 11 === 0 ? {} : { expect: { hit: true, shape: "wall", point: [i % 3 === 0 ? 5 : 9, y] } }) }));
    }
    writeFileSync(log, lines.join("\n") + "\n");
  });

  const replay = (workers: number, file: string, extra: string[]) => {
    const out = (name: string) => join(dir, `${name}-${workers}`);
    const r = spawnSync(process.execPath, [BIN, "replay", scene, file, "--workers", String(workers), "--json", "--record", out("rec.jsonl"), "--junit", out("junit.xml"), "--html", out("report.html"), ...extra], { encoding: "utf8", maxBuffer: 1 << 26 });
    const read = (name: string) => { try { return readFileSync(out(name), "utf8"); } catch { return null; } };
    // The HTML report's generation time differs between runs; nothing else may.
    const html = read("report.html")?.replace(/<time datetime="[^"]*">[^<]*<\/time>/, "") ?? null;
    return { code: r.status, stdout: r.stdout, stderr: r.stderr, record: read("rec.jsonl"), junit: read("junit.xml"), html };
  };

  it("gives every output of the in-process replay, byte for byte", () => {
    const one = replay(0, log, []), two = replay(2, log, []);
    expect(one.code).toBe(1);
    expect(one.stdout.length).toBeGreaterThan(1_000_000);
    expect(two).toEqual(one);
  }, 60_000);

  it("--include-sensors reaches the workers: the same outputs as in process, and sensors stop the rays", () => {
    const one = replay(0, log, ["--include-sensors"]), two = replay(2, log, ["--include-sensors"]);
    expect(two).toEqual(one);
    const summary = (r: { stdout: string }) => (JSON.parse(r.stdout) as { summary: { byKind: Record<string, number> } }).summary.byKind;
    // Every checked ray expected the wall; the trigger before it now stops each one.
    expect(summary(one)["other-shape"]).toBeGreaterThan(summary(replay(0, log, []))["other-shape"]!);
    expect(one.record).toContain('"shape":"trigger"');
  }, 60_000);

  it("refuses a log at its first malformed line, or skips it, the same way", () => {
    const text = readFileSync(log, "utf8").split("\n");
    const bad = join(dir, "bad.jsonl");
    writeFileSync(bad, [...text.slice(0, 20000), '{"id": "broken", "from": [0, 0]}', ...text.slice(20000)].join("\n"));
    const refusedOne = replay(0, bad, []), refusedTwo = replay(2, bad, []);
    expect(refusedOne.code).toBe(2);
    expect(refusedOne.stderr).toContain(`${bad}:20001: to: is missing`);
    expect(refusedTwo.code).toBe(2);
    expect(refusedTwo.stdout).toBe(refusedOne.stdout);
    expect(refusedTwo.stderr).toBe(refusedOne.stderr);
    const skippedOne = replay(0, bad, ["--skip-bad-lines"]), skippedTwo = replay(2, bad, ["--skip-bad-lines"]);
    expect(skippedOne.stderr).toContain("(skipped)");
    expect(skippedTwo).toEqual(skippedOne);
  }, 60_000);

  it("refuses a number of workers that is not a whole number from 0 to 16", () => {
    const r = spawnSync(process.execPath, [BIN, "replay", scene, log, "--workers", "x"], { encoding: "utf8" });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('expected a whole number of workers from 0 to 16, got "x"');
    expect(r.stderr).not.toMatch(/^\s+at /m);
  });
});
