// The table `npm run bench -- --runs N` prints from its runs: medians, ratio ranges, and the planck
// verdict only where manifolds or distances ran.
import { describe, expect, it } from "vitest";
import { aggregate, type RunFile } from "../bench/aggregate";
import type { Result } from "../bench/harness";

const result = (group: string, lib: string, median: number): Result => ({ group, lib, median, min: median, q1: median, q3: median, reps: 1, callsPerBatch: 1, samples: [median] });
const run = (...results: Result[]): RunFile => ({ date: "2026-11-23", node: "v20", cpu: "test CPU", results });

describe("aggregate", () => {
  it("gives each peer's median ns and the median and range of its ratio over the runs", () => {
    const text = aggregate([
      run(result("sweep box→box", "ours", 200), result("sweep box→box", "Box2D v3 (C)", 250)),
      run(result("sweep box→box", "ours", 250), result("sweep box→box", "Box2D v3 (C)", 200)),
      run(result("sweep box→box", "ours", 240), result("sweep box→box", "Box2D v3 (C)", 240)),
    ]);
    expect(text).toContain("| sweep box→box | Box2D v3 (C) | 240 | 240 | 1.0× | 0.8–1.3× |");
    expect(text).toContain("Median of 3 bench processes");
    // No manifold or distance ran: no verdict about them.
    expect(text).not.toMatch(/manifold and distance|3× planck/);
  });

  it("names the manifolds and distances below 3× planck, or says none is", () => {
    expect(aggregate([run(result("manifold box–box", "ours", 100), result("manifold box–box", "planck", 250))])).toContain("Below the 3× planck target (median over the runs): manifold box–box (2.5×).");
    expect(aggregate([run(result("distance box–box", "ours", 100), result("distance box–box", "planck", 400))])).toContain("Every manifold and distance is at least 3× faster than planck");
  });
});
