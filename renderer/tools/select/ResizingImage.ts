// Select tool, ResizingImage: a corner handle of the selected image follows the (snapped) pointer,
// the opposite corner fixed, keeping the picture's aspect ratio unless Alt is held. The readout
// shows the size. One undo step; Escape puts it back.
import { resizeFromCorner, type Corner, type Rect } from "../../images/image-geometry";
import { shortNumber } from "../../shapes/kind";
import { placeImage } from "../../store/image-actions";
import { snapPoint, snapsNow } from "../../store/view";
import { snapToggleHint } from "../snap-hint";
import { resizeCursor } from "../cursor";
import { GestureState } from "../gesture-state";
import type { PointerInfo } from "../state-node";

export interface ImageResizeStart {
  readonly id: string;
  readonly corner: Corner;
  /** The image's rectangle at the press. */
  readonly rect: Rect;
}

/** The smallest side a drag leaves, in screen pixels: the image stays big enough to grab. */
const MIN_SIDE_PX = 4;

/** The diagonal arrow of a corner (y down: nw and se share one). */
export const cornerCursor = (corner: Corner): string => resizeCursor(corner === "nw" || corner === "se" ? { x: 1, y: 1 } : { x: 1, y: -1 });

export class ResizingImage extends GestureState<ImageResizeStart> {
  readonly id = "resizing-image";

  override cursor(): string | null {
    return this.from ? cornerCursor(this.from.corner) : null;
  }

  override hint(): string {
    return `Resizing the image: the aspect ratio is kept; hold Alt to change it · ${snapToggleHint(this.editor, "Ctrl")}`;
  }

  override onExit(): void {
    this.editor.overlay.setState({ readout: null });
    super.onExit();
  }

  protected step(from: ImageResizeStart, p: PointerInfo): void {
    const scale = this.editor.getState().view.scale;
    const rect = resizeFromCorner(from.rect, from.corner, snapPoint(this.editor, p.world, snapsNow(this.editor, p.mod)), !p.alt, MIN_SIDE_PX / scale);
    placeImage(this.editor, from.id, rect);
    this.editor.overlay.setState({
      readout: { text: `${shortNumber(rect.width)} × ${shortNumber(rect.height)}${p.alt ? "" : " (Alt: free)"}`, at: p.world, away: { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 } },
    });
  }
}
