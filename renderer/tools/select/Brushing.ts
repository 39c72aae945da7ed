// Select tool, Brushing: a rubber band from the press to the pointer selects what it touches
// (added to what was selected with Shift). Escape restores the selection it started from. A press
// on an image that is not selected starts here too (Tiled's and Godot's way: a drag over the art
// selects what is on it): released without a drag, it selects the image instead.
import { select } from "../../store/actions";
import { selectImage } from "../../store/image-actions";
import { clickSlop } from "../../store/view";
import type { Point2 } from "../../shapes/kind";
import { StateNode, type PointerInfo } from "../state-node";
import { probesInMarquee, shapesInMarquee } from "./picking";

export interface BrushStart {
  readonly start: Point2;
  /** The selection before the press, restored by Escape. */
  readonly before: readonly string[];
  /** What stays selected whatever the band touches (Shift: the selection before). */
  readonly base: readonly string[];
  /** The image pressed on, selected by a click (a release within the click slop of the press). */
  readonly image?: string;
  /** A Shift-press on a shape or probe: a click makes this the selection (the item toggled); a drag draws the band, as Tiled's Shift forces the selection rectangle. */
  readonly click?: readonly string[];
}

export class Brushing extends StateNode {
  readonly id = "brushing";
  private from: BrushStart | null = null;
  /** Whether the pointer has left the click slop of the press: the band is drawn from then on. */
  private dragged = false;

  override onEnter(info: unknown): void {
    this.from = info as BrushStart;
    this.dragged = false;
    // A press on an image keeps the selection until it turns out a drag (a click selects the image).
    if (this.from.image === undefined) select(this.editor, this.from.base);
  }

  override onExit(): void {
    this.from = null;
    this.editor.overlay.setState({ marquee: null });
  }

  override onPointerMove(p: PointerInfo): void {
    const from = this.from!;
    if (!this.dragged) {
      if ((from.image !== undefined || from.click !== undefined) && Math.hypot(p.world.x - from.start.x, p.world.y - from.start.y) <= clickSlop(this.editor)) return;
      this.dragged = true;
    }
    const marquee = { from: from.start, to: p.world };
    this.editor.overlay.setState({ marquee });
    const inside = [...shapesInMarquee(this.editor, marquee), ...probesInMarquee(this.editor.getState().probes, marquee)].map((s) => s.id);
    const next = from.base.length === 0 ? inside : [...new Set([...from.base, ...inside])];
    // Most moves of the band take in nothing new: the selection (and every view of it) stays.
    const now = this.editor.getState().selection;
    if (next.length !== now.length || next.some((id, i) => id !== now[i])) select(this.editor, next);
  }

  override onPointerUp(): void {
    const { image, click } = this.dragged ? {} : this.from!;
    this.go("idle");
    if (image !== undefined) selectImage(this.editor, image);
    if (click !== undefined) select(this.editor, click);
  }

  override onCancel(): void {
    select(this.editor, this.from!.before);
    this.go("idle");
  }
}
