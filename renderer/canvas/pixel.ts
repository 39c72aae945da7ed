// Markers, handles and labels keep their size on screen at any zoom: their sizes are given in
// screen pixels and multiplied by the world size of one pixel.
import { useEditor } from "../store/editor-store";

/** World units per screen pixel under the current zoom. */
export const usePixel = (): number => useEditor((s) => 1 / s.view.scale);
