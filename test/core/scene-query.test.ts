// Scene queries (raycastScene, sweepScene) against brute force: the single-shape cast run on every
// shape of the scene with no culling, then sorted, cut or searched as the mode says; plus the
// closest hit against the independent references (./cast-reference.ts), the bounding-box slab
// test against the reference ray, and the pinned behaviours (ignore, never hitting itself,
// unknown ids). Seeds are pinned.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CastOutput, collisionBody, rayCast, segmentHitsAABB, shapeCast, vec2, type CastHit, type QueryMode, type Vec2 } from "../../core/index";
import type { ConvexShape as Shape } from "./arbitraries";
import { raycastScene, sweepScene } from "./scan-reference";
import { anyShape, real, seedOf, type ShapeOptions } from "./arbitraries";
import { refRayCast, refShapeCast } from "./cast-reference";
import { magnitudeOf, pointSignedDistance, translate } from "./reference";

// A failing property stops shrinking after 10 s and reports the smallest case found by then (on
// a broken core, shrinking the polygon generators can otherwise run for minutes); a passing
// property takes well under a second.
fc.configureGlobal({ ...fc.readConfigureGlobal(), interruptAfterTimeLimit: 10_000 });

const BOUNDARY = 1e-6;
const FRACTION_TOL = 1e-6;
const RUNS = 150;
const SCENE: ShapeOptions = { extent: 6, minSize: 0.5, maxSize: 3 };

type P = [number, number];
const point = (extent: number): fc.Arbitrary<P> => fc.tuple(real(-extent, extent), real(-extent, extent));

/** 1 to 9 shapes with ids s0, s1, ... in scene order, some overlapping. */
const scene: fc.Arbitrary<Shape[]> = fc.array(anyShape("?", SCENE), { minLength: 1, maxLength: 9 }).map((shapes) => shapes.map((s, i) => ({ ...s, id: `s${i}` })));

/** A ray from anywhere, to anywhere or through (near) one of the shapes' centres. */
const rayIn = (shapes: readonly Shape[]): fc.Arbitrary<[P, P]> =>
  fc.tuple(point(10), point(10), fc.nat({ max: shapes.length - 1 }), point(1), fc.boolean()).map(([from, to, i, [ox, oy], aimed]): [P, P] => {
    if (!aimed) return [from, to];
    const s = shapes[i]!;
    return [from, [2 * (s.x + ox) - from[0], 2 * (s.y + oy) - from[1]]];
  });

/** A random subset of the scene's ids to ignore (often none). */
const ignoreOf = (shapes: readonly Shape[]): fc.Arbitrary<Set<string>> =>
  fc.oneof({ arbitrary: fc.constant(new Set<string>()), weight: 2 }, { arbitrary: fc.subarray(shapes.map((s) => s.id)).map((ids) => new Set(ids)), weight: 1 });

const hitOf = (id: string, c: CastOutput): CastHit => ({
  shape: id, fraction: c.fraction, point: vec2(c.pointX, c.pointY), normal: vec2(c.normalX, c.normalY), startedInside: c.startedInside,
});

/** Every hit of the ray, shape by shape (no culling, full length), sorted stably by fraction. */
function bruteRay(shapes: readonly Shape[], from: Vec2, to: Vec2, reportInside: boolean, ignore: ReadonlySet<string>): CastHit[] {
  const hits: CastHit[] = [];
  for (const s of shapes) {
    if (ignore.has(s.id)) continue;
    const b = collisionBody(s);
    const c = rayCast(b.geometry, b.transform, from.x, from.y, to.x, to.y, new CastOutput(), { reportInside });
    if (c.hit) hits.push(hitOf(s.id, c));
  }
  return hits.sort((p, q) => p.fraction - q.fraction);
}

/** Every hit of the moving shape against every other shape, sorted stably by fraction. */
function bruteSweep(shapes: readonly Shape[], movingId: string, to: Vec2, ignore: ReadonlySet<string>): CastHit[] {
  const moving = shapes.find((s) => s.id === movingId)!;
  const m = collisionBody(moving);
  const hits: CastHit[] = [];
  for (const s of shapes) {
    if (s === moving || ignore.has(s.id)) continue;
    const b = collisionBody(s);
    const c = shapeCast(b.geometry, b.transform, m.geometry, m.transform, to.x - moving.x, to.y - moving.y, new CastOutput());
    if (c.hit) hits.push(hitOf(s.id, c));
  }
  return hits.sort((p, q) => p.fraction - q.fraction);
}

/** The query's result in every mode, checked against the brute-force list. */
function expectModes(run: (mode: QueryMode) => CastHit[], brute: readonly CastHit[]): void {
  const all = run("all");
  expect(all).toEqual(brute);
  for (let i = 1; i < all.length; i++) expect(all[i]!.fraction).toBeGreaterThanOrEqual(all[i - 1]!.fraction);
  // Closest: the least fraction, the first in scene order among equals.
  const closest = run("closest");
  expect(closest).toEqual(brute.slice(0, 1));
  const any = run("any");
  expect(any.length).toBe(brute.length > 0 ? 1 : 0);
  if (any.length > 0) expect(brute).toContainEqual(any[0]);
}

describe("raycastScene equals brute force over every shape", () => {
  it("all, closest and any, with and without reportInside and ignore", () => {
    let withHits = 0, several = 0;
    fc.assert(
      fc.property(
        scene.chain((shapes) => fc.tuple(fc.constant(shapes), rayIn(shapes), fc.boolean(), ignoreOf(shapes))),
        ([shapes, [[fx, fy], [tx, ty]], reportInside, ignore]) => {
          const from = vec2(fx, fy), to = vec2(tx, ty);
          const brute = bruteRay(shapes, from, to, reportInside, ignore);
          if (brute.length > 0) withHits++;
          if (brute.length > 1) several++;
          expectModes((mode) => raycastScene(shapes, from, to, { mode, reportInside, ignore }), brute);
          // Default: closest, without reportInside, ignoring nothing.
          expect(raycastScene(shapes, from, to)).toEqual(bruteRay(shapes, from, to, false, new Set()).slice(0, 1));
          for (const h of raycastScene(shapes, from, to, { mode: "all", reportInside, ignore })) expect(ignore.has(h.shape)).toBe(false);
        },
      ),
      { seed: seedOf("raycastScene brute force"), numRuns: RUNS },
    );
    expect(withHits).toBeGreaterThan(RUNS * 0.3);
    expect(several).toBeGreaterThan(RUNS * 0.1);
  });

  it("the closest hit is the reference's first entry over all shapes", () => {
    let checked = 0;
    fc.assert(
      fc.property(scene.chain((shapes) => fc.tuple(fc.constant(shapes), rayIn(shapes))), ([shapes, [[fx, fy], [tx, ty]]]) => {
        const refs = shapes.map((s) => ({ s, r: refRayCast(s, [fx, fy], [tx, ty]) }));
        const scale = Math.max(magnitudeOf(...shapes), Math.abs(fx), Math.abs(fy), Math.abs(tx), Math.abs(ty));
        const margin = BOUNDARY * scale;
        // Only clear verdicts: every shape clearly missed, clearly hit, or clearly started in.
        fc.pre(refs.every(({ r }) => Math.abs(r.start) > margin && Math.abs(r.min) > margin));
        const entries = refs.filter(({ r }) => r.start > 0 && r.root !== null).map(({ s, r }) => ({ id: s.id, t: r.root! }));
        const got = raycastScene(shapes, vec2(fx, fy), vec2(tx, ty));
        if (entries.length === 0) {
          expect(got).toEqual([]);
          return;
        }
        checked++;
        const first = Math.min(...entries.map((e) => e.t));
        expect(got.length).toBe(1);
        expect(Math.abs(got[0]!.fraction - first)).toBeLessThanOrEqual(FRACTION_TOL);
        const hitShape = shapes.find((s) => s.id === got[0]!.shape)!;
        expect(Math.abs(pointSignedDistance(hitShape, [got[0]!.point.x, got[0]!.point.y]))).toBeLessThanOrEqual(1e-9 * scale);
      }),
      { seed: seedOf("raycastScene reference"), numRuns: RUNS },
    );
    expect(checked).toBeGreaterThan(RUNS * 0.2);
  });
});

describe("sweepScene equals brute force over every other shape", () => {
  it("all, closest and any, with and without ignore; the moving shape never hits itself", () => {
    let withHits = 0, several = 0;
    fc.assert(
      fc.property(
        scene.chain((shapes) => fc.tuple(fc.constant(shapes), fc.nat({ max: shapes.length - 1 }), point(10), ignoreOf(shapes))),
        ([shapes, index, [tx, ty], ignore]) => {
          const movingId = shapes[index]!.id;
          const to = vec2(tx, ty);
          const brute = bruteSweep(shapes, movingId, to, ignore);
          if (brute.length > 0) withHits++;
          if (brute.length > 1) several++;
          expectModes((mode) => sweepScene(shapes, movingId, to, { mode, ignore }), brute);
          const all = sweepScene(shapes, movingId, to, { mode: "all" });
          expect(all.map((h) => h.shape)).not.toContain(movingId);
          expect(sweepScene(shapes, movingId, to)).toEqual(all.slice(0, 1));
        },
      ),
      { seed: seedOf("sweepScene brute force"), numRuns: RUNS },
    );
    expect(withHits).toBeGreaterThan(RUNS * 0.3);
    expect(several).toBeGreaterThan(RUNS * 0.1);
  });

  it("the closest hit is the reference sweep's first contact over all other shapes", () => {
    let checked = 0;
    fc.assert(
      fc.property(
        scene.chain((shapes) => fc.tuple(fc.constant(shapes), fc.nat({ max: shapes.length - 1 }), point(10))),
        ([shapes, index, [x, y]]) => {
          const moving = shapes[index]!;
          const tx = x - moving.x, ty = y - moving.y;
          const others = shapes.filter((s) => s !== moving);
          const refs = others.map((s) => ({ s, r: refShapeCast(s, moving, tx, ty) }));
          const scale = Math.max(magnitudeOf(...shapes), Math.abs(tx), Math.abs(ty));
          const margin = BOUNDARY * scale;
          fc.pre(refs.every(({ r }) => Math.abs(r.start) > margin && Math.abs(r.min) > margin));
          const contacts = refs.filter(({ r }) => r.root !== null).map(({ s, r }) => ({ id: s.id, t: r.root!, inside: r.start < 0 }));
          const got = sweepScene(shapes, moving.id, vec2(x, y));
          if (contacts.length === 0) {
            expect(got).toEqual([]);
            return;
          }
          checked++;
          const first = Math.min(...contacts.map((e) => e.t));
          expect(got.length).toBe(1);
          expect(Math.abs(got[0]!.fraction - first)).toBeLessThanOrEqual(FRACTION_TOL);
          expect(got[0]!.startedInside).toBe(first === 0);
          if (!got[0]!.startedInside) {
            const hit = shapes.find((s) => s.id === got[0]!.shape)!;
            expect(Math.abs(pointSignedDistance(hit, [got[0]!.point.x, got[0]!.point.y]))).toBeLessThanOrEqual(1e-8 * scale);
            const movedTo = translate(moving, got[0]!.fraction * tx, got[0]!.fraction * ty);
            expect(Math.abs(pointSignedDistance(movedTo, [got[0]!.point.x, got[0]!.point.y]))).toBeLessThanOrEqual(1e-8 * scale);
          }
        },
      ),
      { seed: seedOf("sweepScene reference"), numRuns: RUNS },
    );
    expect(checked).toBeGreaterThan(RUNS * 0.2);
  });
});

describe("segmentHitsAABB agrees with the reference ray against the box", () => {
  it("random segments, including zero-length ones and axis-parallel ones", () => {
    let hits = 0, misses = 0;
    const axisSnap = (v: number, snap: boolean, to: number) => (snap ? to : v);
    fc.assert(
      fc.property(point(5), real(0.1, 4), real(0.1, 4), point(8), point(8), fc.constantFrom("free", "point", "horizontal", "vertical"), fc.boolean(), ([cx, cy], w, h, [fx, fy], [tx1, ty1], how, aimed) => {
        // Aimed: through a point near the box's centre.
        const [tx0, ty0] = aimed ? [2 * (cx + tx1 / 4) - fx, 2 * (cy + ty1 / 4) - fy] : [tx1, ty1];
        const tx = axisSnap(tx0, how === "point" || how === "vertical", fx);
        const ty = axisSnap(ty0, how === "point" || how === "horizontal", fy);
        const box = { minX: cx - w, minY: cy - h, maxX: cx + w, maxY: cy + h };
        const ref = refRayCast({ type: "box", x: cx, y: cy, width: 2 * w, height: 2 * h }, [fx, fy], [tx, ty]);
        const margin = BOUNDARY * 10;
        fc.pre(Math.abs(ref.min) > margin && Math.abs(ref.start) > margin);
        const got = segmentHitsAABB(fx, fy, tx - fx, ty - fy, box);
        if (ref.root !== null) hits++;
        else misses++;
        expect(got, JSON.stringify({ box, fx, fy, tx, ty })).toBe(ref.root !== null);
      }),
      { seed: seedOf("segmentHitsAABB"), numRuns: 400 },
    );
    expect(hits).toBeGreaterThan(60);
    expect(misses).toBeGreaterThan(60);
  });

  it("pinned: touching the box's edge or corner counts; a zero-length segment is a point test", () => {
    const box = { minX: 0, minY: 0, maxX: 1, maxY: 1 };
    expect(segmentHitsAABB(-1, 0.5, 1, 0, box)).toBe(true); // ends on the left edge
    expect(segmentHitsAABB(-1, 0.5, 0.999, 0, box)).toBe(false);
    expect(segmentHitsAABB(-1, 1, 3, 0, box)).toBe(true); // along the bottom edge (y down: maxY)
    expect(segmentHitsAABB(-1, 1 + 1e-12, 3, 0, box)).toBe(false);
    expect(segmentHitsAABB(2, -1, -1, 1, box)).toBe(true); // ends on the corner (1, 0)
    expect(segmentHitsAABB(0.5, 0.5, 0, 0, box)).toBe(true);
    expect(segmentHitsAABB(1.5, 0.5, 0, 0, box)).toBe(false);
    expect(segmentHitsAABB(0.5, 3, 0, -1.5, box)).toBe(false); // vertical, stops short
    expect(segmentHitsAABB(0.5, 3, 0, -2, box)).toBe(true);
  });
});

describe("scene queries: pinned cases", () => {
  const shapes: Shape[] = [
    { id: "wall", type: "box", x: 10, y: 0, rotation: 0, width: 2, height: 20 },
    { id: "ball", type: "circle", x: 5, y: 0, rotation: 0, radius: 1 },
    { id: "pill", type: "capsule", x: 5, y: 0, rotation: 90, radius: 0.5, height: 3 },
    { id: "far", type: "polygon", x: 30, y: 0, rotation: 0, points: [[-1, -1], [1, -1], [0, 1]] },
    { id: "mover", type: "box", x: 0, y: 0, rotation: 0, width: 1, height: 1 },
  ];

  it("a ray along x meets ball and pill at 4, the wall at 9; the polygon beyond the end is not reached", () => {
    const all = raycastScene(shapes, vec2(-1, 0), vec2(19, 0), { mode: "all", ignore: new Set(["mover"]) });
    // ball's surface at x = 4 (fraction 5/20), pill (turned 90°, half-length 1.5) at x = 3.5 (4.5/20).
    expect(all.map((h) => h.shape)).toEqual(["pill", "ball", "wall"]);
    expect(all.map((h) => h.fraction)).toEqual([4.5 / 20, 5 / 20, 10 / 20]);
    expect(all.every((h) => h.normal.x === -1 && !h.startedInside)).toBe(true);
    expect(raycastScene(shapes, vec2(-1, 0), vec2(19, 0), { ignore: new Set(["mover"]) })[0]!.shape).toBe("pill");
    expect(raycastScene(shapes, vec2(-1, 0), vec2(19, 0), { ignore: new Set(["mover", "pill"]) })[0]!.shape).toBe("ball");
  });

  it("a ray starting inside a shape: skipped by default, reported at 0 with reportInside", () => {
    expect(raycastScene(shapes, vec2(0, 0), vec2(19, 0)).map((h) => h.shape)).toEqual(["pill"]);
    const hits = raycastScene(shapes, vec2(0, 0), vec2(19, 0), { reportInside: true, mode: "all" });
    expect(hits[0]).toMatchObject({ shape: "mover", fraction: 0, startedInside: true, point: { x: 0, y: 0 }, normal: { x: -1 } });
    expect(hits.map((h) => h.shape)).toEqual(["mover", "pill", "ball", "wall"]);
  });

  it("an empty scene, a zero-length ray and everything ignored give no hits", () => {
    expect(raycastScene([], vec2(0, 0), vec2(1, 1), { mode: "all" })).toEqual([]);
    expect(raycastScene(shapes, vec2(0, 0), vec2(0, 0), { mode: "all", reportInside: true })).toEqual([]);
    expect(raycastScene(shapes, vec2(-1, 0), vec2(19, 0), { mode: "all", ignore: new Set(shapes.map((s) => s.id)) })).toEqual([]);
  });

  it("sweeping the mover along x: pill first, the mover never hits itself, an unknown id throws", () => {
    const all = sweepScene(shapes, "mover", vec2(20, 0), { mode: "all" });
    // The mover's right face (x = 0.5) meets the pill's cap at x = 3.5 after 3 of 20.
    expect(all.map((h) => h.shape)).toEqual(["pill", "ball", "wall"]);
    expect(Math.abs(all[0]!.fraction - 3 / 20)).toBeLessThanOrEqual(1e-9);
    expect(Math.abs(all[1]!.fraction - 3.5 / 20)).toBeLessThanOrEqual(1e-9);
    expect(Math.abs(all[2]!.fraction - 8.5 / 20)).toBeLessThanOrEqual(1e-9);
    expect(sweepScene(shapes, "mover", vec2(2, 0))).toEqual([]); // stops short of the pill at 3.5 − 0.5
    expect(() => sweepScene(shapes, "nobody", vec2(1, 1))).toThrow(/no shape with id "nobody"/);
    expect(() => sweepScene([], "mover", vec2(1, 1))).toThrow();
  });

  it("a copy of the moving shape in the same place is hit at 0 (startedInside), the moving shape itself never", () => {
    const twin: Shape = { ...shapes[4]!, id: "twin" };
    const scene2 = [...shapes, twin];
    const hits = sweepScene(scene2, "mover", vec2(0, 5), { mode: "all" });
    expect(hits.map((h) => h.shape)).toEqual(["twin"]);
    expect(hits[0]).toMatchObject({ fraction: 0, startedInside: true });
    // Not moving at all: still the twin, and still not itself.
    expect(sweepScene(scene2, "mover", vec2(0, 0), { mode: "all" }).map((h) => h.shape)).toEqual(["twin"]);
    expect(sweepScene(scene2, "twin", vec2(0, 0), { mode: "all" }).map((h) => h.shape)).toEqual(["mover"]);
  });
});
