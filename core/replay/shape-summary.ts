// The mismatches of a replay gathered by shape: one moved platform against a long log is one line
// ("plat-1: 2,150 rays: moved-point 2,132 (1.889–23.41, median 2.912), lost-hit 18"), not
// thousands in file order. Kept as the rays stream by, in bounded memory.
import { roundForDisplay } from "./compare";
import { MISMATCH_KINDS, type MismatchKind, type ReplayResult } from "./types";

/** One kind of mismatch on one shape: how many, and for moved-point the distances, for turned-normal the angles. */
export interface ShapeKindSummary {
  readonly kind: MismatchKind;
  readonly count: number;
  /** moved-point: distances (world units); turned-normal: angles (degrees). Absent for the other kinds. */
  readonly min?: number;
  readonly max?: number;
  /** The median of the first MEASURES_KEPT measures of the run (exact below that). */
  readonly median?: number;
}

/** The mismatching rays of one shape: the shape they expected (a new hit: the shape now hit). */
export interface ShapeSummary {
  readonly shape: string;
  readonly rays: number;
  /** Most first; ties in MISMATCH_KINDS order. */
  readonly kinds: readonly ShapeKindSummary[];
}

/** The key of a mismatch without an expected or a hit shape (a lost hit on an unnamed shape). */
export const NO_SHAPE = "(no shape named)";
/** Shapes counted apart at most; the mismatches of any further shape are counted under OTHER_SHAPES. */
export const SHAPES_TRACKED = 10_000;
export const OTHER_SHAPES = "(other shapes)";
/** Distances and angles kept for medians, over every shape of the run (8 bytes each). */
export const MEASURES_KEPT = 1_000_000;
/** Shapes listed by the text summary; the rest are counted in one line. */
export const SHAPES_LISTED = 20;

/** The shape a mismatch is filed under: the one it expected, else (a new hit) the one it hits now. */
export const shapeOfMismatch = (r: ReplayResult): string => r.ray.expect?.shape ?? r.hit?.shape ?? NO_SHAPE;

/** The measure summarised for a kind: a moved point's distance, a turned normal's angle; NaN for none. */
export function measureOf(r: ReplayResult): number {
  if (r.mismatch?.kind === "moved-point") return r.mismatch.distance ?? NaN;
  if (r.mismatch?.kind === "turned-normal") return r.mismatch.angle ?? NaN;
  return NaN;
}

interface KindTally {
  count: number;
  min: number;
  max: number;
  kept: number[];
}

export class ShapeTally {
  private readonly shapes = new Map<string, Map<MismatchKind, KindTally>>();
  private kept = 0;

  /** Counts one mismatch of `kind` on `shape`; `measure` is NaN when the kind has none. */
  add(shape: string, kind: MismatchKind, measure: number): void {
    let kinds = this.shapes.get(shape);
    if (!kinds) {
      const key = this.shapes.size < SHAPES_TRACKED ? shape : OTHER_SHAPES;
      kinds = this.shapes.get(key);
      if (!kinds) this.shapes.set(key, (kinds = new Map()));
    }
    let t = kinds.get(kind);
    if (!t) kinds.set(kind, (t = { count: 0, min: Infinity, max: -Infinity, kept: [] }));
    t.count++;
    if (Number.isNaN(measure)) return;
    if (measure < t.min) t.min = measure;
    if (measure > t.max) t.max = measure;
    if (this.kept < MEASURES_KEPT) {
      t.kept.push(measure);
      this.kept++;
    }
  }

  /** Every shape, most mismatching rays first (ties by shape id, so the order is the same every run). */
  summary(): ShapeSummary[] {
    const out: ShapeSummary[] = [];
    for (const [shape, kinds] of this.shapes) {
      let rays = 0;
      const list: ShapeKindSummary[] = [];
      for (const kind of MISMATCH_KINDS) {
        const t = kinds.get(kind);
        if (!t) continue;
        rays += t.count;
        list.push(t.kept.length === 0 && t.min === Infinity ? { kind, count: t.count } : { kind, count: t.count, min: t.min, max: t.max, ...(t.kept.length === 0 ? {} : { median: median(t.kept) }) });
      }
      list.sort((a, b) => b.count - a.count);
      out.push({ shape, rays, kinds: list });
    }
    return out.sort((a, b) => b.rays - a.rays || (a.shape < b.shape ? -1 : a.shape > b.shape ? 1 : 0));
  }
}

function median(values: number[]): number {
  const sorted = Float64Array.from(values).sort();
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const count = (n: number): string => n.toLocaleString("en");

/** "moved-point 2,132 (1.889–23.41, median 2.912), lost-hit 18": a shape's mismatches by kind. */
export function describeShapeKinds(s: ShapeSummary): string {
  return s.kinds.map((k) => {
    if (k.min === undefined || k.max === undefined) return `${k.kind} ${count(k.count)}`;
    const unit = k.kind === "turned-normal" ? "°" : "";
    const range = k.min === k.max ? `${roundForDisplay(k.min)}${unit}` : `${roundForDisplay(k.min)}–${roundForDisplay(k.max)}${unit}`;
    return `${k.kind} ${count(k.count)} (${range}${k.median === undefined || k.count === 1 ? "" : `, median ${roundForDisplay(k.median)}${unit}`})`;
  }).join(", ");
}

/** "plat-1: 2,150 rays: moved-point 2,132 (1.889–23.41, median 2.912), lost-hit 18". */
export const describeShapeSummary = (s: ShapeSummary): string => `${s.shape}: ${count(s.rays)} ray${s.rays === 1 ? "" : "s"}: ${describeShapeKinds(s)}`;

/** "and 4 more shapes (37 rays)" for the shapes past the first `limit`, or null. */
export function moreShapes(list: readonly ShapeSummary[], limit = SHAPES_LISTED): string | null {
  if (list.length <= limit) return null;
  const rest = list.slice(limit).reduce((n, s) => n + s.rays, 0);
  return `and ${count(list.length - limit)} more shape${list.length - limit === 1 ? "" : "s"} (${count(rest)} ray${rest === 1 ? "" : "s"})`;
}

/** The summary's lines for a person: the first `limit` shapes, then how many more and their rays. */
export function shapeSummaryLines(list: readonly ShapeSummary[], limit = SHAPES_LISTED): string[] {
  const more = moreShapes(list, limit);
  return [...list.slice(0, limit).map(describeShapeSummary), ...(more === null ? [] : [more])];
}

/** Distinct missing shape names kept for the warning (the count goes on past them). */
const MISSING_NAMED = 3;
/** Distinct missing shape names counted at most (a set of names costs memory per name). */
const MISSING_COUNTED = 100_000;

/**
 * Whether the shapes a log expects are in the scene at all: a log replayed against the wrong level
 * loses every hit, and a warning then says so once instead of leaving thousands of lost hits to read.
 */
export class ExpectedShapes {
  private present = 0;
  private readonly missing = new Set<string>();
  private more = false;

  /** Counts rays that expected a shape the scene has. */
  addPresent(rays: number): void {
    this.present += rays;
  }

  /** Notes a shape a ray expected that the scene has not. */
  addMissing(shape: string): void {
    if (this.missing.size < MISSING_COUNTED) this.missing.add(shape);
    else if (!this.missing.has(shape)) this.more = true;
  }

  /** "none of the 5 shapes this log expects (plat-1, coin-2, wall, …) are in other.json: is this the right level?", or null. */
  warning(sceneName: string): string | null {
    const n = this.missing.size;
    if (this.present > 0 || n === 0) return null;
    const names = [...this.missing].slice(0, MISSING_NAMED).join(", ") + (n > MISSING_NAMED ? ", …" : "");
    if (n === 1) return `the one shape this log expects (${names}) is not in ${sceneName}: is this the right level?`;
    return `none of the ${this.more ? "more than " : ""}${n.toLocaleString("en")} shapes this log expects (${names}) are in ${sceneName}: is this the right level?`;
  }
}
