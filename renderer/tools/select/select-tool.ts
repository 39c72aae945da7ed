// The select tool: click to select (Shift adds or removes), drag to move the selection (shapes and
// probes alike), or drag a probe's end handle to move that end alone. A drag is one undo step;
// Escape puts everything back where it was.
import type { Point, Probe, Shape } from "../../../core";
import { beginGesture, cancelGesture, endGesture, gestureActive, select } from "../../store/actions";
import { useEditor } from "../../store/editor-store";
import { snapDelta } from "../../store/view";
import type { Point2 } from "../place/place-shape";
import type { Tool } from "../tool";

/** Canvas ids of probe end handles: "<probe id>#from" or "<probe id>#to". */
export const HANDLE_SEPARATOR = "#";
export const handleId = (probe: string, end: "from" | "to") => `${probe}${HANDLE_SEPARATOR}${end}`;

function parseHandle(hitId: string): { probe: string; end: "from" | "to" } | null {
  const at = hitId.lastIndexOf(HANDLE_SEPARATOR);
  if (at < 0) return null;
  const end = hitId.slice(at + 1);
  return end === "from" || end === "to" ? { probe: hitId.slice(0, at), end } : null;
}

const shift = (p: Point, dx: number, dy: number): Point => [p[0] + dx, p[1] + dy];

/** A probe moved by (dx, dy) from its state at the drag's start; `end` moves one end only. */
function moveProbe(p: Probe, dx: number, dy: number, end?: "from" | "to"): Probe {
  if (p.type === "sweep") return { ...p, to: shift(p.to, dx, dy) };
  if (end === "from") return { ...p, from: shift(p.from, dx, dy) };
  if (end === "to") return { ...p, to: shift(p.to, dx, dy) };
  return { ...p, from: shift(p.from, dx, dy), to: shift(p.to, dx, dy) };
}

interface Drag {
  readonly start: Point2;
  readonly shapes: Map<string, Point2>;
  readonly probes: Map<string, Probe>;
  readonly end?: "from" | "to";
  /** The grabbed thing's position at the start (a shape's x, y; a probe's end): snapping puts it on the grid. */
  readonly anchor: Point2;
}

/** Where a probe is held: the dragged end, a sweep's target, or a ray's start. */
function probeAnchor(p: Probe, end?: "from" | "to"): Point2 {
  const [x, y] = p.type === "sweep" || end === "to" ? p.to : p.from;
  return { x, y };
}

export function selectTool(): Tool {
  let drag: Drag | null = null;
  return {
    down: (p) => {
      const { selection, shapes, probes } = useEditor.getState();
      if (!p.hitId) {
        if (!p.shift) select([]);
        return;
      }
      const handle = parseHandle(p.hitId);
      if (handle) {
        const probe = probes.find((q) => q.id === handle.probe);
        if (!probe) return;
        select([probe.id]);
        drag = { start: p.world, shapes: new Map(), probes: new Map([[probe.id, probe]]), end: handle.end, anchor: probeAnchor(probe, handle.end) };
        beginGesture();
        return;
      }
      let next = selection;
      if (p.shift) next = selection.includes(p.hitId) ? selection.filter((id) => id !== p.hitId) : [...selection, p.hitId];
      else if (!selection.includes(p.hitId)) next = [p.hitId];
      select(next);
      if (!next.includes(p.hitId)) return;
      const moving = new Set(next);
      const grabbed = shapes.find((s) => s.id === p.hitId);
      const grabbedProbe = probes.find((q) => q.id === p.hitId);
      drag = {
        start: p.world,
        shapes: new Map(shapes.filter((s) => moving.has(s.id)).map((s) => [s.id, { x: s.x, y: s.y }])),
        probes: new Map(probes.filter((q) => moving.has(q.id)).map((q) => [q.id, q])),
        anchor: grabbed ? { x: grabbed.x, y: grabbed.y } : grabbedProbe ? probeAnchor(grabbedProbe) : p.world,
      };
      beginGesture();
    },
    move: (p) => {
      if (!drag) return;
      // Undo, redo or opening a file ended the gesture under us: stop following the pointer.
      if (!gestureActive()) {
        drag = null;
        return;
      }
      const { x: dx, y: dy } = snapDelta(drag.anchor, p.world.x - drag.start.x, p.world.y - drag.start.y);
      const { shapes: origin, probes: probeOrigin, end } = drag;
      const state = useEditor.getState();
      useEditor.setState({
        shapes: origin.size === 0 ? state.shapes : state.shapes.map((s): Shape => {
          const o = origin.get(s.id);
          return o ? { ...s, x: o.x + dx, y: o.y + dy } : s;
        }),
        probes: probeOrigin.size === 0 ? state.probes : state.probes.map((q): Probe => {
          const o = probeOrigin.get(q.id);
          return o ? moveProbe(o, dx, dy, end) : q;
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
