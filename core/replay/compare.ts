// The verdict for one replayed ray: what was expected against what this replay found, by kind
// (lost hit, new hit, other shape, moved hit point), and the totals of a run.
import type { CastHit } from "../scene-query";
import { MISMATCH_KINDS, type Expectation, type MismatchKind, type RayRecord, type ReplayResult, type ReplayStatus, type ReplaySummary } from "./types";

/** Hit points within this many world units of the expected one are the same hit (--tolerance). */
export const DEFAULT_TOLERANCE = 0.01;

/**
 * A distance over the tolerance by less than this much of the coordinates' size still counts as
 * within it: 20.01 − 20 is 0.010000000000001563 in binary floating point, which is 0.01 as written.
 */
export const RELATIVE_SLACK = 1e-9;

/** An expected normal and the actual one this many degrees apart or less are the same normal. */
export const NORMAL_TOLERANCE_DEGREES = 0.5;

/** Whether `distance` is within `tolerance`, with RELATIVE_SLACK of `scale` (the coordinates' size) and of the tolerance. */
export const withinTolerance = (distance: number, tolerance: number, scale: number): boolean => distance <= tolerance + RELATIVE_SLACK * (tolerance + scale);

/** The angle between two vectors in degrees (0 to 180); NaN when either is zero. */
export function angleBetween(ax: number, ay: number, bx: number, by: number): number {
  if ((ax === 0 && ay === 0) || (bx === 0 && by === 0)) return NaN;
  return (Math.atan2(Math.abs(ax * by - ay * bx), ax * bx + ay * by) * 180) / Math.PI;
}

/** A distance or angle for people: four significant digits, no float noise ("0.01", not "0.010000000000001563"). */
export const roundForDisplay = (n: number): string => String(Number(n.toPrecision(4)));

/**
 * How far the hit is from the expected one along the ray, and the size of the coordinates involved:
 * by the points when the expectation has one, else by the fractions times the ray's length (the
 * same world distance), else unknown.
 */
function hitDistance(ray: RayRecord, expect: Expectation, hit: CastHit): { distance: number; scale: number } | undefined {
  if (expect.point) {
    const scale = Math.max(Math.abs(expect.point[0]), Math.abs(expect.point[1]), Math.abs(hit.point.x), Math.abs(hit.point.y));
    return { distance: Math.hypot(hit.point.x - expect.point[0], hit.point.y - expect.point[1]), scale };
  }
  if (expect.fraction === undefined) return undefined;
  const length = Math.hypot(ray.to[0] - ray.from[0], ray.to[1] - ray.from[1]);
  const scale = Math.max(Math.abs(ray.from[0]), Math.abs(ray.from[1]), Math.abs(ray.to[0]), Math.abs(ray.to[1]));
  return { distance: Math.abs(hit.fraction - expect.fraction) * length, scale };
}

/**
 * Compares a replay's closest hit with the ray's expectation. Without `expect` the ray is
 * unchecked. A hit is the same when it is on the same shape (when the expectation names one),
 * within `tolerance` of the expected point (or, without a point, of the expected fraction's place
 * on the ray), and with a normal within NORMAL_TOLERANCE_DEGREES of the expected one (when given).
 */
export function compareRay(ray: RayRecord, hit: CastHit | null, tolerance = DEFAULT_TOLERANCE): ReplayResult {
  const expect = ray.expect;
  if (!expect) return { ray, hit, status: "unchecked" };
  if (expect.hit && !hit) return { ray, hit, status: "mismatch", mismatch: { kind: "lost-hit" } };
  if (!expect.hit && hit) return { ray, hit, status: "mismatch", mismatch: { kind: "new-hit" } };
  if (!expect.hit || !hit) return { ray, hit, status: "ok" };
  const apart = hitDistance(ray, expect, hit);
  if (expect.shape !== undefined && expect.shape !== hit.shape) return { ray, hit, status: "mismatch", mismatch: { kind: "other-shape", ...(apart === undefined ? {} : { distance: apart.distance }) } };
  // A moved point is reported first; a normal that turned too rides along (a rotated ramp does both).
  const angle = expect.normal ? angleBetween(expect.normal[0], expect.normal[1], hit.normal.x, hit.normal.y) : 0;
  const turned = angle > NORMAL_TOLERANCE_DEGREES;
  if (apart !== undefined && !withinTolerance(apart.distance, tolerance, apart.scale)) return { ray, hit, status: "mismatch", mismatch: { kind: "moved-point", distance: apart.distance, ...(turned ? { angle } : {}) } };
  if (turned) return { ray, hit, status: "mismatch", mismatch: { kind: "turned-normal", angle } };
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
