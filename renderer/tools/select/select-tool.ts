// The select tool: click to select (Shift adds or removes), drag to move the selection. A drag is
// one undo step; Escape puts the shapes back where they were.
import type { Shape } from "../../../core";
import { beginGesture, cancelGesture, endGesture, gestureActive, select } from "../../store/actions";
import { useEditor } from "../../store/editor-store";
import type { Point2 } from "../place/place-shape";
import type { Tool } from "../tool";

export function selectTool(): Tool {
  let drag: { start: Point2; origin: Map<string, Point2> } | null = null;
  return {
    down: (p) => {
      const { selection, shapes } = useEditor.getState();
      if (!p.hitId) {
        if (!p.shift) select([]);
        return;
      }
      let next = selection;
      if (p.shift) next = selection.includes(p.hitId) ? selection.filter((id) => id !== p.hitId) : [...selection, p.hitId];
      else if (!selection.includes(p.hitId)) next = [p.hitId];
      select(next);
      if (!next.includes(p.hitId)) return;
      const moving = new Set(next);
      drag = { start: p.world, origin: new Map(shapes.filter((s) => moving.has(s.id)).map((s) => [s.id, { x: s.x, y: s.y }])) };
      beginGesture();
    },
    move: (p) => {
      if (!drag) return;
      // Undo, redo or opening a file ended the gesture under us: stop following the pointer.
      if (!gestureActive()) {
        drag = null;
        return;
      }
      const dx = p.world.x - drag.start.x;
      const dy = p.world.y - drag.start.y;
      const { origin } = drag;
      useEditor.setState({
        shapes: useEditor.getState().shapes.map((s): Shape => {
          const o = origin.get(s.id);
          return o ? { ...s, x: o.x + dx, y: o.y + dy } : s;
        }),
      });
    },
    up: () => {
      if (!drag) return;
      drag = null;
      endGesture();
    },
    cancel: () => {
      if (!drag) return;
      drag = null;
      cancelGesture();
    },
  };
}
