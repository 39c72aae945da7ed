// The ray tool: press where the ray starts, drag to where it ends, release. The ray is kept in the
// scene as a probe and shows its first hit live; a click without a drag makes nothing.
import type { RayProbe } from "../../../core";
import { addProbe, nextId } from "../../store/actions";
import { useEditor } from "../../store/editor-store";
import { clickSlop, snapPoint } from "../../store/view";
import type { Point2 } from "../place/place-shape";
import type { Tool } from "../tool";

export function rayTool(): Tool {
  let start: Point2 | null = null;
  const rayTo = (pointer: Point2): RayProbe => {
    const end = snapPoint(pointer);
    const id = nextId("ray", useEditor.getState().shapes);
    return { id, name: id, type: "ray", from: [start!.x, start!.y], to: [end.x, end.y] };
  };
  const reset = () => {
    start = null;
    useEditor.setState({ probePreview: null });
  };
  return {
    down: (p) => {
      start = snapPoint(p.world);
      useEditor.setState({ probePreview: rayTo(p.world) });
    },
    move: (p) => {
      if (start) useEditor.setState({ probePreview: rayTo(p.world) });
    },
    up: (p) => {
      if (!start) return;
      const probe = rayTo(p.world);
      const moved = Math.hypot(probe.to[0] - start.x, probe.to[1] - start.y) >= clickSlop();
      reset();
      if (moved) addProbe(probe);
    },
    cancel: reset,
  };
}
