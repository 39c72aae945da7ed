// The verdict for one replayed ray: what was expected against what this replay found, by kind
// (lost hit, new hit, other shape, moved hit point), and the totals of a run.
import type { CastHit } from "../scene-query";
import { MISMATCH_KINDS, type Expectation, type MismatchKind, type RayRecord, type ReplayResult, type ReplayStatus, type ReplaySummary } from "./types";

/** Hit points within this many world units of the expected one are the same hit (--tolerance). */
export const DEFAULT_TOLERANCE = 0.01;

/**
 * Compares a replay's closest hit with the ray's expectation. Without `expect` the ray is
 * unchecked. A hit is the same when it is on the same shape (when the expectation names one) and,
 * when the expectation has a point, within `tolerance` of it.
 */
export function compareRay(ray: RayRecord, hit: CastHit | null, tolerance = DEFAULT_TOLERANCE): ReplayResult {
  const expect = ray.expect;
  if (!expect) return { ray, hit, status: "unchecked" };
  if (expect.hit && !hit) return { ray, hit, status: "mismatch", mismatch: { kind: "lost-hit" } };
  if (!expect.hit && hit) return { ray, hit, status: "mismatch", mismatch: { kind: "new-hit" } };
  if (!expect.hit || !hit) return { ray, hit, status: "ok" };
  const distance = expect.point ? Math.hypot(hit.point.x - expect.point[0], hit.point.y - expect.point[1]) : undefined;
  const withDistance = distance === undefined ? {} : { distance };
  if (expect.shape !== undefined && expect.shape !== hit.shape) return { ray, hit, status: "mismatch", mismatch: { kind: "other-shape", ...withDistance } };
  if (distance !== undefined && !(distance <= tolerance)) return { ray, hit, status: "mismatch", mismatch: { kind: "moved-point", distance } };
  return { ray, hit, status: "ok" };
}

/** This replay's result as an expectation, for --record. */
export function expectationOf(hit: CastHit | null): Expectation {
  if (!hit) return { hit: false };
  return { hit: true, shape: hit.shape, fraction: hit.fraction, point: [hit.point.x, hit.point.y], normal: [hit.normal.x, hit.normal.y] };
}

/** Totals, kept as rays stream by (nothing per ray is held). */
export class ReplayTally {
  total = 0;
  ok = 0;
  mismatch = 0;
  unchecked = 0;
  readonly byKind: Record<MismatchKind, number> = Object.fromEntries(MISMATCH_KINDS.map((k) => [k, 0])) as Record<MismatchKind, number>;

  constructor(readonly tolerance: number) {}

  add(result: ReplayResult): void {
    this.addStatus(result.status, result.mismatch?.kind);
  }

  /** Counts one result by its status and mismatch kind (what a replay worker posts back). */
  addStatus(status: ReplayStatus, kind: MismatchKind | undefined): void {
    this.total++;
    this[status]++;
    if (kind !== undefined) this.byKind[kind]++;
  }

  summary(): ReplaySummary {
    return { total: this.total, ok: this.ok, mismatch: this.mismatch, unchecked: this.unchecked, byKind: { ...this.byKind }, tolerance: this.tolerance };
  }
}
