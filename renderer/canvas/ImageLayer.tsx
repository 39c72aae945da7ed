// The scene's images under the grid and the shapes: one Konva Shape draws them all in screen
// pixels (draw-images.ts), undoing the stage's transform as the grid does. It asks the cache for
// each picture and redraws as levels arrive; a pan or a zoom only draws again, never decodes.
import { screenSpace } from "./pixel";
import { memo, useEffect } from "react";
import { Shape } from "react-konva";
import { useStore } from "zustand";
import { useEditor, useEditorState } from "../editor/react";
import { readBase } from "../editor/state";
import { imageKey } from "../images/image-cache";
import type { ViewState } from "../store/preferences";
import { drawImages } from "./draw-images";
import { useCanvasTheme } from "./theme";

export const ImageLayer = memo(function ImageLayer({ width, height, view }: { width: number; height: number; view: ViewState }) {
  const editor = useEditor();
  const cache = editor.imageCache;
  const images = useEditorState((s) => s.images);
  const file = useEditorState((s) => s.file);
  // An imported map's document, not saved yet, reads beside the map it was imported from.
  const base = readBase(file);
  const THEME = useCanvasTheme();
  // Redrawn whenever a picture's entry changes (a level decoded, a read failed).
  useStore(cache.version, (s) => s.count);
  useEffect(() => {
    for (const image of images) cache.request(image.src, base);
  }, [cache, images, base]);
  // Another file (or the same saved elsewhere, where its paths mean other files): the pictures
  // it does not show are freed.
  useEffect(() => {
    const { images: now, file: at } = editor.getState();
    cache.retainOnly(new Set(now.map((i) => imageKey(i.src, readBase(at)))));
  }, [editor, cache, file]);
  if (images.length === 0) return null;
  const paint = { line: THEME.placeholder, text: THEME.label, halo: THEME.labelHalo };
  return (
    <Shape
      {...screenSpace(view)}
      listening={false}
      perfectDrawEnabled={false}
      sceneFunc={(ctx) => drawImages(ctx._context, images, (image) => cache.entry(image.src, base), view, width, height, paint)}
    />
  );
});
