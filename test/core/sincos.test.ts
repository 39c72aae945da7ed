// The small-angle kernels time of impact turns shapes with, against the library functions.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { kernelSinCos, KERNEL_LIMIT } from "../../core/sincos";

const io = new Float64Array(3);
/** [cos x, sin x] by the kernel, written at offset 1 (the offset must be honoured). */
function kernel(x: number): [number, number] {
  io[0] = 7; io[1] = x;
  kernelSinCos(io, 1);
  expect(io[0]).toBe(7);
  return [io[1]!, io[2]!];
}
const kernelSin = (x: number): number => kernel(x)[1];
const kernelCos = (x: number): number => kernel(x)[0];

describe("kernelSinCos", () => {
  it("agree with Math.sin and Math.cos to two ulps over [−π/4, π/4]", () => {
    fc.assert(fc.property(fc.double({ min: -KERNEL_LIMIT, max: KERNEL_LIMIT, noNaN: true }), (x) => {
      expect(Math.abs(kernelSin(x) - Math.sin(x))).toBeLessThanOrEqual(2 * Number.EPSILON * Math.max(Math.abs(Math.sin(x)), Number.MIN_VALUE));
      expect(Math.abs(kernelCos(x) - Math.cos(x))).toBeLessThanOrEqual(2 * Number.EPSILON);
    }), { numRuns: 20000 });
  });

  it("are exact at 0 and keep the sign of tiny and negative angles", () => {
    expect(kernelSin(0)).toBe(0);
    expect(kernelCos(0)).toBe(1);
    expect(kernelSin(1e-300)).toBe(1e-300);
    expect(kernelSin(-0.5)).toBe(-kernelSin(0.5));
    expect(kernelCos(-0.5)).toBe(kernelCos(0.5));
  });
});
