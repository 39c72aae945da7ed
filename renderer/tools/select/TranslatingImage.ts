// Select tool, TranslatingImage: the grabbed image follows the pointer, its top-left corner
// snapping to the grid as a shape's anchor does (Ctrl/Cmd held turns snapping over). One undo
// step; Escape puts it back.
import type { Rect } from "../../images/image-geometry";
import type { Point2 } from "../../shapes/kind";
import { updateImage } from "../../store/image-actions";
import { snapDelta, snapsNow } from "../../store/view";
import { GestureState } from "../gesture-state";
import { snapToggleHint } from "../snap-hint";
import type { PointerInfo } from "../state-node";

export interface ImageTranslateStart {
  readonly id: string;
  /** Where the pointer was pressed. */
  readonly start: Point2;
  /** The image's rectangle at the press. */
  readonly rect: Rect;
}

export class TranslatingImage extends GestureState<ImageTranslateStart> {
  readonly id = "translating-image";

  override cursor(): string {
    return "move";
  }

  override hint(): string {
    return `Moving the image · Escape cancels · ${snapToggleHint(this.editor, "Ctrl")}`;
  }

  protected step(from: ImageTranslateStart, p: PointerInfo): void {
    const d = snapDelta(this.editor, from.rect, p.world.x - from.start.x, p.world.y - from.start.y, snapsNow(this.editor, p.mod));
    // Only the corner moves: a size the scene leaves to the pixels stays left to them.
    updateImage(this.editor, from.id, { x: from.rect.x + d.x, y: from.rect.y + d.y });
  }
}
