// Draws one shape of any kind with Konva, in its state's colours, from the outline its kind traces
// (the same outline the batches and the HTML report draw). The node's id is the shape id.
import type Konva from "konva";
import { memo } from "react";
import { Shape as KonvaShape } from "react-konva";
import { traceShapeOutline, type Shape } from "../../core";
import { useCanvasTheme } from "./theme";

export interface ShapeLook {
  readonly shape: Shape;
  readonly overlapping: boolean;
  readonly selected: boolean;
  readonly ghost?: boolean;
  /** On a locked layer: drawn, never picked. */
  readonly locked?: boolean;
}

/** Memoised on plain props: during a drag only the shapes that change redraw their node. */
export const ShapeNode = memo(function ShapeNode({ shape, ...look }: ShapeLook) {
  const THEME = useCanvasTheme();
  const stroke = look.ghost ? THEME.preview : look.selected ? THEME.selected : look.overlapping ? THEME.overlapStroke : THEME.stroke;
  const sceneFunc = (ctx: Konva.Context, node: Konva.Shape) => {
    ctx.beginPath();
    traceShapeOutline(shape, ctx);
    ctx.fillStrokeShape(node);
  };
  return (
    <KonvaShape
      id={look.ghost ? undefined : shape.id}
      name="shape"
      sceneFunc={sceneFunc}
      fill={look.ghost ? undefined : look.overlapping ? THEME.overlapFill : THEME.fill}
      stroke={stroke}
      strokeWidth={look.selected ? 2.5 : 1.5}
      strokeScaleEnabled={false}
      dash={look.ghost ? [6, 4] : undefined}
      listening={!look.ghost && !look.locked}
      perfectDrawEnabled={false}
    />
  );
});
