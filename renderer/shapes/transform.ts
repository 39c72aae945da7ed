// A multi-selection turned or scaled as one group (Tiled's and Godot's handles around the
// selection's box): each shape's position moves about a centre or an anchor, and the kind says the
// rest (whether it turns, what its sizes are: kind.ts). Probes go with the group: a ray by both
// ends, a sweep by its target (it starts at its shape). Pure: the select tool's group states
// write what these return. Nothing is rounded, so a turn by a then b is a turn by a + b.
import { normalizeDegrees, type Point, type Probe, type Shape } from "../../core";
import { frameToWorld } from "./frame";
import { MIN_EDIT_SIZE, type Point2 } from "./kind";
import { kindOf } from "./registry";

/** The world point `p` turned by `degrees` (clockwise on screen) about `centre`. */
export const turnPointAbout = (p: Point2, centre: Point2, degrees: number): Point2 => frameToWorld(centre, degrees, { x: p.x - centre.x, y: p.y - centre.y });

/** The world point `p` scaled by `k` about `anchor`. */
export const scalePointAbout = (p: Point2, anchor: Point2, k: number): Point2 => ({ x: anchor.x + (p.x - anchor.x) * k, y: anchor.y + (p.y - anchor.y) * k });

const asPoint = (p: Point2): Point => [p.x, p.y];
const fromPoint = ([x, y]: Point): Point2 => ({ x, y });

/** Shape `s` turned by `degrees` about `centre`: its position moves round, and a kind that turns gains the angle (a circle's rotation is ignored, so kept). */
export function turnShapeAbout(s: Shape, centre: Point2, degrees: number): Shape {
  const at = turnPointAbout(s, centre, degrees);
  return kindOf(s).rotates ? { ...s, x: at.x, y: at.y, rotation: normalizeDegrees(s.rotation + degrees) } : { ...s, x: at.x, y: at.y };
}

/** Shape `s` scaled by `k` > 0 about `anchor`: its position, and its sizes or points as its kind says. */
export function scaleShapeAbout(s: Shape, anchor: Point2, k: number): Shape {
  const at = scalePointAbout(s, anchor, k);
  return { ...kindOf(s).scaled(s, k), x: at.x, y: at.y };
}

/** Probe `p` with its points moved by `move`: a ray's two ends, a sweep's target (it starts at its shape). */
export function probeMoved(p: Probe, move: (point: Point) => Point): Probe {
  return p.type === "ray" ? { ...p, from: move(p.from), to: move(p.to) } : { ...p, to: move(p.to) };
}

/** Probe `p` turned by `degrees` about `centre`: a ray's ends, a sweep's target. */
export const turnProbeAbout = (p: Probe, centre: Point2, degrees: number): Probe => probeMoved(p, (q) => asPoint(turnPointAbout(fromPoint(q), centre, degrees)));

/** Probe `p` scaled by `k` about `anchor`: a ray's ends, a sweep's target. */
export const scaleProbeAbout = (p: Probe, anchor: Point2, k: number): Probe => probeMoved(p, (q) => asPoint(scalePointAbout(fromPoint(q), anchor, k)));

/**
 * The smallest factor that keeps every length of the shapes at least MIN_EDIT_SIZE (the least a
 * handle leaves; the format's own minimum is far below). A length already under it cannot shrink
 * (the factor is then 1), so a scale never makes anything smaller than the editor allows.
 */
export function smallestScale(shapes: readonly Shape[]): number {
  let least = 0;
  for (const s of shapes) for (const v of kindOf(s).lengths(s)) least = Math.max(least, Math.min(1, MIN_EDIT_SIZE / v));
  return least;
}
