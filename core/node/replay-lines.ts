// Replaying lines of a ray log into what the outputs need, in one form for the in-process loop and
// for the worker threads of a long log: per ray its status and mismatch kind (for the tally), and,
// only when asked, its --json line, its --record line, its JUnit test case and the whole result
// (kept for the terminal and the HTML report). Plain data, so a worker can post it.
import type { CollisionWorld } from "../collision-world";
import { replayRecordedRay } from "../replay/cast";
import { expectationOf } from "../replay/compare";
import { junitCase, suiteOf } from "../replay/junit";
import { rayName } from "../replay/probe-log";
import { measureOf, shapeOfMismatch } from "../replay/shape-summary";
import { parseRayLine, rayLine, type RayLogProblem } from "../replay/ray-log";
import type { MismatchKind, ReplayResult, ReplayStatus } from "../replay/types";

/** What the run writes, so a line is turned into only the texts it needs. */
export interface LineOutputs {
  readonly json: boolean;
  readonly record: boolean;
  /** The run's name in JUnit class names (the log's file name), or null without --junit. */
  readonly junitName: string | null;
}

/** One line replayed: a ray, a blank line, or a line refused with its problem. */
export type LineOutcome =
  | {
    readonly kind: "ray";
    readonly id: string;
    readonly status: ReplayStatus;
    readonly mismatch: MismatchKind | undefined;
    /** A mismatch: the shape the per-shape summary files it under, and its distance or angle (NaN for none). */
    readonly shape: string | null;
    readonly measure: number;
    /** The shape the ray expected to hit (undefined: none named), and whether the scene has it. */
    readonly expected: string | undefined;
    readonly expectedPresent: boolean;
    /** The whole result, when the caller may keep it (see replayLine's `want`). */
    readonly result: ReplayResult | null;
    readonly json: string | null;
    readonly record: string | null;
    readonly junitTag: string | null;
    readonly junitCase: string | null;
  }
  | { readonly kind: "blank" }
  | { readonly kind: "problem"; readonly problem: RayLogProblem };

export const resultJson = (r: ReplayResult): string => JSON.stringify({
  id: r.ray.id,
  ...(rayName(r.ray) === undefined ? {} : { name: rayName(r.ray) }),
  line: r.ray.line,
  hit: r.hit !== null,
  ...(r.hit ? { shape: r.hit.shape, fraction: r.hit.fraction, point: [r.hit.point.x, r.hit.point.y], normal: [r.hit.normal.x, r.hit.normal.y] } : {}),
  status: r.status,
  ...(r.mismatch ? { mismatch: r.mismatch.kind, ...(r.mismatch.distance === undefined ? {} : { distance: r.mismatch.distance }), ...(r.mismatch.angle === undefined ? {} : { angle: r.mismatch.angle }) } : {}),
  ...(r.startsInside === undefined ? {} : { startsInside: r.startsInside }),
  ...(r.reason === undefined ? {} : { reason: r.reason }),
});

const BLANK: LineOutcome = { kind: "blank" };

/**
 * Parses, casts and compares one line (sensors stop it when the line or `includeSensors` says so). `want(status)` says whether the whole result may be kept
 * (a worker sends results only while the main thread still keeps them).
 */
export function replayLine(world: CollisionWorld, text: string, line: number, tolerance: number, outputs: LineOutputs, want: (status: ReplayStatus) => boolean, includeSensors = false): LineOutcome {
  const parsed = parseRayLine(text, line);
  if (!parsed.ok) return { kind: "problem", problem: parsed.problem };
  const ray = parsed.ray;
  if (!ray) return BLANK;
  const result = replayRecordedRay(world, ray, tolerance, includeSensors);
  const hit = result.hit;
  return {
    kind: "ray",
    id: ray.id,
    status: result.status,
    mismatch: result.mismatch?.kind,
    shape: result.status === "mismatch" ? shapeOfMismatch(result) : null,
    measure: measureOf(result),
    expected: ray.expect?.hit === true ? ray.expect.shape : undefined,
    expectedPresent: result.reason?.kind !== "shape-gone",
    result: want(result.status) ? result : null,
    json: outputs.json ? resultJson(result) : null,
    record: outputs.record ? rayLine(ray, expectationOf(hit)) + "\n" : null,
    junitTag: outputs.junitName === null ? null : suiteOf(result),
    junitCase: outputs.junitName === null ? null : junitCase(result, outputs.junitName),
  };
}
