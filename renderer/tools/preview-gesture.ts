// A press-drag-release that makes one new thing (a shape, a ray, a sweep): what it would make shows
// in the overlay while the pointer moves, release adds it (when the gesture makes something of the
// release), Escape or leaving drops it. Nothing touches the document before the release.
import type { Point2 } from "../shapes/kind";
import { StateNode, type PointerInfo } from "./state-node";

export abstract class PreviewGesture<Start extends { readonly start: Point2 }, Item> extends StateNode {
  protected from: Start | null = null;

  /** The gesture's start from what the press handed over (a pointer event, or a tool's own start). */
  protected abstract begin(info: unknown): Start;
  /** What the gesture would make with the pointer at `pointer`. */
  protected abstract make(from: Start, pointer: Point2): Item;
  /** Shows `item` in the overlay, or clears it. */
  protected abstract show(item: Item | null): void;
  /** Adds what the release made, if the gesture made something (a click may not). */
  protected abstract commit(from: Start, item: Item, p: PointerInfo): void;

  override onEnter(info: unknown): void {
    this.from = this.begin(info);
    this.show(this.make(this.from, this.from.start));
  }

  override onExit(): void {
    this.from = null;
    this.show(null);
  }

  override onPointerMove(p: PointerInfo): void {
    this.show(this.make(this.from!, p.world));
  }

  override onPointerUp(p: PointerInfo): void {
    const from = this.from!, item = this.make(from, p.world);
    this.go("idle");
    this.commit(from, item, p);
  }

  override onCancel(): void {
    this.go("idle");
  }
}
