// A blob with holes as a few simple polygons, for whole outlines: a polygon cannot have a hole, so
// each hole is cut from its leftmost and from its rightmost point straight down to the nearest
// outline (the outer one or another hole's). Down, because the top of terrain is what is walked on:
// the ground over a cave keeps its surface in one piece, the cave's floor goes whole into the
// piece under it, and the seams fall on the underside. The rings and the cuts make a planar graph
// whose inner faces are the pieces, traced by always taking the next edge clockwise.
//
// Why every face is simple: rings are simple and apart, a cut stops at the first outline it meets,
// and cuts on one vertical line meet only at their ends. The bottom-left point of any group of
// holes sends its cut out of the group, so every hole reaches the outer outline by two cuts at
// different points: no face wraps around a hole or visits a point twice. The faces are checked all
// the same (simple, areas summing to the blob's); null asks the caller for convex pieces instead.
import { checkSimplePolygon } from "../outline";

/** Twice the signed area of a ring x0, y0, … (positive clockwise on screen, y down). */
export function ringArea2(ring: ArrayLike<number>): number {
  let twice = 0;
  const n = ring.length / 2;
  for (let k = 0; k < n; k++) {
    const j = (k + 1) % n;
    twice += ring[2 * k]! * ring[2 * j + 1]! - ring[2 * j]! * ring[2 * k + 1]!;
  }
  return twice;
}

/** Where a vertical ray from a hole's extreme point first meets a ring: at a point or inside an edge. */
interface Hit {
  readonly ring: number;
  readonly edge: number;
  /** 0 at the edge's first point, between 0 and 1 inside the edge. */
  readonly t: number;
  readonly x: number;
  readonly y: number;
}

/**
 * Simple polygons (x0, y0, … clockwise on screen, as the tracer's outer outlines run) whose union
 * is the region inside `outer` and outside every hole, meeting only along their edges: one more
 * than the holes. The rings must be simple, apart from one
 * another, the outer one clockwise on screen and the holes inside it. Null when a piece would not
 * be simple or the pieces' area is not the region's.
 */
export function cutAtHoles(outer: ArrayLike<number>, holes: readonly ArrayLike<number>[]): Float64Array[] | null {
  const rings = [outer, ...holes];
  // Each ring run with the region on its right (y down): the outer one clockwise, holes not.
  const oriented = rings.map((r, k) => (ringArea2(r) > 0 === (k === 0) ? Float64Array.from(r) : reverseRing(r)));
  const cuts: { from: [number, number]; to: Hit }[] = [];
  for (let h = 1; h < oriented.length; h++) {
    const ring = oriented[h]!;
    // The bottom of the leftmost points and of the rightmost: nothing of the hole lies on the
    // vertical line below them, so the cut leaves it at once.
    let left = 0, right = 0;
    for (let k = 1; k < ring.length / 2; k++) {
      const x = ring[2 * k]!, y = ring[2 * k + 1]!;
      if (x < ring[2 * left]! || (x === ring[2 * left]! && y > ring[2 * left + 1]!)) left = k;
      if (x > ring[2 * right]! || (x === ring[2 * right]! && y > ring[2 * right + 1]!)) right = k;
    }
    for (const k of [left, right]) {
      const hit = firstHitBelow(oriented, h, ring[2 * k]!, ring[2 * k + 1]!);
      if (!hit) return null;
      cuts.push({ from: [h, k], to: hit });
    }
  }

  // The points: every ring's, with the cuts' ends inside edges put in, in order along each edge.
  const xs: number[] = [], ys: number[] = [];
  const ringIds: number[][] = [];
  const inserted = new Map<string, { t: number; x: number; y: number; id: number }[]>();
  for (const c of cuts) {
    if (c.to.t === 0) continue;
    const key = `${c.to.ring}:${c.to.edge}`;
    const list = inserted.get(key) ?? [];
    if (!list.some((p) => p.t === c.to.t)) list.push({ t: c.to.t, x: c.to.x, y: c.to.y, id: -1 });
    inserted.set(key, list);
  }
  const pointId: number[][] = [];
  for (const [r, ring] of oriented.entries()) {
    const n = ring.length / 2;
    const ids: number[] = [];
    const own: number[] = [];
    for (let k = 0; k < n; k++) {
      own.push(xs.length);
      ids.push(xs.length);
      xs.push(ring[2 * k]!); ys.push(ring[2 * k + 1]!);
      const extra = inserted.get(`${r}:${k}`);
      if (!extra) continue;
      extra.sort((a, b) => a.t - b.t);
      for (const p of extra) {
        p.id = xs.length;
        ids.push(xs.length);
        xs.push(p.x); ys.push(p.y);
      }
    }
    ringIds.push(ids);
    pointId.push(own);
  }
  const hitId = (hit: Hit): number => {
    if (hit.t === 0) return pointId[hit.ring]![hit.edge]!;
    return inserted.get(`${hit.ring}:${hit.edge}`)!.find((p) => p.t === hit.t)!.id;
  };

  // Half-edges: a ring's edge runs one way only (the region on its right), a cut both ways.
  const out: number[][] = Array.from({ length: xs.length }, () => []);
  for (const ids of ringIds) ids.forEach((a, k) => out[a]!.push(ids[(k + 1) % ids.length]!));
  for (const c of cuts) {
    const a = pointId[c.from[0]]![c.from[1]]!, b = hitId(c.to);
    out[a]!.push(b);
    out[b]!.push(a);
  }
  // Outgoing edges at each point in order of angle, clockwise on screen from east.
  const half = (dx: number, dy: number) => (dy < 0 || (dy === 0 && dx < 0) ? 1 : 0);
  for (const [a, list] of out.entries()) {
    list.sort((p, q) => {
      const px = xs[p]! - xs[a]!, py = ys[p]! - ys[a]!, qx = xs[q]! - xs[a]!, qy = ys[q]! - ys[a]!;
      return half(px, py) - half(qx, qy) || qx * py - qy * px;
    });
  }
  // A face keeps the region on its right: from a → b, the next edge at b is the first one
  // counter-clockwise on screen from b → a among b's outgoing edges.
  const used = new Set<number>();
  const code = (a: number, b: number) => a * xs.length + b;
  const faces: number[][] = [];
  for (const [a0, list] of out.entries()) {
    for (const b0 of list) {
      if (used.has(code(a0, b0))) continue;
      const face: number[] = [];
      let a = a0, b = b0;
      while (!used.has(code(a, b))) {
        used.add(code(a, b));
        face.push(a);
        const around = out[b]!;
        const back = around.indexOf(a);
        let next: number;
        if (back >= 0) next = around[(back + around.length - 1) % around.length]!;
        else {
          // a → b is a ring edge: b → a is no half-edge, so find where its angle would sit.
          const ax = xs[a]! - xs[b]!, ay = ys[a]! - ys[b]!;
          const after = around.findIndex((q) => {
            const qx = xs[q]! - xs[b]!, qy = ys[q]! - ys[b]!;
            return (half(qx, qy) - half(ax, ay) || ax * qy - ay * qx) > 0;
          });
          next = around[((after < 0 ? around.length : after) + around.length - 1) % around.length]!;
        }
        a = b;
        b = next;
        if (face.length > xs.length) return null;
      }
      if (a !== a0 || b !== b0) return null;
      faces.push(face);
    }
  }

  const pieces: Float64Array[] = [];
  let total = 0;
  for (const face of faces) {
    if (new Set(face).size !== face.length) return null;
    // A point where the face runs straight on (a cut continuing another) is no corner; one where
    // it turns back is no simple polygon.
    let folds = false;
    const kept = face.filter((v, k) => {
      const p = face[(k + face.length - 1) % face.length]!, q = face[(k + 1) % face.length]!;
      const ux = xs[v]! - xs[p]!, uy = ys[v]! - ys[p]!, wx = xs[q]! - xs[v]!, wy = ys[q]! - ys[v]!;
      if (ux * wy - uy * wx !== 0) return true;
      if (ux * wx + uy * wy <= 0) folds = true;
      return false;
    });
    if (folds || kept.length < 3) return null;
    const poly = new Float64Array(2 * kept.length);
    kept.forEach((v, k) => { poly[2 * k] = xs[v]!; poly[2 * k + 1] = ys[v]!; });
    const area = ringArea2(poly);
    if (!(area > 0)) return null;
    const points = kept.map((v): [number, number] => [xs[v]!, ys[v]!]);
    if (checkSimplePolygon(points) !== null) return null;
    total += area;
    pieces.push(poly);
  }
  const region = oriented.reduce((s, r) => s + ringArea2(r), 0);
  if (!(Math.abs(total - region) <= 1e-9 * Math.max(1, Math.abs(ringArea2(oriented[0]!))))) return null;
  return pieces;
}

function reverseRing(ring: ArrayLike<number>): Float64Array {
  const n = ring.length / 2;
  const out = new Float64Array(ring.length);
  for (let k = 0; k < n; k++) { out[2 * k] = ring[2 * (n - 1 - k)]!; out[2 * k + 1] = ring[2 * (n - 1 - k) + 1]!; }
  return out;
}

/** The first point of any ring but `skip` straight below (x, y) (y down); null when none. */
function firstHitBelow(rings: readonly Float64Array[], skip: number, x: number, y: number): Hit | null {
  let best: Hit | null = null;
  const beyond = (hy: number) => hy > y;
  const nearer = (hy: number) => best === null || hy < best.y;
  for (const [r, ring] of rings.entries()) {
    if (r === skip) continue;
    const n = ring.length / 2;
    for (let k = 0; k < n; k++) {
      const j = (k + 1) % n;
      const ax = ring[2 * k]!, ay = ring[2 * k + 1]!, bx = ring[2 * j]!, by = ring[2 * j + 1]!;
      if (ax === x) {
        // The edge's first point on the line (an edge along the line meets it first at an end).
        if (beyond(ay) && nearer(ay)) best = { ring: r, edge: k, t: 0, x, y: ay };
        continue;
      }
      if (bx === x || (ax < x) === (bx < x)) continue;
      const t = (x - ax) / (bx - ax);
      const hy = ay + t * (by - ay);
      if (beyond(hy) && nearer(hy)) best = { ring: r, edge: k, t, x, y: hy };
    }
  }
  return best;
}
