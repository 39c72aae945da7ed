// Where the editor benchmark points the mouse in a freshly opened scene, worked out in Node with
// the core's geometry alone (the renderer's picking is not imported: the bench must measure
// whichever picking the built editor has). A fresh view is at 100 % with the world's origin at
// the canvas's top-left corner, so world = page − (0, CANVAS_TOP).
import { aabbOverlaps, computeAABB, containsPoint, geometryOf, transformOf, type AABB, type ShapeGeometry, type Scene, type Shape, type Transform } from "../../core";

/** The canvas's top edge on the page at 1280×800 below the toolbar alone: targets are worked out for it, and the bench moves them to where a build's canvas starts. */
export const CANVAS_TOP = 38;

/** A page point, and the shape a click there picks. */
export interface Target {
  readonly x: number;
  readonly y: number;
  readonly shape: Shape;
}

/** A rectangle of the page, in page pixels. */
export interface PageRect {
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
}

interface Placed {
  readonly shape: Shape;
  readonly geometry: ShapeGeometry;
  readonly transform: Transform;
  readonly box: AABB;
}

/** Distance from (x, y) to the segment a–b. */
function segmentDistance(x: number, y: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax, dy = by - ay, len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / len2));
  return Math.hypot(x - (ax + t * dx), y - (ay + t * dy));
}

/** What the pointer meets in a scene's fresh view: its shapes as drawn and picked, and its probes. */
export class SceneTargets {
  /** Pickable shapes bottom first: layer by layer in the scene's layer order, scene order within a layer. */
  private readonly placed: readonly Placed[];
  /** Probe lines as world segments [ax, ay, bx, by] (a sweep from its shape to its target). */
  private readonly segments: readonly (readonly [number, number, number, number])[];

  constructor(readonly scene: Scene) {
    const layers = scene.layers ?? [];
    const rank = new Map(layers.map((l, i) => [l.id, i]));
    const hiddenOrLocked = new Set(layers.filter((l) => l.visible === false || l.locked === true).map((l) => l.id));
    const placed: Placed[] = [];
    for (const shape of scene.shapes) {
      const g = geometryOf(shape);
      const layer = shape.layer ?? layers[0]?.id ?? "";
      if (!g.ok || hiddenOrLocked.has(layer)) continue;
      const transform = transformOf(shape);
      placed.push({ shape, geometry: g.value, transform, box: computeAABB(g.value, transform) });
    }
    // Stable: equal ranks keep scene order. Shapes of an unknown layer are drawn last.
    const rankOf = (p: Placed) => rank.get(p.shape.layer ?? layers[0]?.id ?? "") ?? layers.length;
    this.placed = placed.sort((a, b) => rankOf(a) - rankOf(b));
    const byId = new Map(scene.shapes.map((s) => [s.id, s]));
    this.segments = scene.probes.flatMap((p) => {
      if (p.type === "ray") return [[p.from[0], p.from[1], p.to[0], p.to[1]] as const];
      const s = byId.get(p.shape);
      return s ? [[s.x, s.y, p.to[0], p.to[1]] as const] : [];
    });
  }

  /** The shape a click at page (x, y) picks: the topmost pickable one containing the point. */
  topAt(x: number, y: number): Shape | undefined {
    const wy = y - CANVAS_TOP;
    for (let i = this.placed.length - 1; i >= 0; i--) {
      const p = this.placed[i]!;
      if (x < p.box.minX || x > p.box.maxX || wy < p.box.minY || wy > p.box.maxY) continue;
      if (containsPoint(p.geometry, p.transform, x, wy)) return p.shape;
    }
    return undefined;
  }

  /** Whether no shape's bounding box and no probe line comes within `margin` px of page (x, y). */
  emptyAround(x: number, y: number, margin: number): boolean {
    const wy = y - CANVAS_TOP;
    const box = { minX: x - margin, minY: wy - margin, maxX: x + margin, maxY: wy + margin };
    return !this.placed.some((p) => aabbOverlaps(p.box, box)) && this.clearOfProbes(x, y, margin);
  }

  /** Whether no probe line comes within `margin` px of page (x, y). */
  clearOfProbes(x: number, y: number, margin: number): boolean {
    const wy = y - CANVAS_TOP;
    return this.segments.every(([ax, ay, bx, by]) => segmentDistance(x, wy, ax, ay, bx, by) > margin);
  }

  /** The first empty page point (emptyAround `margin`) scanning `rect` row by row in 10 px steps. */
  emptyPoint(rect: PageRect, margin: number): { x: number; y: number } {
    for (let y = rect.minY; y <= rect.maxY; y += 10) {
      for (let x = rect.minX; x <= rect.maxX; x += 10) if (this.emptyAround(x, y, margin)) return { x, y };
    }
    throw new Error("no empty point to start a marquee from");
  }

  /**
   * A whole page point a click picks `shape` at: its centre, when the shape is on top there and
   * one pixel around it (so rounding in the page cannot pick another), clear of probe lines.
   */
  private clickPoint(shape: Shape): Target | undefined {
    // Every kind contains its own origin: a circle, box or capsule its centre, a scale polygon its
    // points around (0, 0).
    const x = Math.round(shape.x), y = Math.round(shape.y + CANVAS_TOP);
    for (const [dx, dy] of [[0, 0], [1, 0], [-1, 0], [0, 1], [0, -1]] as const) {
      if (this.topAt(x + dx, y + dy)?.id !== shape.id) return undefined;
    }
    return this.clearOfProbes(x, y, 12) ? { x, y, shape } : undefined;
  }

  /** The circle nearest page (x, y) that a press at its centre picks: what the drag grabs. */
  grabPoint(x: number, y: number): Target {
    const near = this.scene.shapes
      .filter((s) => s.type === "circle")
      .map((s) => ({ s, d: Math.hypot(s.x - x, s.y + CANVAS_TOP - y) }))
      .sort((a, b) => a.d - b.d);
    for (const { s } of near) {
      const p = { x: s.x, y: s.y + CANVAS_TOP };
      if (this.topAt(p.x, p.y)?.id === s.id) return { ...p, shape: s };
    }
    throw new Error("no circle to grab");
  }

  /**
   * Up to `count` click targets in `rect`, on different shapes of every kind, at least `apart` px
   * from each other, so no click lands on the previous selection's handles.
   */
  clickTargets(rect: PageRect, count: number, apart: number): Target[] {
    const out: Target[] = [];
    for (const s of this.scene.shapes) {
      if (out.length >= count) break;
      const px = s.x, py = s.y + CANVAS_TOP;
      if (px < rect.minX || px > rect.maxX || py < rect.minY || py > rect.maxY) continue;
      if (out.some((t) => Math.hypot(t.x - px, t.y - py) < apart)) continue;
      const t = this.clickPoint(s);
      if (t) out.push(t);
    }
    return out;
  }
}
