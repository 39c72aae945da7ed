// paintShapes against a recording context: culling, colours per overlap flag, whole shapes drawn
// in order, tiny shapes (a level seen from afar) batched into one stroked path per colour run, and
// a locked layer's muted look; shapePaint, a layer's colours under a theme.
import { describe, expect, it } from "vitest";
import type { Shape } from "../../core";
import { changedShapes, paintShapes } from "../../renderer/canvas/shape-batch";
import { seededRandom } from "../seeded-random";
import { canvasTheme, shapePaint, THEME } from "../../renderer/canvas/theme";

const PAINT = shapePaint(THEME, "#6b7cff", false);

/** Records every call and style change as a line. */
function recorder(): { ctx: CanvasRenderingContext2D; log: string[] } {
  const log: string[] = [];
  const target: Record<string, unknown> = {};
  const ctx = new Proxy(target, {
    get: (_t, name: string) => (name in target ? target[name] : (...args: unknown[]) => log.push(`${name}(${args.map((a) => (typeof a === "number" ? Math.round(a) : a)).join(",")})`)),
    set: (_t, name: string, value: unknown) => {
      target[name] = value;
      if (name === "fillStyle" || name === "strokeStyle" || name === "globalAlpha") log.push(`${name}=${String(value)}`);
      return true;
    },
  });
  return { ctx: ctx as unknown as CanvasRenderingContext2D, log };
}

const box = (id: string, x: number, size: number): Shape => ({ id, type: "box", x, y: 0, rotation: 0, width: size, height: size });
const everything = { minX: -1e9, minY: -1e9, maxX: 1e9, maxY: 1e9 };

describe("paintShapes", () => {
  it("strokes a run of tiny shapes of one colour as one path, and starts a new one when the colour changes", () => {
    const { ctx, log } = recorder();
    // At 0.1 px per unit, 10-unit boxes are 1 px: tiny. b is overlapping, so its colour differs.
    const shapes = [box("a", 0, 10), box("b", 20, 10), box("c", 40, 10), box("d", 60, 10)];
    const drawn = paintShapes(ctx, shapes, new Set(["b"]), everything, "plain", PAINT, 0.1);
    expect(drawn).toBe(4);
    expect(log.filter((l) => l.startsWith("stroke(")).length).toBe(3); // a | b | c d
    expect(log.filter((l) => l.startsWith("rect(")).length).toBe(4);
    expect(log.some((l) => l.startsWith("strokeRect"))).toBe(false);
    const strokes = log.flatMap((l, i) => (l.startsWith("stroke(") ? [i] : []));
    const rects = log.flatMap((l, i) => (l.startsWith("rect(") ? [i] : []));
    // c and d share the last path: both rects come after the second stroke, before the third.
    expect(rects[2]! > strokes[1]! && rects[3]! < strokes[2]!).toBe(true);
  });

  it("draws large shapes whole, each filled and stroked in scene order, flushing tiny ones first", () => {
    const { ctx, log } = recorder();
    const shapes = [box("t", 0, 10), box("big", 100, 400), box("u", 600, 10)];
    paintShapes(ctx, shapes, new Set(), everything, "plain", PAINT, 0.1);
    const ops = log.filter((l) => /^(rect|fill|stroke|moveTo)\(/.test(l)).map((l) => l.split("(")[0]);
    // t's rect and stroke, then big traced (moveTo…), filled and stroked, then u's rect and stroke.
    expect(ops).toEqual(["rect", "stroke", "moveTo", "fill", "stroke", "rect", "stroke"]);
  });

  it("fills in the layer's colour and the warning's for an overlapping shape; a locked layer's muted and dashed, within save and restore", () => {
    const { ctx, log } = recorder();
    paintShapes(ctx, [box("a", 0, 100), box("b", 200, 100)], new Set(["b"]), everything, "plain", PAINT, 1);
    expect(log).toContain("fillStyle=rgba(107, 124, 255, 0.3)");
    expect(log).toContain(`fillStyle=${THEME.overlapFill}`);
    expect(log).toContain("globalAlpha=1");
    expect(log.some((l) => l.startsWith("setLineDash"))).toBe(false);
    const locked = recorder();
    paintShapes(locked.ctx, [box("a", 0, 100)], new Set(), everything, "plain", shapePaint(THEME, "#6b7cff", true), 2);
    expect(locked.log[0]).toBe("save()");
    expect(locked.log).toContain("globalAlpha=0.45");
    expect(locked.log).toContain("setLineDash(2,1.5)"); // 4 and 3 CSS pixels at 2 px a unit
    expect(locked.log.at(-1)).toBe("restore()");
  });

  it("skips shapes outside the rectangle", () => {
    const { ctx, log } = recorder();
    const drawn = paintShapes(ctx, [box("in", 0, 10), box("out", 5000, 10)], new Set(), { minX: -100, minY: -100, maxX: 100, maxY: 100 }, "plain", PAINT, 1);
    expect(drawn).toBe(1);
    expect(log.filter((l) => l.startsWith("moveTo(")).length).toBe(1);
  });
});

describe("shapePaint", () => {
  it("is the same object for the same theme, colour and lock, and reads the colour into a translucent fill", () => {
    const dark = canvasTheme("dark"), light = canvasTheme("light");
    expect(shapePaint(dark, "#3fb950", false)).toBe(shapePaint(dark, "#3fb950", false));
    expect(shapePaint(dark, "#3fb950", false)).not.toBe(shapePaint(light, "#3fb950", false));
    expect(shapePaint(dark, "#3fb950", true).opacity).toBeLessThan(1);
    expect(shapePaint(light, "#3fb950", false).fill).toBe("rgba(63, 185, 80, 0.24)");
    // Outlines lighter on the dark canvas, darker on the light one.
    expect(shapePaint(dark, "#808080", false).stroke).toBe("rgb(153, 153, 153)");
    expect(shapePaint(light, "#808080", false).stroke).toBe("rgb(96, 96, 96)");
    // The selection and the warnings are the theme's, whatever the layer.
    expect(shapePaint(dark, "#3fb950", false).selected).toBe(dark.selected);
    expect(dark.selected).not.toBe(dark.overlapStroke);
  });
});

describe("changedShapes (what a drag step redraws)", () => {
  /** The plain answer: every index whose object or overlap flag differs. */
  function scan(before: readonly Shape[], beforeSet: ReadonlySet<string>, after: readonly Shape[], afterSet: ReadonlySet<string>): number[] {
    const out: number[] = [];
    for (let i = 0; i < after.length; i++) if (after[i] !== before[i] || beforeSet.has(after[i]!.id) !== afterSet.has(after[i]!.id)) out.push(i);
    return out;
  }

  it("finds the scan's indices after random replacements and flag flips (seeded), and gives up past the limit", () => {
    const r = seededRandom(77);
    let shapes: Shape[] = Array.from({ length: 300 }, (_, i) => box(`s${i}`, i, 1));
    // Ids of other batches' shapes are in the overlap sets too.
    let overlapping = new Set<string>(["other1", "other2", ...shapes.filter(() => r() < 0.1).map((s) => s.id)]);
    let patched = 0, gaveUp = 0;
    for (let step = 0; step < 400; step++) {
      const index = new Map(shapes.map((s, i) => [s.id, i])), drawn = { shapes, overlapping, indexOf: () => index };
      const next = [...shapes];
      const edits = r() < 0.1 ? 80 : Math.floor(r() * 4);
      for (let k = 0; k < edits; k++) {
        const i = Math.floor(r() * next.length);
        next[i] = { ...next[i]!, x: next[i]!.x + 1 } as Shape;
      }
      const nextSet = new Set(overlapping);
      for (let k = Math.floor(r() * 6); k > 0; k--) {
        const id = r() < 0.2 ? `other${k}` : `s${Math.floor(r() * 300)}`;
        if (nextSet.has(id)) nextSet.delete(id);
        else nextSet.add(id);
      }
      // Sometimes the same arrays and sets (nothing changed).
      const same = r() < 0.1;
      const got = same ? changedShapes(drawn, shapes, overlapping, 64) : changedShapes(drawn, next, nextSet, 64);
      const want = same ? [] : scan(shapes, overlapping, next, nextSet);
      if (want.length > 64) {
        expect(got).toBeNull();
        gaveUp++;
      } else {
        expect([...got!].sort((a, b) => a - b)).toEqual(want);
        patched++;
      }
      if (!same) { shapes = next; overlapping = nextSet; }
    }
    expect(patched).toBeGreaterThan(300);
    expect(gaveUp).toBeGreaterThan(10);
  });

  it("a shape with another id at an index means a redraw", () => {
    const shapes = [box("a", 0, 1), box("b", 2, 1)];
    const drawn = { shapes, overlapping: new Set<string>(), indexOf: () => new Map([["a", 0], ["b", 1]]) };
    expect(changedShapes(drawn, [shapes[0]!, box("c", 2, 1)], new Set(), 64)).toBeNull();
    expect(changedShapes(drawn, [box("a", 1, 1), shapes[1]!], new Set(["b"]), 64)).toEqual([0, 1]);
  });

  it("a selection change empties or fills a few places: only those are redrawn, and nothing is painted for an empty one", () => {
    const shapes = [box("a", 0, 1), box("b", 2, 1), box("c", 4, 1)];
    const drawn = { shapes, overlapping: new Set<string>(), indexOf: () => new Map([["a", 0], ["b", 1], ["c", 2]]) };
    // b selected: its place is emptied (drawn live elsewhere); then c too while b comes back.
    expect(changedShapes(drawn, [shapes[0]!, null, shapes[2]!], new Set(), 64)).toEqual([1]);
    const selectedB = { ...drawn, shapes: [shapes[0]!, null, shapes[2]!] };
    expect(changedShapes(selectedB, [shapes[0]!, shapes[1]!, null], new Set(), 64)).toEqual([1, 2]);
    // Past the limit: a redraw.
    expect(changedShapes(drawn, [null, null, null], new Set(), 2)).toBeNull();
    const { ctx, log } = recorder();
    expect(paintShapes(ctx, [shapes[0]!, null, shapes[2]!], new Set(), everything, "plain", PAINT, 1)).toBe(2);
    expect(log.filter((l) => l.startsWith("rect(")).length).toBe(2); // 1-unit boxes at 1 px a unit: tiny, drawn as their box
  });
});
