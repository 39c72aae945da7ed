// QA ray replay: the records of a ray log (JSON Lines, one ray per line), what a replay found for
// each, and the verdicts. Shared by the log reader, the comparison, the reports and the editor.
import type { CastHit } from "../scene-query";
import type { Point } from "../scene/types";

/** What the game (or an earlier replay) saw for a ray. */
export interface Expectation {
  readonly hit: boolean;
  readonly shape?: string;
  readonly fraction?: number;
  readonly point?: Point;
  readonly normal?: Point;
}

/** One line of a ray log. */
export interface RayRecord {
  /** 1-based line number in the log. */
  readonly line: number;
  readonly id: string;
  readonly from: Point;
  readonly to: Point;
  /** Collision layers the ray sees (collisionLayer & mask ≠ 0); absent: every shape. */
  readonly mask?: number;
  /**
   * true: sensors can stop the ray (the game's query saw triggers: Godot's collide_with_areas).
   * Absent: it passes through sensors, unless the replay is run with --include-sensors.
   */
  readonly includeSensors?: boolean;
  readonly frame?: number;
  readonly time?: number;
  readonly tag?: string;
  readonly expect?: Expectation;
  /** Fields the log format does not know, kept for --record. */
  readonly extra: Readonly<Record<string, unknown>>;
}

export type ReplayStatus = "ok" | "mismatch" | "unchecked";

/**
 * lost-hit: expected a hit, got none. new-hit: expected none, got one. other-shape: hit another
 * shape. moved-point: the same shape, the hit point farther than the tolerance from the expected
 * (by its point, or, when only a fraction was recorded, by the fraction times the ray's length).
 * turned-normal: the same shape and point, the normal turned by more than NORMAL_TOLERANCE_DEGREES.
 */
export type MismatchKind = "lost-hit" | "new-hit" | "other-shape" | "moved-point" | "turned-normal";
export const MISMATCH_KINDS: readonly MismatchKind[] = ["lost-hit", "new-hit", "other-shape", "moved-point", "turned-normal"];

export interface Mismatch {
  readonly kind: MismatchKind;
  /** moved-point: how far the hit point moved (world units); other-shape: too, when both points are known. */
  readonly distance?: number;
  /**
   * turned-normal: the angle between the expected and the actual normal, in degrees; moved-point:
   * the same, when the normal turned by more than NORMAL_TOLERANCE_DEGREES too.
   */
  readonly angle?: number;
}

/**
 * Why a ray lost the shape it expected (lost-hit, other-shape), found in the world as it is now:
 * shape-gone: no shape has that id; layer-not-in-mask: it is on the ray, but its collisionLayer
 * shares no bit with the ray's mask; now-sensor: it is on the ray, but a sensor the ray passes
 * through; blocked: it is on the ray, behind the shape now hit; off-path: it is in the scene but
 * no longer on the ray.
 */
export type MismatchReason =
  | { readonly kind: "shape-gone"; readonly shape: string }
  | { readonly kind: "layer-not-in-mask"; readonly shape: string; readonly collisionLayer: number; readonly mask: number }
  | { readonly kind: "now-sensor"; readonly shape: string }
  | { readonly kind: "blocked"; readonly shape: string; readonly by: string }
  | { readonly kind: "off-path"; readonly shape: string };

export interface ReplayResult {
  readonly ray: RayRecord;
  /** This replay's closest hit, or null for a miss. */
  readonly hit: CastHit | null;
  readonly status: ReplayStatus;
  readonly mismatch?: Mismatch;
  /** A lost hit whose ray now starts inside a shape (which a ray passes out of): that shape's id. */
  readonly startsInside?: string;
  /** Why the expected shape was not hit (replayRecordedRay finds it in the world; compareRay cannot). */
  readonly reason?: MismatchReason;
}

export interface ReplaySummary {
  readonly total: number;
  readonly ok: number;
  readonly mismatch: number;
  readonly unchecked: number;
  readonly byKind: Readonly<Record<MismatchKind, number>>;
  /** The hit-point tolerance the comparison used. */
  readonly tolerance: number;
}
