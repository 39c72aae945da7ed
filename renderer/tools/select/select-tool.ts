// The select tool, a small state machine: click to select (Shift adds or removes, Alt picks the
// shape underneath), drag on empty canvas for a marquee, drag the selection to move it (shapes and
// probes alike), drag a probe's end handle, or drag a transform handle of the one selected shape
// (rotate, resize, radius, capsule ends, polygon vertices). A drag is one undo step; Escape puts
// everything back where it was.
import type { Point, Probe, Shape } from "../../../core";
import { beginGesture, cancelGesture, endGesture, gestureActive, notify, replaceShapes, select } from "../../store/actions";
import { useEditor } from "../../store/editor-store";
import { snapDelta, snapLength, snapPoint } from "../../store/view";
import { useToolOverlay } from "../overlay";
import type { Point2 } from "../place/place-shape";
import type { PointerInfo, Tool } from "../tool";
import {
  deleteVertex,
  dragCapsuleEnd,
  dragRadius,
  handleCode,
  insertVertex,
  moveVertex,
  parseHandleCode,
  resizeBox,
  rotationTowards,
  type HandleKind,
  type PolygonEdit,
} from "./handles";
import { pickable, probesInMarquee, shapeBeneath, shapesAt, shapesInMarquee } from "./picking";

/** Canvas ids of probe end handles: "<probe id>#from" or "<probe id>#to". */
export const HANDLE_SEPARATOR = "#";
export const handleId = (probe: string, end: "from" | "to") => `${probe}${HANDLE_SEPARATOR}${end}`;
/** Canvas ids of shape handles: "<shape id>#se", "<shape id>#rotate", "<shape id>#v2". */
export const shapeHandleId = (shape: string, h: HandleKind) => `${shape}${HANDLE_SEPARATOR}${handleCode(h)}`;

/** Told when a polygon is selected or a vertex grabbed, so the gestures can be found. */
export const POLYGON_HINT = "Polygon: drag a vertex · drag a midpoint to add one · Alt-click a vertex to delete · Shift-drag for the convex hull";

function parseHandle(hitId: string): { owner: string; code: string } | null {
  const at = hitId.lastIndexOf(HANDLE_SEPARATOR);
  return at < 0 ? null : { owner: hitId.slice(0, at), code: hitId.slice(at + 1) };
}

const shift = (p: Point, dx: number, dy: number): Point => [p[0] + dx, p[1] + dy];

/** A probe moved by (dx, dy) from its state at the drag's start; `end` moves one end only. */
function moveProbe(p: Probe, dx: number, dy: number, end?: "from" | "to"): Probe {
  if (p.type === "sweep") return { ...p, to: shift(p.to, dx, dy) };
  if (end === "from") return { ...p, from: shift(p.from, dx, dy) };
  if (end === "to") return { ...p, to: shift(p.to, dx, dy) };
  return { ...p, from: shift(p.from, dx, dy), to: shift(p.to, dx, dy) };
}

type Drag =
  | {
    readonly state: "translating";
    readonly start: Point2;
    readonly shapes: Map<string, Point2>;
    readonly probes: Map<string, Probe>;
    readonly end?: "from" | "to";
    /** The grabbed thing's position at the start (a shape's x, y; a probe's end): snapping puts it on the grid. */
    readonly anchor: Point2;
  }
  | { readonly state: "brushing"; readonly start: Point2; readonly before: readonly string[]; readonly base: readonly string[] }
  | { readonly state: "rotating" | "resizing" | "editing-vertex" | "inserting-vertex"; readonly shape: Shape; readonly handle: HandleKind };

export type SelectState = "idle" | Drag["state"];

export interface SelectTool extends Tool {
  /** The state path, as "select.idle" or "select.resizing", for tests and the status bar. */
  readonly path: () => string;
}

const stateOfHandle = (h: HandleKind): "rotating" | "resizing" | "editing-vertex" | "inserting-vertex" =>
  h.kind === "rotate" ? "rotating" : h.kind === "vertex" ? "editing-vertex" : h.kind === "midpoint" ? "inserting-vertex" : "resizing";

/** The shape a handle drag makes, or a polygon edit refused with its reason. */
function dragged(shape: Shape, handle: HandleKind, p: PointerInfo): Shape | PolygonEdit {
  const at = snapPoint(p.world);
  switch (handle.kind) {
    case "rotate":
      return shape.type === "circle" ? shape : { ...shape, rotation: rotationTowards(shape, p.world, p.shift) };
    case "resize":
      return shape.type === "box" ? resizeBox(shape, handle.side, at, { centred: p.shift, keepAspect: p.mod, snapLength }) : shape;
    case "radius":
      return shape.type === "circle" || shape.type === "capsule" ? dragRadius(shape, at, snapLength) : shape;
    case "height":
      return shape.type === "capsule" ? dragCapsuleEnd(shape, handle.end, at, p.shift, snapLength) : shape;
    case "vertex":
      return shape.type === "polygon" ? moveVertex(shape, handle.index, at, p.shift) : shape;
    case "midpoint":
      return shape.type === "polygon" ? insertVertex(shape, handle.index, at, p.shift) : shape;
  }
}

/** Where a probe is held: the dragged end, a sweep's target, or a ray's start. */
function probeAnchor(p: Probe, end?: "from" | "to"): Point2 {
  const [x, y] = p.type === "sweep" || end === "to" ? p.to : p.from;
  return { x, y };
}

export function selectTool(): SelectTool {
  let drag: Drag | null = null;

  /** Starts moving `ids`; `grabbed` is the shape or probe under the pointer. */
  const translate = (start: Point2, ids: readonly string[], grabbed: Shape | Probe) => {
    const { shapes, probes, layers } = useEditor.getState();
    const moving = new Set(ids);
    drag = {
      state: "translating",
      start,
      anchor: "x" in grabbed ? { x: grabbed.x, y: grabbed.y } : probeAnchor(grabbed),
      // Select all may have taken in shapes of locked layers: they stay put.
      shapes: new Map(shapes.filter((s) => moving.has(s.id) && pickable(s, layers)).map((s) => [s.id, { x: s.x, y: s.y }])),
      probes: new Map(probes.filter((q) => moving.has(q.id)).map((q) => [q.id, q])),
    };
    beginGesture();
  };

  /** A press on a shape handle; false when the id names no handle of an editable shape. */
  const grabHandle = (p: PointerInfo, owner: string, code: string): boolean => {
    const { shapes, layers } = useEditor.getState();
    const handle = parseHandleCode(code);
    const shape = shapes.find((s) => s.id === owner);
    if (!handle || !shape || !pickable(shape, layers)) return false;
    select([shape.id]);
    if (handle.kind === "vertex" && p.alt && shape.type === "polygon") {
      const edit = deleteVertex(shape, handle.index);
      if (edit.ok) {
        replaceShapes(new Map([[shape.id, { ...shape, points: edit.points }]]));
        notify(`Deleted vertex ${handle.index}`);
      } else notify(`Cannot delete the vertex: ${edit.reason}`);
      return true;
    }
    if (shape.type === "polygon") notify(POLYGON_HINT);
    drag = { state: stateOfHandle(handle), shape, handle };
    beginGesture();
    return true;
  };

  const pickShape = (p: PointerInfo, picked: Shape) => {
    const { selection } = useEditor.getState();
    let next = selection;
    if (p.alt) next = [picked.id];
    else if (p.shift) next = selection.includes(picked.id) ? selection.filter((id) => id !== picked.id) : [...selection, picked.id];
    else if (!selection.includes(picked.id)) next = [picked.id];
    select(next);
    if (next.length === 1 && picked.type === "polygon" && next[0] === picked.id) notify(POLYGON_HINT);
    if (next.includes(picked.id)) translate(p.world, next, picked);
  };

  return {
    path: () => `select.${drag?.state ?? "idle"}`,
    down: (p) => {
      if (drag) return;
      const { selection, shapes, probes, layers } = useEditor.getState();
      const handle = p.hitId ? parseHandle(p.hitId) : null;
      if (handle && (handle.code === "from" || handle.code === "to")) {
        const probe = probes.find((q) => q.id === handle.owner);
        if (!probe) return;
        select([probe.id]);
        drag = { state: "translating", start: p.world, shapes: new Map(), probes: new Map([[probe.id, probe]]), end: handle.code, anchor: probeAnchor(probe, handle.code) };
        beginGesture();
        return;
      }
      if (handle && grabHandle(p, handle.owner, handle.code)) return;

      const stack = shapesAt(shapes, layers, p.world);
      if (p.alt && stack.length > 0) {
        pickShape(p, shapeBeneath(stack, selection)!);
        return;
      }
      const probe = p.hitId ? probes.find((q) => q.id === p.hitId) : undefined;
      if (probe) {
        const next = p.shift ? (selection.includes(probe.id) ? selection.filter((id) => id !== probe.id) : [...selection, probe.id]) : selection.includes(probe.id) ? selection : [probe.id];
        select(next);
        if (next.includes(probe.id)) translate(p.world, next, probe);
        return;
      }
      // A hit on a shape in a locked or hidden layer falls through to what is pickable there.
      const hit = p.hitId ? shapes.find((s) => s.id === p.hitId && pickable(s, layers)) : undefined;
      const picked = hit ?? (p.hitId ? stack[0] : undefined);
      if (picked) {
        pickShape(p, picked);
        return;
      }
      const base = p.shift ? selection : [];
      drag = { state: "brushing", start: p.world, before: selection, base };
      select(base);
    },
    move: (p) => {
      if (!drag) return;
      if (drag.state === "brushing") {
        const marquee = { from: drag.start, to: p.world };
        useToolOverlay.setState({ marquee });
        const { shapes, probes, layers } = useEditor.getState();
        const inside = [...shapesInMarquee(shapes, layers, marquee), ...probesInMarquee(probes, marquee)].map((s) => s.id);
        select([...new Set([...drag.base, ...inside])]);
        return;
      }
      // Undo, redo or opening a file ended the gesture under us: stop following the pointer.
      if (!gestureActive()) {
        drag = null;
        return;
      }
      if (drag.state === "translating") {
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
        return;
      }
      const { shape } = drag;
      const next = dragged(shape, drag.handle, p);
      if ("id" in next) {
        replaceShapes(new Map([[shape.id, next]]));
        return;
      }
      if (shape.type !== "polygon") return;
      if (!next.ok) {
        // Refused: the polygon stays as it was at the last valid position.
        notify(`Not convex: ${next.reason}. Hold Shift to use the convex hull.`);
        return;
      }
      replaceShapes(new Map([[shape.id, { ...shape, points: next.points }]]));
      notify(next.hull ? `Using the convex hull of the points (${next.points.length} vertices)` : POLYGON_HINT);
    },
    up: () => {
      if (!drag) return;
      const was = drag;
      drag = null;
      if (was.state === "brushing") useToolOverlay.setState({ marquee: null });
      else endGesture();
    },
    cancel: () => {
      if (!drag) return;
      const was = drag;
      drag = null;
      if (was.state === "brushing") {
        useToolOverlay.setState({ marquee: null });
        select(was.before);
      } else cancelGesture();
    },
  };
}
