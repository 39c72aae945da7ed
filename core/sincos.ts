// Sine and cosine of small angles (|x| ≤ π/4) by fdlibm's kernels (k_sin.c, k_cos.c, the
// polynomials V8's Math.sin and Math.cos end in), without their argument reduction. Time of impact
// turns each shape by t·Δangle at every step: composing the start rotation with this one takes a
// few multiplications instead of two library calls per step.

const S1 = -1.66666666666666324348e-1, S2 = 8.33333333332248946124e-3, S3 = -1.98412698298579493134e-4;
const S4 = 2.75573137070700676789e-6, S5 = -2.50507602534068634195e-8, S6 = 1.58969099521155010221e-10;
const C1 = 4.16666666666666019037e-2, C2 = -1.38888888888741095749e-3, C3 = 2.48015872894767294178e-5;
const C4 = -2.75573143513906633035e-7, C5 = 2.08757232129817482790e-9, C6 = -1.13596475577881948265e-11;

/** The largest |x| the kernels take. */
export const KERNEL_LIMIT = Math.PI / 4;

/**
 * cos x and sin x for |x| ≤ π/4, x read from io[at]; cos written to io[at], sin to io[at + 1].
 * sin is within an ulp of Math.sin; for cos fdlibm splits 1 − z/2 for |x| > 0.3 with a bit trick
 * to keep the last bit, without which it is within two ulps of Math.cos, which no caller here can
 * tell. Through an array and with both polynomials written out: a double returned from (or passed
 * to) a call V8 does not inline is boxed, and the callers are too big for V8 to inline this.
 */
export function kernelSinCos(io: Float64Array, at: number): void {
  const x = io[at]!, z = x * x;
  io[at + 1] = x + z * x * (S1 + z * (S2 + z * (S3 + z * (S4 + z * (S5 + z * S6)))));
  io[at] = 1 - (0.5 * z - z * z * (C1 + z * (C2 + z * (C3 + z * (C4 + z * (C5 + z * C6))))));
}
