// Draws one shape of any kind with Konva, in its state's colours. The node's id is the shape id,
// which is how the canvas knows what the pointer is on.
import { memo } from "react";
import { Circle, Line, Rect } from "react-konva";
import type { Shape } from "../../core";
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
  const common = {
    id: look.ghost ? undefined : shape.id,
    name: "shape",
    x: shape.x,
    y: shape.y,
    fill: look.ghost ? undefined : look.overlapping ? THEME.overlapFill : THEME.fill,
    stroke,
    strokeWidth: look.selected ? 2.5 : 1.5,
    strokeScaleEnabled: false,
    dash: look.ghost ? [6, 4] : undefined,
    listening: !look.ghost && !look.locked,
    perfectDrawEnabled: false,
  };
  switch (shape.type) {
    case "circle":
      return <Circle {...common} radius={shape.radius} />;
    case "box":
      return <Rect {...common} width={shape.width} height={shape.height} offsetX={shape.width / 2} offsetY={shape.height / 2} rotation={shape.rotation} />;
    case "capsule":
      return (
        <Rect {...common} width={2 * shape.radius} height={shape.height} offsetX={shape.radius} offsetY={shape.height / 2} cornerRadius={shape.radius} rotation={shape.rotation} />
      );
    case "polygon":
      return <Line {...common} points={shape.points.flat()} closed rotation={shape.rotation} />;
  }
});
