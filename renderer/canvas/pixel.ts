// Markers, handles and labels keep their size on screen at any zoom: their sizes are given in
// screen pixels and multiplied by the world size of one pixel.
import { useEditorState } from "../editor/react";

/** World units per screen pixel under the current zoom. */
export const usePixel = (): number => useEditorState((s) => 1 / s.view.scale);
