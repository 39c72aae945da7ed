// The outline of the shape under the pointer (tools/select/hover.ts), when it can be picked and is
// not selected already: what a click would take. The canvas's `data-hover` names it for tests.
import type Konva from "konva";
import { useEffect, useRef } from "react";
import { Shape as KonvaShape } from "react-konva";
import { traceShapeOutline } from "../../core";
import { useEditor, useEditorState, useOverlay } from "../editor/react";
import { pickable } from "../tools/select/picking";
import { offsetSink } from "./draw-origin";
import { useCanvasTheme } from "./theme";

export function HoverOutline() {
  const editor = useEditor();
  const THEME = useCanvasTheme();
  const id = useOverlay((o) => o.hover);
  const shape = useEditorState((_s) => (id === null ? undefined : editor.shapeById(id)));
  const layers = useEditorState((s) => s.layers);
  const selected = useEditorState((s) => id !== null && s.selection.includes(id));
  const shown = shape && !selected && pickable(shape, layers) ? shape : null;
  const node = useRef<Konva.Shape>(null);
  const container = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const el = node.current?.getStage()?.container() ?? container.current;
    if (!el) return;
    container.current = el;
    el.dataset.hover = shown?.id ?? "";
  });
  // An empty node keeps the stage within reach when nothing is hovered.
  return (
    <KonvaShape
      ref={node}
      name="hover"
      listening={false}
      perfectDrawEnabled={false}
      visible={shown !== null}
      x={shown?.x ?? 0}
      y={shown?.y ?? 0}
      stroke={THEME.hover}
      strokeWidth={2}
      strokeScaleEnabled={false}
      sceneFunc={(ctx, n) => {
        if (!shown) return;
        ctx.beginPath();
        traceShapeOutline(shown, offsetSink(ctx, shown.x, shown.y));
        ctx.strokeShape(n);
      }}
    />
  );
}
