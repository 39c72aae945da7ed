// An overlapping pair as the allocation-free forms give it (overlapsInto, sensorEventsInto): an
// OverlapPair whose fields are rewritten in place, so that a game loop makes no object per pair.
// overlaps() lists records too, each written once when made and never again.
import type { OverlapPair } from "./overlaps";

/** An OverlapPair that the world rewrites in place (overlapsInto, sensorEventsInto): read it, copy what you keep. */
export class OverlapRecord implements OverlapPair {
  /** Id of the pair's first shape in scene order. */
  a = "";
  /** Id of the pair's second shape in scene order. */
  b = "";
  /** Penetration depth (> 0): how far `b` must move along `normal` to separate from `a`. */
  depth = 0;
  /** Unit direction in which `b` must move by `depth` to separate from `a`. */
  readonly normal: {
    /** The direction's x. */
    x: number;
    /** The direction's y. */
    y: number;
  } = { x: 0, y: 0 };
  /** One or two contact points (world), midway between the surfaces: the second is listed only while the manifold has two. */
  readonly points: {
    /** The point's world x. */
    x: number;
    /** The point's world y. */
    y: number;
  }[] = [{ x: 0, y: 0 }];
  /** The second point, kept while the manifold has one. */
  readonly #second = { x: 0, y: 0 };
  declare readonly sensor?: true;

  constructor(sensor = false) {
    if (sensor) (this as { sensor?: true }).sensor = true;
  }

  /**
   * The world's: writes the pair, ids a and b, and the manifold at m[k…k+8): point count (1 or 2), depth,
   * normal x and y, then the points' x and y. A game has no need to call it.
   *
   * @param a - The first shape's id.
   * @param b - The second shape's id.
   * @param m - The world's packed manifolds.
   * @param k - Where this pair's manifold starts in `m`.
   */
  write(a: string, b: string, m: Float64Array, k: number): void {
    this.a = a;
    this.b = b;
    this.depth = m[k + 1]!;
    this.normal.x = m[k + 2]!;
    this.normal.y = m[k + 3]!;
    const points = this.points, first = points[0]!;
    first.x = m[k + 4]!;
    first.y = m[k + 5]!;
    if (m[k]! > 1) {
      const second = this.#second;
      second.x = m[k + 6]!;
      second.y = m[k + 7]!;
      points[1] = second;
    } else if (points.length > 1) points.length = 1;
  }
}
