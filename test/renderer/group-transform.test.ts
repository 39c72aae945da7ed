// A multi-selection turned and scaled as a group: the pure transforms (shapes/transform.ts) as
// properties over every kind.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { emptyScene, normalizeDegrees, validateSceneData, type Point, type Probe, type Shape } from "../../core";
import { MIN_EDIT_SIZE } from "../../renderer/shapes/kind";
import { kindOf } from "../../renderer/shapes/registry";
import { scaleProbeAbout, scaleShapeAbout, smallestScale, turnProbeAbout, turnShapeAbout } from "../../renderer/shapes/transform";
import { anyShape, asRead, real, seedOf } from "../core/arbitraries";

const chain = (id: string): fc.Arbitrary<Shape> =>
  fc
    .tuple(real(-500, 500), real(-500, 500), real(-180, 180), fc.uniqueArray(fc.tuple(fc.integer({ min: -50, max: 50 }), fc.integer({ min: -50, max: 50 })), { minLength: 2, maxLength: 6, selector: ([x, y]) => `${x},${y}` }), fc.boolean())
    .filter(([, , , points, closed]) => !closed || points.length >= 3)
    .map(([x, y, rotation, points, closed]): Shape => ({ id, type: "chain", x, y, rotation, points: points as Point[], ...(closed ? { closed: true } : {}) }));

/** Shapes of every kind, a few hundred units about the origin. */
const shapes = fc.array(fc.oneof(anyShape("s", { extent: 500, minSize: 1, maxSize: 200 }).map(asRead), chain("s")), { minLength: 1, maxLength: 6 }).map((list) => list.map((s, i) => ({ ...s, id: `s${i}` })));
const centre = fc.record({ x: real(-500, 500), y: real(-500, 500) });
const ray: Probe = { id: "r", name: "r", type: "ray", from: [10, 20], to: [300, -40] };
const sweep: Probe = { id: "w", name: "w", type: "sweep", shape: "s0", to: [-70, 5] };

const NEAR = 1e-9;
/** Whether two numbers agree within 1e-9 of their size (at least absolutely). */
const near = (a: number, b: number): boolean => Math.abs(a - b) <= NEAR * Math.max(1, Math.abs(a), Math.abs(b));
const nearAngle = (a: number, b: number): boolean => Math.abs(normalizeDegrees(a - b)) <= NEAR * 360;

/** Whether two versions of a shape agree within 1e-9 in every number (angles modulo 360). */
function sameShape(a: Shape, b: Shape): boolean {
  const ra = a as unknown as Record<string, unknown>, rb = b as unknown as Record<string, unknown>;
  return Object.keys(ra).every((k) => {
    const u = ra[k], v = rb[k];
    if (k === "rotation") return nearAngle(u as number, v as number);
    if (typeof u === "number") return near(u, v as number);
    if (k === "points") return (u as Point[]).every(([x, y], i) => near(x, (v as Point[])[i]![0]) && near(y, (v as Point[])[i]![1]));
    return u === v;
  });
}

const valid = (list: readonly Shape[]) => validateSceneData({ ...emptyScene(), shapes: list }).ok;
const options = (name: string) => ({ seed: seedOf(name), numRuns: 300 });

describe("group transforms", () => {
  it("turning by a then b is turning by a + b (within 1e-9)", () => {
    fc.assert(
      fc.property(shapes, centre, real(-360, 360), real(-360, 360), (list, c, a, b) => {
        for (const s of list) expect(sameShape(turnShapeAbout(turnShapeAbout(s, c, a), c, b), turnShapeAbout(s, c, a + b))).toBe(true);
        const twice = turnProbeAbout(turnProbeAbout(ray, c, a), c, b), once = turnProbeAbout(ray, c, a + b);
        expect(twice.type === "ray" && once.type === "ray" && [0, 1].every((i) => near(twice.from[i]!, once.from[i]!) && near(twice.to[i]!, once.to[i]!))).toBe(true);
      }),
      options("turn a then b"),
    );
  });

  it("a circle only moves round; every other kind gains the angle; turned shapes stay valid", () => {
    fc.assert(
      fc.property(shapes, centre, real(-360, 360), (list, c, a) => {
        const turned = list.map((s) => turnShapeAbout(s, c, a));
        turned.forEach((t, i) => {
          const s = list[i]!;
          expect(t.rotation).toBe(kindOf(s).rotates ? normalizeDegrees(s.rotation + a) : s.rotation);
          expect(near(Math.hypot(t.x - c.x, t.y - c.y), Math.hypot(s.x - c.x, s.y - c.y))).toBe(true);
        });
        expect(valid(turned)).toBe(true);
      }),
      options("turn kinds"),
    );
  });

  it("scaling by s then 1/s gives the shapes back (within 1e-9), and every scaled shape is valid", () => {
    fc.assert(
      fc.property(shapes, centre, real(0.05, 20), (list, anchor, s) => {
        const k = Math.max(s, smallestScale(list));
        const scaled = list.map((x) => scaleShapeAbout(x, anchor, k));
        expect(valid(scaled)).toBe(true);
        scaled.forEach((x, i) => expect(sameShape(scaleShapeAbout(x, anchor, 1 / k), list[i]!)).toBe(true));
        // No length goes below the editor's least, nor below itself when it already was.
        scaled.forEach((x, i) => {
          const was = kindOf(list[i]!).lengths(list[i]!);
          kindOf(x).lengths(x).forEach((v, j) => expect(v).toBeGreaterThanOrEqual(Math.min(MIN_EDIT_SIZE, was[j]!) * (1 - 1e-12)));
        });
      }),
      options("scale s then 1/s"),
    );
  });

  it("a scale keeps a capsule's height at least twice its radius, even when equal", () => {
    const capsule: Shape = { id: "c", type: "capsule", x: 3, y: 4, rotation: 30, radius: 0.1 + 0.2, height: 2 * (0.1 + 0.2) };
    fc.assert(
      fc.property(real(0.01, 100), (k) => {
        const s = scaleShapeAbout(capsule, { x: 0, y: 0 }, k);
        expect(s.type === "capsule" && s.height >= 2 * s.radius).toBe(true);
      }),
      options("capsule scale"),
    );
  });

  it("probes go with the group: a ray by both ends, a sweep by its target", () => {
    expect(turnProbeAbout(ray, { x: 10, y: 20 }, 90)).toMatchObject({ from: [10, 20], to: [70, 310] });
    expect(turnProbeAbout(sweep, { x: 0, y: 0 }, 180)).toMatchObject({ shape: "s0", to: [70, -5] });
    expect(scaleProbeAbout(ray, { x: 10, y: 20 }, 2)).toMatchObject({ from: [10, 20], to: [590, -100] });
    expect(scaleProbeAbout(sweep, { x: 0, y: 5 }, 2)).toMatchObject({ to: [-140, 5] });
  });
});
