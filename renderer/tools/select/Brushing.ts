// Select tool, Brushing: a rubber band from the press to the pointer selects what it touches
// (added to what was selected with Shift). Escape restores the selection it started from.
import { select } from "../../store/actions";
import type { Point2 } from "../../shapes/kind";
import { StateNode, type PointerInfo } from "../state-node";
import { probesInMarquee, shapesInMarquee } from "./picking";

export interface BrushStart {
  readonly start: Point2;
  /** The selection before the press, restored by Escape. */
  readonly before: readonly string[];
  /** What stays selected whatever the band touches (Shift: the selection before). */
  readonly base: readonly string[];
}

export class Brushing extends StateNode {
  readonly id = "brushing";
  private from: BrushStart | null = null;

  override onEnter(info: unknown): void {
    this.from = info as BrushStart;
    select(this.editor, this.from.base);
  }

  override onExit(): void {
    this.from = null;
    this.editor.overlay.setState({ marquee: null });
  }

  override onPointerMove(p: PointerInfo): void {
    const from = this.from!;
    const marquee = { from: from.start, to: p.world };
    this.editor.overlay.setState({ marquee });
    const inside = [...shapesInMarquee(this.editor, marquee), ...probesInMarquee(this.editor.getState().probes, marquee)].map((s) => s.id);
    const next = from.base.length === 0 ? inside : [...new Set([...from.base, ...inside])];
    // Most moves of the band take in nothing new: the selection (and every view of it) stays.
    const now = this.editor.getState().selection;
    if (next.length !== now.length || next.some((id, i) => id !== now[i])) select(this.editor, next);
  }

  override onPointerUp(): void {
    this.go("idle");
  }

  override onCancel(): void {
    select(this.editor, this.from!.before);
    this.go("idle");
  }
}
