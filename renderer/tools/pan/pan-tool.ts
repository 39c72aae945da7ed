// The pan tool: dragging moves the view, not the document. The grabbed world point stays under
// the pointer: each move shifts the view by how far the pointer's world position strayed from it
// (the canvas computes world positions with the view as it is now, so no screen state is kept).
import { useEditor } from "../../store/editor-store";
import { panBy } from "../../store/view-actions";
import type { Point2 } from "../place/place-shape";
import type { Tool } from "../tool";

export function panTool(): Tool {
  let grab: Point2 | null = null;
  const follow = (p: Point2) => {
    if (!grab) return;
    const { scale } = useEditor.getState().view;
    panBy((p.x - grab.x) * scale, (p.y - grab.y) * scale);
  };
  return {
    down: (p) => {
      grab = p.world;
    },
    move: (p) => follow(p.world),
    up: (p) => {
      follow(p.world);
      grab = null;
    },
    // The view is not undoable: a cancelled pan stays where it got to.
    cancel: () => {
      grab = null;
    },
  };
}
