// A press-drag-release that makes one new thing (a shape, a ray, a sweep): what it would make shows
// in the overlay while the pointer moves, release adds it (when the gesture makes something of the
// release), Escape or leaving drops it. Nothing touches the document before the release. Ctrl/Cmd
// held turns snapping over for as long as it is held (Tiled's and Godot's key).
import type { Point2 } from "../shapes/kind";
import { snapsNow } from "../store/view";
import { snapToggleHint } from "./snap-hint";
import { StateNode, type PointerInfo } from "./state-node";

export abstract class PreviewGesture<Start extends { readonly start: Point2 }, Item> extends StateNode {
  protected from: Start | null = null;

  /** The gesture's start from what the press handed over (a pointer event, or a tool's own start). */
  protected abstract begin(info: unknown): Start;
  /** What the gesture would make with the pointer at `pointer`, on the grid when `snap`. */
  protected abstract make(from: Start, pointer: Point2, snap: boolean): Item;
  /** Shows `item` in the overlay, or clears it. */
  protected abstract show(item: Item | null): void;
  /** Adds what the release made, if the gesture made something (a click may not). */
  protected abstract commit(from: Start, item: Item, p: PointerInfo): void;

  override onEnter(info: unknown): void {
    this.from = this.begin(info);
    // The press's keys: a pointer event's, or those the tool handed over with its start.
    const held = (info as { readonly mod?: boolean }).mod === true;
    this.show(this.make(this.from, this.from.start, snapsNow(this.editor, held)));
  }

  /** While the pointer is down: how to drop the gesture and how to turn snapping over. */
  override hint(): string {
    return `Escape cancels · ${snapToggleHint(this.editor, "Ctrl")}`;
  }

  override onExit(): void {
    this.from = null;
    this.show(null);
  }

  override onPointerMove(p: PointerInfo): void {
    this.show(this.make(this.from!, p.world, snapsNow(this.editor, p.mod)));
  }

  override onPointerUp(p: PointerInfo): void {
    const from = this.from!, item = this.make(from, p.world, snapsNow(this.editor, p.mod));
    this.go("idle");
    this.commit(from, item, p);
  }

  override onCancel(): void {
    this.go("idle");
  }
}
