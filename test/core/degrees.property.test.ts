// normalizeDegrees: the one range of rotations, (−180, 180], against a plain reference.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normalizeDegrees } from "../../core/index";
import { seedOf } from "./arbitraries";

/** Steps of a whole turn until the angle is in (−180, 180]: plainly right, and exact for whole degrees. */
function reference(degrees: number): number {
  let d = degrees;
  while (d > 180) d -= 360;
  while (d <= -180) d += 360;
  return d;
}

const inRange = (d: number): boolean => d > -180 && d <= 180;

describe("normalizeDegrees", () => {
  it("the ends and whole turns: 270 is −90, −180 is 180, 540 is 180, −0 is 0", () => {
    const cases: [number, number][] = [[0, 0], [180, 180], [-180, 180], [270, -90], [-270, 90], [360, 0], [-360, 0], [540, 180], [-540, 180], [190.5, -169.5], [-179.5, -179.5], [720.25, 0.25], [1e15, normalizeDegrees(1e15 % 360)]];
    for (const [d, want] of cases) expect(normalizeDegrees(d), String(d)).toBe(want);
    expect(Object.is(normalizeDegrees(-0), 0)).toBe(true);
    expect(Object.is(normalizeDegrees(-360), 0)).toBe(true);
    expect(normalizeDegrees(NaN)).toBeNaN();
    expect(normalizeDegrees(Infinity)).toBeNaN();
  });

  it("whole degrees: equal to the reference", () => {
    fc.assert(fc.property(fc.integer({ min: -100_000, max: 100_000 }), (d) => {
      expect(normalizeDegrees(d)).toBe(reference(d) + 0);
    }), { seed: seedOf("degrees whole"), numRuns: 5000 });
  });

  it("any angle: in range, a whole number of turns from it (to the reference's rounding), and in-range angles unchanged", () => {
    fc.assert(fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), (d) => {
      const n = normalizeDegrees(d);
      expect(inRange(n), `${d} → ${n}`).toBe(true);
      const turns = (d - n) / 360;
      expect(Math.abs(turns - Math.round(turns))).toBeLessThanOrEqual(1e-9);
      // The reference accumulates rounding over its steps; away from the ends both agree closely.
      const r = reference(d);
      if (Math.abs(Math.abs(r) - 180) > 1e-6) expect(Math.abs(n - r)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(d) / 360));
      if (inRange(d)) expect(n).toBe(d + 0);
      // Idempotent.
      expect(normalizeDegrees(n)).toBe(n);
    }), { seed: seedOf("degrees any"), numRuns: 5000 });
  });
});
