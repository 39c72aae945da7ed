// The select tool: click to select (Shift adds or removes, Alt picks the shape underneath), drag
// on empty canvas for a marquee, drag the selection to move it (shapes and probes alike), drag a
// probe's end handle, drag a transform handle of the one selected shape, or turn or scale two or
// more selected shapes by their box's knob and corners. A drag is one undo
// step; Escape puts everything back where it was and returns to Idle. Images (under the shapes)
// are picked, moved and resized by their corners where no shape is in the way.
import type { Probe, Shape } from "../../../core";
import type { Editor } from "../../editor/editor";
import type { Point2 } from "../../shapes/kind";
import { boundsOf, snapAnchorOf } from "../../store/view";
import { StateNode } from "../state-node";
import { Brushing } from "./Brushing";
import { DraggingHandle } from "./DraggingHandle";
import { handleCode, type HandleKind } from "./handles";
import { Idle } from "./Idle";
import { Resizing } from "./Resizing";
import { Rotating } from "./Rotating";
import { Translating } from "./Translating";
import { TranslatingImage } from "./TranslatingImage";
import { ResizingImage } from "./ResizingImage";
import { RotatingGroup } from "./RotatingGroup";
import { ScalingGroup } from "./ScalingGroup";

/** Canvas ids of probe end handles: "<probe id>#from" or "<probe id>#to". */
export const HANDLE_SEPARATOR = "#";
export const handleId = (probe: string, end: "from" | "to") => `${probe}${HANDLE_SEPARATOR}${end}`;
/** Canvas ids of shape handles: "<shape id>#se", "<shape id>#rotate", "<shape id>#v2". */
export const shapeHandleId = (shape: string, h: HandleKind) => `${shape}${HANDLE_SEPARATOR}${handleCode(h)}`;

/** The owner and the handle code of a handle's canvas id, or null for another id. */
export function parseHandleId(hitId: string): { owner: string; code: string } | null {
  const at = hitId.lastIndexOf(HANDLE_SEPARATOR);
  return at < 0 ? null : { owner: hitId.slice(0, at), code: hitId.slice(at + 1) };
}

/** Where a probe is held: the dragged end, a sweep's target, or a ray's start. */
export function probeAnchor(p: Probe, end?: "from" | "to"): Point2 {
  const [x, y] = p.type === "sweep" || end === "to" ? p.to : p.from;
  return { x, y };
}

/**
 * What snaps to the grid when the selection moves: the top-left corner of the moving shapes' box
 * (Tiled snaps an object's origin, its top-left), so a box whose sizes are whole cells keeps every
 * edge on grid lines; with no shape moving, the grabbed probe's point.
 */
export function moveAnchor(shapes: readonly Shape[], grabbed: Shape | Probe): Point2 {
  const box = boundsOf(shapes, []);
  if (box) return snapAnchorOf(box);
  return "x" in grabbed ? { x: grabbed.x, y: grabbed.y } : probeAnchor(grabbed);
}

export class SelectTool extends StateNode {
  readonly id = "select";

  constructor(editor: Editor, parent: StateNode) {
    super(editor, parent);
    this.addChildren(new Idle(editor, this), new Translating(editor, this), new Brushing(editor, this), new Rotating(editor, this), new Resizing(editor, this), new DraggingHandle(editor, this), new TranslatingImage(editor, this), new ResizingImage(editor, this), new RotatingGroup(editor, this), new ScalingGroup(editor, this));
  }
}
