// Overlaps that collision filtering ignores, drawn faintly in a neutral colour (never the warning
// red): the region of each pair's manifold, its contact points widened by the depth along the
// normal (they lie midway between the surfaces), dashed. One Konva node draws them all.
import { Shape as KonvaShape } from "react-konva";
import type { IgnoredPair, PathSink } from "../../core";
import { offsetSink, type DrawOrigin } from "./draw-origin";
import { usePixel } from "./pixel";
import { useCanvasTheme } from "./theme";

/** Pairs drawn at most: beyond, the Overlaps panel still counts them. */
export const IGNORED_DRAWN = 5000;
/** The region is at least this thick on screen, in CSS pixels, so a touching pair still shows. */
const MIN_THICKNESS = 4;
/** A pair with one contact point shows a ring at least this wide, in CSS pixels. */
const MIN_RING = 5;

/** Traces the pair's region: a band along its two points, or a ring about its one point. */
function traceRegion(ctx: PathSink, p: IgnoredPair, px: number): void {
  const half = Math.max(p.depth, MIN_THICKNESS * px) / 2, nx = p.normal.x * half, ny = p.normal.y * half;
  const [q, r] = p.points;
  if (!q) return;
  if (!r) {
    ctx.moveTo(q.x + Math.max(half, MIN_RING * px), q.y);
    ctx.arc(q.x, q.y, Math.max(half, MIN_RING * px), 0, 2 * Math.PI);
    return;
  }
  ctx.moveTo(q.x - nx, q.y - ny);
  ctx.lineTo(r.x - nx, r.y - ny);
  ctx.lineTo(r.x + nx, r.y + ny);
  ctx.lineTo(q.x + nx, q.y + ny);
  ctx.closePath();
}

/** `origin`: where the node sits, near the view (draw-origin.ts). */
export function IgnoredOverlay({ pairs, origin }: { readonly pairs: readonly IgnoredPair[]; readonly origin: DrawOrigin }) {
  const THEME = useCanvasTheme();
  const px = usePixel();
  if (pairs.length === 0) return null;
  const drawn = pairs.length > IGNORED_DRAWN ? pairs.slice(0, IGNORED_DRAWN) : pairs;
  return (
    <KonvaShape
      name="ignored-overlaps"
      x={origin.x}
      y={origin.y}
      listening={false}
      perfectDrawEnabled={false}
      fill={THEME.ignoredFill}
      stroke={THEME.ignored}
      strokeWidth={1.25}
      strokeScaleEnabled={false}
      dash={[4, 3]}
      sceneFunc={(ctx, node) => {
        ctx.beginPath();
        const sink = offsetSink(ctx, origin.x, origin.y);
        for (const p of drawn) traceRegion(sink, p, px);
        ctx.fillStrokeShape(node);
      }}
    />
  );
}
