// Draws one shape of any kind with Konva, in its layer's and its state's colours, from the outline
// its kind traces (the same outline the batches and the HTML report draw), styled as the batches
// style it (shape-style.ts). The node's id is the shape id.
import type Konva from "konva";
import { memo } from "react";
import { Shape as KonvaShape } from "react-konva";
import { traceShapeOutline, type Shape } from "../../core";
import { ARROW_PIXELS, normalArrows, traceArrows } from "./chain-normals";
import { offsetSink } from "./draw-origin";
import { dashOf, styleKey, styleOf } from "./shape-style";
import { useCanvasTheme, type ShapePaint } from "./theme";

export interface ShapeLook {
  readonly shape: Shape;
  /** Its layer's colours; a ghost has none. */
  readonly paint?: ShapePaint;
  readonly overlapping: boolean;
  readonly selected: boolean;
  readonly ghost?: boolean;
  /** On a locked layer: drawn, never picked. */
  readonly locked?: boolean;
}

/** Memoised on plain props: during a drag only the shapes that change redraw their node. */
export const ShapeNode = memo(function ShapeNode({ shape, paint, ...look }: ShapeLook) {
  const THEME = useCanvasTheme();
  const ghost = look.ghost === true || paint === undefined;
  const key = styleKey(shape, look.overlapping);
  const style = ghost ? null : styleOf(key, look.selected, paint);
  const sceneFunc = (ctx: Konva.Context, node: Konva.Shape) => {
    // The node sits at the shape's position and draws relative to it (draw-origin.ts).
    const sink = offsetSink(ctx, shape.x, shape.y);
    ctx.beginPath();
    traceShapeOutline(shape, sink);
    if (shape.type === "chain" && shape.oneSided === true) {
      const scale = node.getAbsoluteScale().x || 1;
      traceArrows(normalArrows(shape, ARROW_PIXELS / scale), sink);
    }
    if (style?.fill === null || ghost) ctx.strokeShape(node);
    else ctx.fillStrokeShape(node);
  };
  return (
    <KonvaShape
      id={look.ghost ? undefined : shape.id}
      name="shape"
      x={shape.x}
      y={shape.y}
      sceneFunc={sceneFunc}
      fill={style?.fill ?? undefined}
      stroke={style?.stroke ?? THEME.preview}
      strokeWidth={look.selected ? 2.5 : 1.5}
      strokeScaleEnabled={false}
      dash={ghost ? [6, 4] : style?.dashed ? [...dashOf(key)] : undefined}
      opacity={ghost ? 1 : paint.opacity}
      listening={!ghost && !look.locked}
      perfectDrawEnabled={false}
    />
  );
});
