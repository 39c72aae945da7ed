// Regression tests for bugs already fixed in the collision core, each with what broke. (The
// nearly parallel segmentDistance regression lives in distance.property.test.ts, next to the
// segment properties.)
import { describe, expect, it } from "vitest";
import { CAPSULE, collide, collisionBody, collideShapes, makeBox, makeCapsule, makeCircle, makePolygon, Manifold, shapeDistance, type Shape, type Transform, rayCast, CastOutput, shapeCast, timeOfImpact, sweepOf } from "../../core/index";

const circle = (id: string, x: number, y: number, radius: number): Shape => ({ id, type: "circle", x, y, rotation: 0, radius });
const capsule = (id: string, x: number, y: number, radius: number, height: number, rotation: number): Shape => ({ id, type: "capsule", x, y, rotation, radius, height });

function expectSane(m: Manifold): void {
  const fields = [m.normalX, m.normalY, m.depth, m.point1X, m.point1Y, m.separation1, m.point2X, m.point2Y, m.separation2];
  expect(fields.every(Number.isFinite), JSON.stringify(m)).toBe(true);
  expect(m.pointCount).toBeGreaterThan(0);
  expect(Math.abs(Math.hypot(m.normalX, m.normalY) - 1), `normal (${m.normalX}, ${m.normalY})`).toBeLessThanOrEqual(1e-12);
}

describe("circle centres a denormal apart", () => {
  // What broke: the centres' offset was divided by its length when that length was a denormal
  // such as 5e-324, whose hypot rounds so badly that the "unit" normal came out as (1, 1).
  const D = 5e-324;
  it.each([
    [0, D],
    [D, 0],
    [D, D],
    [-D, D],
  ])("circles at (0, 0) and (%d, %d): a unit normal, depth rA + rB", (x, y) => {
    for (const [a, b] of [[circle("a", 0, 0, 1), circle("b", x, y, 2)], [circle("b", x, y, 2), circle("a", 0, 0, 1)]] as const) {
      const m = collideShapes(a, b);
      expectSane(m);
      expect(m.depth).toBeCloseTo(3, 14);
    }
  });

  it("the same with the denormal offset inside the geometry (centres, not transforms)", () => {
    const a = makeCircle(1, 0, 0);
    const b = makeCircle(2, D, D);
    expect(a.ok && b.ok).toBe(true);
    if (!a.ok || !b.ok) return;
    const id: Transform = { px: 0, py: 0, c: 1, s: 0 };
    expectSane(collide(a.value, id, b.value, id));
    expectSane(collide(b.value, id, a.value, id));
    const d = shapeDistance(a.value, id, b.value, id);
    expect([d.distance, d.normalX, d.normalY, d.pointAX, d.pointAY].every(Number.isFinite)).toBe(true);
    expect(d.distance).toBe(0);
  });
});

describe("a circle centred exactly on a capsule's core", () => {
  // What broke: with the centre on the core the direction from the core's closest point to the
  // centre is rounding noise, and normalising it gave a normal running along the core (or NaN);
  // either side of the segment is a minimum, and the core picks the side facing up on screen.
  const cases: [string, Shape, Shape][] = [
    ["at the capsule's centre, turned 60°", capsule("k", 5, 5, 1, 10, 60), circle("c", 5, 5, 2)],
    ["at the capsule's centre, turned −33°", capsule("k", -1e3, 7, 0.5, 3, -33), circle("c", -1e3, 7, 0.25)],
    ["vertical core, 0.7 below the centre", capsule("k", 2, 3, 1, 6, 0), circle("c", 2, 3.7, 0.5)],
    ["horizontal core (90°), 0.7 along it", capsule("k", 2, 3, 1, 6, 90), circle("c", 2.7, 3, 0.5)],
    ["at a core end, turned 180°", capsule("k", 0, 0, 1, 6, 180), circle("c", 0, 2, 0.5)],
  ];
  it.each(cases)("%s: the normal is perpendicular to the core and faces up", (_name, k, c) => {
    const rot = (k.rotation * Math.PI) / 180;
    // The core runs along local y, turned by the rotation: (−sin, cos).
    const along = [-Math.sin(rot), Math.cos(rot)] as const;
    for (const [a, b, sign] of [[k, c, 1], [c, k, -1]] as const) {
      const m = collideShapes(a, b);
      expectSane(m);
      expect(Math.abs(m.normalX * along[0] + m.normalY * along[1]), `normal (${m.normalX}, ${m.normalY}) along the core`).toBeLessThanOrEqual(1e-12);
      // Depth is the full radius sum: the centre is on the core.
      const rk = (k as { radius: number }).radius, rc = (c as { radius: number }).radius;
      expect(m.depth).toBeCloseTo(rk + rc, 12);
      // From the capsule's side the normal faces up on screen (y < 0), or is horizontal for a
      // vertical core (up is along the core there, so either side will do).
      expect(sign * m.normalY).toBeLessThanOrEqual(1e-12);
    }
  });

  it("the geometry-level capsule and circle agree, with the centre on the core's interior", () => {
    const k = makeCapsule(-2, 1, 4, 4, 0.5);
    const c = makeCircle(0.75, 0, 2); // (0, 2) is a third of the way along (−2, 1) → (4, 4)
    expect(k.ok && c.ok).toBe(true);
    if (!k.ok || !c.ok || k.value.kind !== CAPSULE) return;
    const id: Transform = { px: 0, py: 0, c: 1, s: 0 };
    const m = collide(k.value, id, c.value, id);
    expectSane(m);
    const len = Math.hypot(6, 3);
    expect(Math.abs((m.normalX * 6 + m.normalY * 3) / len)).toBeLessThanOrEqual(1e-12);
    expect(m.depth).toBeCloseTo(1.25, 12);
  });
});

describe("small shapes far from the origin", () => {
  // What broke: the touching tolerance was 1e-12 of the coordinates' magnitude, 1e-6 at 1e6, so two
  // circles of radius 2.5e-7 overlapping by their full size at (1e6, 1) were called "touching".
  // It is now 1e-14 of the positions (a few hundred ulps) plus 1e-12 of the shapes' size.
  it("two specks overlapping at 1e6 are found, and their depth is right", () => {
    const a = makeCircle(2.5e-7), b = makeCircle(2.5e-7);
    expect(a.ok && b.ok).toBe(true);
    if (!a.ok || !b.ok) return;
    const m = collide(a.value, { px: 1e6, py: 1, c: 1, s: 0 }, b.value, { px: 1e6 + 2.5e-7, py: 1, c: 1, s: 0 });
    expectSane(m);
    expect(m.pointCount).toBe(1);
    expect(m.depth).toBeCloseTo(2.5e-7, 9); // 1e6 + 2.5e-7 itself rounds by up to an ulp of 1e6 (1.2e-10)
  });
});

describe("separating axes by rotating calipers", () => {
  // What broke: the walk to the deepest vertex stopped on a tie. A capsule's two side faces are
  // 180° apart, so the walk for the second one starts on the top of the box, which is flat when
  // the box is axis-aligned with the capsule: the box's far side was never reached, and the
  // manifold of a box across a capsule's core came out with a NaN normal.
  it("an axis-aligned box across a horizontal capsule gets the same depth in either order", () => {
    const box = collisionBody({ id: "a", type: "box", x: 0, y: 0, rotation: 0, width: 0.5, height: 3 });
    const cap = collisionBody({ id: "b", type: "capsule", x: 0, y: -1.5, rotation: 270, radius: 3, height: 6.02 });
    const ab = collide(box.geometry, box.transform, cap.geometry, cap.transform);
    const ba = collide(cap.geometry, cap.transform, box.geometry, box.transform);
    expectSane(ab);
    expectSane(ba);
    // The capsule's core (0.02 long, horizontal) lies on the box's top edge: out through the top
    // costs its radius, 3; sideways 3.26; through the bottom 6.
    expect(ab.depth).toBeCloseTo(3, 12);
    expect(ba.depth).toBeCloseTo(3, 12);
    expect(ab.normalY).toBeCloseTo(-1, 12);
  });
});

describe("the box–circle fast path", () => {
  // A box that is axis-aligned in its own frame takes a clamping shortcut; the same four corners
  // made as a general polygon take the separating-axis path. Both must give the same manifold.
  it("agrees with the general polygon path", () => {
    let seed = 11;
    const rnd = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    let compared = 0;
    for (let i = 0; i < 2000; i++) {
      const hw = 0.2 + rnd() * 3, hh = 0.2 + rnd() * 3, r = 0.1 + rnd() * 2;
      const box = makeBox(hw, hh);
      const poly = makePolygon([{ x: -hw, y: -hh }, { x: hw, y: -hh }, { x: hw, y: hh }, { x: -hw, y: hh }]);
      const ball = makeCircle(r);
      if (!box.ok || !poly.ok || !ball.ok) throw new Error("constructors failed");
      expect(box.value.halfX).toBe(hw);
      expect(poly.value.halfX).toBe(0);
      const t = rnd() * 2 * Math.PI;
      const xfA: Transform = { px: rnd() * 10, py: rnd() * 10, c: Math.cos(t), s: Math.sin(t) };
      const xfB: Transform = { px: xfA.px + (rnd() - 0.5) * 12, py: xfA.py + (rnd() - 0.5) * 12, c: 1, s: 0 };
      const fast = collide(box.value, xfA, ball.value, xfB, new Manifold());
      const slow = collide(poly.value, xfA, ball.value, xfB, new Manifold());
      expect(fast.pointCount).toBe(slow.pointCount);
      if (fast.pointCount === 0) continue;
      compared++;
      expect(fast.depth).toBeCloseTo(slow.depth, 12);
      expect(fast.normalX).toBeCloseTo(slow.normalX, 9);
      expect(fast.normalY).toBeCloseTo(slow.normalY, 9);
      expect(fast.point1X).toBeCloseTo(slow.point1X, 9);
      expect(fast.point1Y).toBeCloseTo(slow.point1Y, 9);
    }
    expect(compared).toBeGreaterThan(300);
  });
});

describe("casts", () => {
  const I: Transform = { px: 0, py: 0, c: 1, s: 0 };

  // What broke: a ray (or a circle's sweep) whose direction is a denormal, such as (5e-324, 0),
  // squared to a zero length and was divided by it: the result was NaN instead of a miss.
  it("a denormal ray direction is a miss, not NaN", () => {
    const ball = makeCircle(0.25);
    if (!ball.ok) throw new Error(ball.reason);
    const out = rayCast(ball.value, { px: -1, py: 1, c: 1, s: 0 }, 5e-324, 0, 0, 0, new CastOutput());
    expect(out.hit).toBe(false);
    const sweep = shapeCast(ball.value, I, ball.value, { px: 0.0625, py: 1, c: 1, s: 0 }, -4e-323, 0, new CastOutput());
    expect(sweep.hit).toBe(false);
    expect(Number.isNaN(sweep.fraction)).toBe(false);
  });

  // What broke: time of impact bounded a turning circle's speed by its radius, though turning a
  // circle about its centre moves none of it; a spinning circle near a triangle took over 1,000
  // steps and gave up. The core's reach from the centre of rotation is the right bound.
  it("a spinning circle costs no extra steps", () => {
    const ball = makeCircle(1.2479646105784923);
    const tri = makePolygon([{ x: -0.002932260691931976, y: -0.322463493626052 }, { x: -4.090192903396334, y: -1.3118963398554544 }, { x: 1.1496091661656496, y: -3.230850704084486 }]);
    if (!ball.ok || !tri.ok) throw new Error("constructors failed");
    const out = timeOfImpact(
      ball.value, sweepOf(0.7946582064032555, 1.4982797279953957, 3.141592530704674, 1.0175037775188684, 0.49827973172068596, -5.003843627246317),
      tri.value, sweepOf(3.1062128003686666, 5.8286894839257, -1.057824915682319, 1.407564403489232, -1.991195885464549, -5.355016644040614),
    );
    expect(out.converged).toBe(true);
    expect(out.iterations).toBeLessThan(1000);
  });

  // What broke: two boxes touching face to face and pushed together by a sweep were a miss with a
  // zero normal (touching cores have no closest-point direction, and that zero was tested against
  // the motion); the same pair in time of impact was a hit with a zero normal.
  it("polygons touching at the start: a hit at 0 with a unit normal when pushed together, a miss when pulled apart", () => {
    const b = makeBox(1, 1);
    if (!b.ok) throw new Error(b.reason);
    const box = b.value;
    const pushed = shapeCast(box, I, box, { px: 2, py: 0, c: 1, s: 0 }, -1, 0, new CastOutput());
    expect([pushed.hit, pushed.fraction, pushed.startedInside, pushed.normalX, pushed.normalY]).toEqual([true, 0, false, 1, 0]);
    const pulled = shapeCast(box, I, box, { px: 2, py: 0, c: 1, s: 0 }, 1, 0, new CastOutput());
    expect(pulled.hit).toBe(false);
    const toi = timeOfImpact(box, sweepOf(0, 0, 0, 0, 0, 0), box, sweepOf(2, 0, 0, 3, 0, 0));
    expect(toi.hit).toBe(true);
    expect(Math.hypot(toi.normalX, toi.normalY)).toBeCloseTo(1, 12);
    expect(toi.normalX).toBeCloseTo(1, 9);
  });

  // What broke: with reportInside, a ray 1e-170 long starting inside a shape had its length
  // squared to 0, and the normal (against the ray) came out as (−Infinity, NaN).
  it("a vanishingly short ray reported from inside gets a unit normal against it", () => {
    const ball = makeCircle(1);
    if (!ball.ok) throw new Error(ball.reason);
    for (const len of [1e-170, 1e-160, 5e-324]) {
      const out = rayCast(ball.value, I, 0, 0, len, 0, new CastOutput(), { reportInside: true });
      expect([out.hit, out.startedInside, out.normalX, out.normalY + 0]).toEqual([true, true, -1, 0]);
    }
  });
});
