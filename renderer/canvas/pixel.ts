// Markers, handles and labels keep their size on screen at any zoom: their sizes are given in
// screen pixels and multiplied by the world size of one pixel.
import { useEditorState } from "../editor/react";
import type { ViewState } from "../store/preferences";

/** World units per screen pixel under the current zoom. */
export const usePixel = (): number => useEditorState((s) => 1 / s.view.scale);

/** A node's transform that undoes the stage's view, so its sceneFunc draws in screen pixels. */
export const screenSpace = (view: ViewState) => ({ x: -view.x / view.scale, y: -view.y / view.scale, scaleX: 1 / view.scale, scaleY: 1 / view.scale });
