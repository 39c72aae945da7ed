// The tool of each kind drawn by clicked points (polygon, chain): click to add points; the first
// point closes, Enter or a double-click ends; Backspace takes back the last point; Escape abandons
// the shape. What the points make, and which clicks are refused, is the kind's (its `clicks`,
// shapes/*.ts): a polygon's outline must not cross itself, a chain's may. The shape's position is
// the centre of its points' bounding box, on the grid when snapping is on; its points are relative
// to it, so clicks on the grid give grid numbers.
import type { ShapeType } from "../../../core";
import type { Editor } from "../../editor/editor";
import type { HistorySteps } from "../../editor/history";
import type { ToolId } from "../../editor/state";
import type { ClickDrawing, Point2 } from "../../shapes/kind";
import { SHAPE_KINDS } from "../../shapes/registry";
import { DRAWING_CURSOR } from "../cursor";
import { StateNode } from "../state-node";
import { Drawing } from "./Drawing";
import { PointsIdle } from "./PointsIdle";

/** A click this close to the first point (in screen pixels) closes the shape. */
export const CLOSE_RADIUS = 8;
/** A second click this close to the last point (screen pixels) is a double-click: end the shape. */
export const DOUBLE_CLICK_SLOP = 3;
/** An outline Escape discards with at least this many points is named in the status bar and Undo brings it back. */
export const KEPT_DISCARD = 3;

/** An outline Escape discarded, and the document's history as it was then (Undo brings it back only while that is unchanged). */
interface Discarded {
  readonly points: readonly Point2[];
  readonly history: HistorySteps;
}

export class PointsTool extends StateNode {
  readonly id: ToolId;
  readonly drawing: ClickDrawing;
  private discarded: Discarded | null = null;

  constructor(
    editor: Editor,
    parent: StateNode,
    readonly kind: ShapeType,
  ) {
    super(editor, parent);
    this.id = kind;
    const drawing = SHAPE_KINDS[kind].clicks;
    if (!drawing) throw new Error(`the ${kind} kind is not drawn by clicks`);
    this.drawing = drawing;
    this.addChildren(new PointsIdle(editor, this), new Drawing(editor, this));
  }

  /** Keeps an outline Escape threw away, for Undo right after (KEPT_DISCARD points or more). */
  keepDiscarded(points: readonly Point2[]): void {
    this.discarded = points.length >= KEPT_DISCARD ? { points, history: this.editor.history.steps.getState() } : null;
  }

  /** The outline Escape discarded, while nothing has changed the document since; taken at most once. */
  takeDiscarded(): readonly Point2[] | null {
    const points = this.peekDiscarded();
    this.discarded = null;
    return points;
  }

  peekDiscarded(): readonly Point2[] | null {
    const d = this.discarded;
    return d !== null && d.history === this.editor.history.steps.getState() ? d.points : null;
  }

  /** Leaving the tool forgets a discarded outline: Undo is the document's again. */
  override onExit(): void {
    this.discarded = null;
  }

  /** Every state of the tool draws at a point. */
  override cursor(): string {
    return DRAWING_CURSOR;
  }
}
