// What a number field reads: a number or arithmetic on numbers, never code; and what it shows.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatCoordinate, formatNumber } from "../../renderer/app/panels/number-format";
import { evaluateNumberExpression } from "../../renderer/store/number-expression";
import { seedOf } from "../core/arbitraries";

const value = (text: string): number => {
  const r = evaluateNumberExpression(text);
  if (!r.ok) throw new Error(`${text}: ${r.message}`);
  return r.value;
};

describe("evaluateNumberExpression: what a number field reads", () => {
  it("numbers as files and people write them", () => {
    const cases: [string, number][] = [["125", 125], ["  -3.5 ", -3.5], ["+7", 7], [".5", 0.5], ["5.", 5], ["1e-9", 1e-9], ["2E+3", 2000], ["-0", -0], ["466.666666667", 466.666666667]];
    for (const [text, want] of cases) expect(value(text), text).toBe(want);
  });

  it("sums, products, parentheses, unary minus and a leading =", () => {
    const cases: [string, number][] = [
      ["100+25", 125], ["=64*2", 128], ["(10+2)/4", 3], ["-3*2", -6], ["2*-3", -6], ["2--3", 5], ["10-2-3", 5], ["64/4/2", 8],
      ["1+2*3", 7], ["(1+2)*3", 9], ["-(2+3)", -5], ["--4", 4], [" = 1 + ( 2 * ( 3 - 1 ) ) ", 5], ["0.5*3", 1.5], ["1e2+1", 101],
      ["10 \u2212 4", 6], ["3×4", 12], ["9÷3", 3],
    ];
    for (const [text, want] of cases) expect(value(text), text).toBe(want);
  });

  it("anything else is refused with a message that quotes it, never evaluated as code", () => {
    for (const text of ["abc", "1+", "*2", "(1+2", "1+2)", "()", "1 2", "2(3)", "1e", "1..2", "0x10", "Infinity", "NaN", "==1", "1=1", "alert(1)", "1;2", "1,5", "2^3", "%", "1+*2"]) {
      expect(evaluateNumberExpression(text), text).toEqual({ ok: false, message: `not a number or sum: ${text}` });
    }
    expect(evaluateNumberExpression("   ")).toEqual({ ok: false, message: "enter a number" });
    expect(evaluateNumberExpression("1/0")).toEqual({ ok: false, message: "not a finite number: 1/0" });
    expect(evaluateNumberExpression("1e999")).toEqual({ ok: false, message: "not a finite number: 1e999" });
    // Deep nesting is refused, not a stack overflow.
    const deep = "(".repeat(100_000) + "1" + ")".repeat(100_000);
    expect(evaluateNumberExpression(deep).ok).toBe(false);
    expect(value("(".repeat(50) + "1" + ")".repeat(50))).toBe(1);
  });

  it("well-formed random expressions: the value of the tree they were printed from", () => {
    type Tree = { readonly n: number } | { readonly neg: Tree } | { readonly op: "+" | "-" | "*" | "/"; readonly l: Tree; readonly r: Tree };
    const literal = fc.oneof(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: 100_000 }).map((k) => k / 100));
    const { tree } = fc.letrec<{ tree: Tree }>((rec) => ({
      tree: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        literal.map((n) => ({ n })),
        rec("tree").map((t) => ({ neg: t })),
        fc.record({ op: fc.constantFrom("+", "-", "*", "/"), l: rec("tree"), r: rec("tree") }),
      ),
    }));
    // The reference: evaluation of the tree itself, in the order its structure says.
    const evaluate = (t: Tree): number => ("n" in t ? t.n : "neg" in t ? -evaluate(t.neg) : t.op === "+" ? evaluate(t.l) + evaluate(t.r) : t.op === "-" ? evaluate(t.l) - evaluate(t.r) : t.op === "*" ? evaluate(t.l) * evaluate(t.r) : evaluate(t.l) / evaluate(t.r));
    const level = (t: Tree): number => ("n" in t || "neg" in t ? 3 : t.op === "+" || t.op === "-" ? 1 : 2);
    // Printed with the fewest parentheses precedence allows (a right operand of the same level
    // keeps them: a − (b − c)), or with extra ones and spaces when `loose`.
    const print = (t: Tree, loose: boolean): string => {
      if ("n" in t) return String(t.n);
      const wrap = (s: string, need: boolean) => (need || loose ? `(${s})` : s);
      if ("neg" in t) return `-${wrap(print(t.neg, loose), level(t.neg) < 3 || "neg" in t.neg)}`;
      const gap = loose ? " " : "";
      return `${wrap(print(t.l, loose), level(t.l) < level(t))}${gap}${t.op}${gap}${wrap(print(t.r, loose), level(t.r) <= level(t))}`;
    };
    fc.assert(
      fc.property(tree, fc.boolean(), fc.boolean(), (t, loose, equals) => {
        const text = (equals ? "=" : "") + print(t, loose);
        const want = evaluate(t);
        const got = evaluateNumberExpression(text);
        if (Number.isFinite(want)) expect(got, text).toEqual({ ok: true, value: want });
        else expect(got, text).toEqual({ ok: false, message: `not a finite number: ${text}` });
      }),
      { seed: seedOf("number expressions"), numRuns: 3000 },
    );
  });
});

describe("formatNumber: what a number field shows", () => {
  it("at most 4 decimals, no float noise, no -0; tiny values never shown as 0", () => {
    const cases: [number, string][] = [
      [466.666666667, "466.6667"], [1400 / 3, "466.6667"], [125, "125"], [-3.25, "-3.25"], [0.1 + 0.2, "0.3"], [-0, "0"], [-0.00001, "-0.00001"],
      [1e-9, "1e-9"], [123456.78901, "123456.789"], [1e15, "1000000000000000"], [-90, "-90"], [2 / 3, "0.6667"], [0.00005, "0.0001"],
    ];
    for (const [v, shown] of cases) expect(formatNumber(v), String(v)).toBe(shown);
  });

  it("what it shows reads back within half the last shown decimal", () => {
    fc.assert(fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (v) => {
      const back = value(formatNumber(v));
      expect(Math.abs(back - v)).toBeLessThanOrEqual(0.5e-4 * (1 + 1e-9) + Math.abs(v) * 1e-15);
    }), { seed: seedOf("number format"), numRuns: 3000 });
  });

  it("a coordinate's float noise shows as 0; otherwise as formatNumber shows it", () => {
    expect([7.105e-15, -5.684e-14, 0.00004, -0].map(formatCoordinate)).toEqual(["0", "0", "0", "0"]);
    fc.assert(fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (v) => {
      expect(formatCoordinate(v)).toBe(Math.abs(v) < 0.00005 ? "0" : formatNumber(v));
    }), { seed: seedOf("coordinate format"), numRuns: 3000 });
  });
});
