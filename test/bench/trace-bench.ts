// Issue 24's figure for `npm run bench`: tracing a 2048 × 2048 sprite sheet of 64 sprites (wobbly
// discs, some with holes, clusters of ellipses; test/core/sprite-sheet.ts) into convex pieces with
// the defaults, as `collider-studio trace` does after decoding. Target: 1 s. The time includes the
// IoU the tracer measures (the blobs' checks and the final one); the final measurement alone is
// timed on the side.
import { traceImage } from "../../core/index";
import { opaqueMask } from "../../core/trace/trace";
import { coverageIoU } from "../../core/trace/coverage";
import { makeSpriteSheet } from "../core/sprite-sheet";
import { measureGroup, table, type Result } from "./harness";

export const TRACE_GROUP = "trace 2048² sprite sheet";
const SEED = 20261127;

export interface TraceRun {
  readonly results: Result[];
  readonly lines: string[];
}

export function runTraceBench(options: { quick: boolean; wanted: (group: string) => boolean }): TraceRun | null {
  if (!options.wanted(TRACE_GROUP)) return null;
  const sheet = makeSpriteSheet(SEED);
  const first = traceImage(sheet);
  const mask = opaqueMask(sheet, 128);
  const pieces = first.pieces.map((p) => Float64Array.from(p.points.flatMap(([x, y]) => [p.x + x, p.y + y])));
  const box = { x: 0, y: 0, width: sheet.width, height: sheet.height };
  let count = 0;
  // A trace takes a few hundred milliseconds: one call a batch, few batches.
  const opts = { samples: options.quick ? 3 : 9, batchMs: 1, warmupMs: 1 };
  const results = measureGroup([
    { group: TRACE_GROUP, lib: "ours", callsPerRep: 1, run: (reps) => { for (let r = 0; r < reps; r++) count = traceImage(sheet).pieces.length; return count; } },
    { group: TRACE_GROUP, lib: "ours: the final IoU alone", callsPerRep: 1, run: (reps) => { let s = 0; for (let r = 0; r < reps; r++) s += coverageIoU(mask, sheet.width, 1, box, pieces); return s; } },
  ], opts);
  const trace = results.find((r) => r.lib === "ours")!, iou = results.find((r) => r.lib !== "ours")!;
  const ms = (v: number) => `${(v / 1e6).toFixed(0)} ms`;
  return {
    results,
    lines: [
      `Tracing a 2048 × 2048 sprite sheet of 64 sprites (issue 24; target 1 s): median of ${opts.samples} runs.`,
      "",
      table(["", "time", "outlines (holes)", "pieces", "IoU"], ["l", "r", "r", "r", "r"], [
        ["traceImage, defaults (alpha 128, tolerance 1, 8 vertices), IoU included", ms(trace.median), `${first.outlines} (${first.holes})`, String(first.pieces.length), first.iou.toFixed(4)],
        ["of which the final IoU measurement", ms(iou.median), "", "", ""],
      ]),
      "",
      `- Every run gives the same ${count} pieces; no peer traces images, so there is no ratio.`,
      "",
    ],
  };
}
