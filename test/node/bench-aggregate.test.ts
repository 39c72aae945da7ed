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

  it("gives each manifold's time over Box2D's in C, and names those above issue 27's 1.5×", () => {
    const runs = [
      run(result("manifold box–box", "ours", 150), result("manifold box–box", "Box2D v3 (C)", 100), result("manifold 8-gon–8-gon", "ours", 300), result("manifold 8-gon–8-gon", "Box2D v3 (C)", 150)),
      run(result("manifold box–box", "ours", 120), result("manifold box–box", "Box2D v3 (C)", 100), result("manifold 8-gon–8-gon", "ours", 200), result("manifold 8-gon–8-gon", "Box2D v3 (C)", 160)),
      run(result("manifold box–box", "ours", 130), result("manifold box–box", "Box2D v3 (C)", 100), result("manifold 8-gon–8-gon", "ours", 240), result("manifold 8-gon–8-gon", "Box2D v3 (C)", 150)),
    ];
    const text = aggregate(runs);
    expect(text).toContain("| box–box | 1.30× | 1.20–1.50× |");
    expect(text).toContain("| 8-gon–8-gon | 1.60× | 1.25–2.00× |");
    expect(text).toContain("Above 1.5× Box2D in C (median over the runs): manifold 8-gon–8-gon (1.60×).");
    expect(aggregate(runs.map((r) => ({ ...r, results: r.results.filter((x) => x.group === "manifold box–box") })))).toContain("Every manifold is within 1.5× of Box2D in C");
    // Without Box2D, no such table.
    expect(aggregate([run(result("manifold box–box", "ours", 100))])).not.toContain("Box2D");
  });
});
