// What tools draw over the scene while a gesture is under way (the marquee, a polygon being
// drawn): not document, not preferences, so it lives outside the editor store and its history.
import { create } from "zustand";
import type { Point2 } from "./place/place-shape";

export interface Marquee {
  readonly from: Point2;
  readonly to: Point2;
}

export interface ToolOverlay {
  /** The select tool's rubber-band rectangle, in world units. */
  readonly marquee: Marquee | null;
  /** The polygon tool's points so far, in world units, in click order. */
  readonly draft: readonly Point2[];
}

export const useToolOverlay = create<ToolOverlay>()(() => ({ marquee: null, draft: [] }));
