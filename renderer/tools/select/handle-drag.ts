// What the three handle-dragging states of the select tool share: the shape as it was when the
// drag began, one undo step for the drag, Escape putting it back, the handle's cursor throughout,
// and a readout of the shape's numbers beside the pointer, and the key that turns snapping over
// while held. Each state says what the pointer makes of the shape (`reshape`) and may say what the
// readout shows (`readout`).
import type { Shape } from "../../../core";
import { notify, replaceShapes } from "../../store/actions";
import { GestureState } from "../gesture-state";
import type { PointerInfo } from "../state-node";
import type { HandleKind, PolygonEdit } from "../../shapes/kind";
import { kindOf, segmentsToWorld } from "../../shapes/registry";
import { snapLength, snapPoint, snapsNow } from "../../store/view";
import { snapToggleHint } from "../snap-hint";
import { handleCursor } from "./handles";

export interface HandleDragStart {
  readonly shape: Shape;
  readonly handle: HandleKind;
}

export abstract class HandleDrag extends GestureState<HandleDragStart> {
  /** The key that turns snapping over while held (Ctrl/Cmd, as Tiled and Godot), or none where nothing snaps to the grid. */
  protected readonly snapKey: "Ctrl" | "Alt" | null = "Ctrl";

  /** What the snap key does (first: the status line cuts a long hint), and how a kind made of points is edited, if the shape is one. */
  override hint(): string | null {
    const edit = this.from ? kindOf(this.from.shape).editHint : undefined;
    const snap = this.snapKey ? snapToggleHint(this.editor, this.snapKey) : undefined;
    return [snap, edit].filter((t) => t !== undefined).join(" · ") || null;
  }

  /** Whether the drag to `p` snaps: the Snap switch, turned over while the snap key is held. */
  protected snaps(p: PointerInfo): boolean {
    return snapsNow(this.editor, this.snapKey === "Alt" ? p.alt : this.snapKey === "Ctrl" ? p.mod : false);
  }

  /** The handle's cursor, wherever the pointer goes until the release. */
  override cursor(): string | null {
    return this.from ? handleCursor(this.from.shape, this.from.handle) : null;
  }

  override onExit(): void {
    this.editor.overlay.setState({ readout: null, rotationSteps: null });
    super.onExit();
  }

  /** What the readout says of the shape as the drag has made it: its kind's size, if it has one. */
  protected readout(shape: Shape, _p: PointerInfo): string | null {
    return kindOf(shape).sizeLabel?.(shape) ?? null;
  }

  /**
   * The shape the handle's drag to `p` makes from `start`, or a polygon edit (refused with its
   * reason): by default what the shape's kind says of the handle, at the snapped pointer.
   */
  protected reshape({ shape, handle }: HandleDragStart, p: PointerInfo): Shape | PolygonEdit {
    const on = this.snaps(p);
    return kindOf(shape).drag(shape, handle, snapPoint(this.editor, p.world, on), { shift: p.shift, mod: p.mod, snapLength: (v) => snapLength(this.editor, v, on) });
  }

  protected step(from: HandleDragStart, p: PointerInfo): void {
    this.apply(from, p);
    // Read back from the document: a refused polygon edit leaves the shape as it was.
    const now = this.editor.shapeById(from.shape.id);
    const text = now ? this.readout(now, p) : null;
    this.editor.overlay.setState({ readout: now && text !== null ? { text, at: p.world, away: { x: now.x, y: now.y } } : null });
  }

  private apply(from: HandleDragStart, p: PointerInfo): void {
    const shape = from.shape;
    const next = this.reshape(from, p);
    if ("id" in next) {
      replaceShapes(this.editor, new Map([[shape.id, next]]));
      return;
    }
    if (!("points" in shape)) return;
    if (!next.ok) {
      // Refused: the point stays where the drag last left it valid, and the notice says so, and
      // what would work (the status line cuts a long notice; its tooltip shows it whole); the
      // edges that would cross are outlined where the pointer would put them.
      const hint = next.hint === undefined ? "" : ` · ${next.hint}`;
      notify(this.editor, `Stopped: ${next.short ?? next.reason}${hint}`, next.short === undefined ? null : `Stopped at the last valid position: ${next.reason}${hint}`);
      this.editor.overlay.setState({ crossing: next.crossing ? segmentsToWorld(shape, next.crossing) : null });
      return;
    }
    if (this.editor.overlay.getState().crossing !== null) this.editor.overlay.setState({ crossing: null });
    replaceShapes(this.editor, new Map([[shape.id, { ...shape, points: next.points }]]));
    if (next.hull) notify(this.editor, `Using the convex hull of the points (${next.points.length} vertices)`);
  }
}
