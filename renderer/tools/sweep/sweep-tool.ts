// The sweep tool: press on a shape and drag to where it should go; the shape's swept area, its
// pose at first contact, the contact point and normal show live. Kept in the scene as a probe.
import type { SweepProbe } from "../../../core";
import { addProbe, nextId, notify } from "../../store/actions";
import { useEditor } from "../../store/editor-store";
import { clickSlop, snapPoint } from "../../store/view";
import type { Point2 } from "../place/place-shape";
import type { Tool } from "../tool";

export function sweepTool(): Tool {
  let drag: { start: Point2; shape: string; origin: Point2 } | null = null;
  const sweepTo = (p: Point2): SweepProbe => {
    const id = nextId("sweep", useEditor.getState().shapes);
    const d = drag!;
    const to = snapPoint({ x: d.origin.x + p.x - d.start.x, y: d.origin.y + p.y - d.start.y });
    return { id, name: id, type: "sweep", shape: d.shape, to: [to.x, to.y] };
  };
  const reset = () => {
    drag = null;
    useEditor.setState({ probePreview: null });
  };
  return {
    down: (p) => {
      const shape = useEditor.getState().shapes.find((s) => s.id === p.hitId);
      if (!shape) {
        notify("Sweep: press on a shape and drag it to where it should go");
        return;
      }
      drag = { start: p.world, shape: shape.id, origin: { x: shape.x, y: shape.y } };
      useEditor.setState({ probePreview: sweepTo(p.world) });
    },
    move: (p) => {
      if (drag) useEditor.setState({ probePreview: sweepTo(p.world) });
    },
    up: (p) => {
      if (!drag) return;
      const moved = Math.hypot(p.world.x - drag.start.x, p.world.y - drag.start.y) >= clickSlop();
      const probe = sweepTo(p.world);
      reset();
      if (moved) addProbe(probe);
    },
    cancel: reset,
  };
}
