// The circle, box, capsule and polygon tools: press, drag to size (or just click), release.
import type { ShapeType } from "../../../core";
import { addShape, nextId } from "../../store/actions";
import { useEditor } from "../../store/editor-store";
import { clickSlop, snapPoint } from "../../store/view";
import type { Tool } from "../tool";
import { placeShape, type Point2 } from "./place-shape";

export function placeTool(type: ShapeType): Tool {
  let start: Point2 | null = null;
  // With snapping on, both corners of the dragged rectangle (or a click's centre) are on the grid.
  const shapeTo = (end: Point2) => placeShape(type, nextId(type, useEditor.getState().shapes), start!, snapPoint(end), clickSlop());
  return {
    down: (p) => {
      start = snapPoint(p.world);
      useEditor.setState({ preview: shapeTo(p.world) });
    },
    move: (p) => {
      if (start) useEditor.setState({ preview: shapeTo(p.world) });
    },
    up: (p) => {
      if (!start) return;
      const shape = shapeTo(p.world);
      start = null;
      useEditor.setState({ preview: null });
      addShape(shape);
    },
    cancel: () => {
      start = null;
      useEditor.setState({ preview: null });
    },
  };
}
