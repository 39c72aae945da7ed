// The background grid in world units under the current pan and zoom: minor lines every cell, major
// lines every MAJOR_EVERY cells. One Konva Shape strokes them all in screen pixels, so lines stay
// one pixel wide at any zoom; lines denser than MIN_SPACING pixels are left out.
import { screenSpace } from "./pixel";
import type { Context } from "konva/lib/Context";
import { memo } from "react";
import { Shape } from "react-konva";
import type { ViewState } from "../store/preferences";
import { gridSpacing } from "./grid-spacing";
import { useCanvasTheme } from "./theme";

/** Strokes the lines at multiples of `step` (world) across a `width`×`height` screen. */
function strokeLines(ctx: Context, view: ViewState, step: number, width: number, height: number, skipEvery: number | null, colour: string) {
  const { x: ox, y: oy, scale } = view;
  ctx.beginPath();
  // Half-pixel offsets put one-pixel lines on whole device pixels.
  const first = (o: number) => Math.ceil(-o / scale / step);
  for (let i = first(ox); ; i++) {
    const sx = Math.round(i * step * scale + ox) + 0.5;
    if (sx > width) break;
    if (skipEvery !== null && i % skipEvery === 0) continue;
    ctx.moveTo(sx, 0);
    ctx.lineTo(sx, height);
  }
  for (let j = first(oy); ; j++) {
    const sy = Math.round(j * step * scale + oy) + 0.5;
    if (sy > height) break;
    if (skipEvery !== null && j % skipEvery === 0) continue;
    ctx.moveTo(0, sy);
    ctx.lineTo(width, sy);
  }
  ctx.setAttr("strokeStyle", colour);
  ctx.setAttr("lineWidth", 1);
  ctx.stroke();
}

/**
 * Drawn inside the stage's transform, so the Shape undoes it (x, y, scale) and draws in screen
 * pixels. Memoised: it changes with the view, the grid and the canvas size, not the document.
 */
export const Grid = memo(function Grid({ width, height, view, size }: { width: number; height: number; view: ViewState; size: number }) {
  const THEME = useCanvasTheme();
  const { minor, major } = gridSpacing(size, view.scale);
  return (
    <Shape
      {...screenSpace(view)}
      listening={false}
      perfectDrawEnabled={false}
      sceneFunc={(ctx) => {
        // Minor lines skip those a major line covers (when both are at the cell size's multiples).
        if (minor !== null) strokeLines(ctx, view, minor, width, height, major / minor, THEME.grid);
        strokeLines(ctx, view, major, width, height, null, THEME.gridMajor);
      }}
    />
  );
});
