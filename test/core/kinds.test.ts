// Each shape kind's outline (what the editor's canvas, its Konva nodes and the HTML report draw)
// follows the kind's collision geometry: every point traced lies on the geometry's boundary, inside
// it by a hair and outside by a hair; and the kind's box holds its outline.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { containsPoint, geometryOf, shapeBounds, transformOf, type Shape } from "../../core";
import { traceShapeOutline, type PathSink } from "../../core/kinds/trace";
import { anyShape, seedOf } from "./arbitraries";

/** Points along a traced outline: every line's ends and midpoint, and 16 points of every arc. */
function outlinePoints(shape: Shape): { x: number; y: number }[] {
  const pts: { x: number; y: number }[] = [];
  let at: { x: number; y: number } | null = null, start: { x: number; y: number } | null = null;
  const sink: PathSink = {
    moveTo: (x, y) => {
      at = start = { x, y };
      pts.push(at);
    },
    lineTo: (x, y) => {
      if (at) pts.push({ x: (at.x + x) / 2, y: (at.y + y) / 2 });
      at = { x, y };
      pts.push(at);
    },
    arc: (cx, cy, r, a0, a1) => {
      for (let i = 0; i <= 16; i++) {
        const a = a0 + ((a1 - a0) * i) / 16;
        pts.push({ x: cx + r * Math.cos(a), y: cy + r * Math.sin(a) });
      }
      at = pts.at(-1)!;
    },
    closePath: () => {
      if (at && start) pts.push({ x: (at.x + start.x) / 2, y: (at.y + start.y) / 2 });
      at = start;
    },
  };
  traceShapeOutline(shape, sink);
  return pts;
}

describe("shape kinds: outline, geometry and box agree", () => {
  it("every traced point is on the geometry's boundary (inside by a hair, outside by a hair) and inside the kind's box", () => {
    fc.assert(
      fc.property(anyShape("s"), (shape) => {
        const g = geometryOf(shape);
        if (!g.ok) return;
        const xf = transformOf(shape);
        const pts = outlinePoints(shape);
        const cx = pts.reduce((s, p) => s + p.x, 0) / pts.length, cy = pts.reduce((s, p) => s + p.y, 0) / pts.length;
        const b = shapeBounds(shape);
        const size = Math.max(b.maxX - b.minX, b.maxY - b.minY);
        const eps = 1e-6 * size;
        for (const p of pts) {
          const d = Math.hypot(p.x - cx, p.y - cy);
          if (d < 10 * eps) continue; // a degenerate outline's centre
          const ux = (p.x - cx) / d, uy = (p.y - cy) / d;
          expect(containsPoint(g.value, xf, p.x - ux * eps, p.y - uy * eps), `inside near ${p.x}, ${p.y}`).toBe(true);
          expect(containsPoint(g.value, xf, p.x + ux * eps, p.y + uy * eps), `outside near ${p.x}, ${p.y}`).toBe(false);
          expect(p.x >= b.minX - eps && p.x <= b.maxX + eps && p.y >= b.minY - eps && p.y <= b.maxY + eps).toBe(true);
        }
      }),
      { seed: seedOf("kind-outlines"), numRuns: 500 },
    );
  });
});
