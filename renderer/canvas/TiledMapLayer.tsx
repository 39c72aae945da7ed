// The scene's Tiled map, read-only, over the scene's images and under the grid and the shapes:
// one Konva Shape draws it in screen pixels (tiled-map/draw-backdrop.ts), undoing the stage's
// transform as the image layer does. It loads the map and its pictures for the scene's folder (or
// the folder of the map a document was imported from), and draws again while chunks remain to be
// built and as pictures arrive. A map with square tiles, once read for a scene just opened, sets
// the grid to its tile size, as importing it does: colliders drawn over tiles snap to them.
import type Konva from "konva";
import { memo, useEffect, useMemo, useRef } from "react";
import { Shape } from "react-konva";
import { useStore } from "zustand";
import { useEditor, useEditorState } from "../editor/react";
import { readBase } from "../editor/state";
import { imageKey } from "../images/image-cache";
import { TILES_NOT_SHOWN } from "../app/document-commands";
import { notify } from "../store/actions";
import { adoptGridSize } from "../store/view-actions";
import type { ViewState } from "../store/preferences";
import { backdropKey, tiledMapOf } from "../tiled-map/backdrop";
import { ChunkStore, drawBackdrop, drawMissingNote } from "../tiled-map/draw-backdrop";
import type { Picture } from "../tiled-map/draw-chunk";
import { screenSpace } from "./pixel";
import { useCanvasTheme } from "./theme";

export const TiledMapLayer = memo(function TiledMapLayer({ width, height, view }: { width: number; height: number; view: ViewState }) {
  const editor = useEditor();
  const backdrop = editor.backdrop;
  const pictures = backdrop.pictures;
  // A string: a selector that made a new object on every call would never settle.
  const src = useEditorState((s) => tiledMapOf(s.extras)?.src ?? null);
  const base = useEditorState((s) => readBase(s.file));
  const images = useEditorState((s) => s.images);
  const sceneImages = useMemo(() => new Set(images.map((i) => i.src)), [images]);
  const display = useStore(backdrop.display);
  const THEME = useCanvasTheme();
  useStore(backdrop.version, (s) => s.count);
  const pictureVersion = useStore(pictures.version, (s) => s.count);
  const redrawn = useStore(backdrop.redrawn, (s) => s.count);
  const entry = src === null ? undefined : backdrop.entry(src, base);
  const map = entry?.state === "ready" ? entry.map : null;

  // Loaded for this scene's folder; another scene, map or folder: the others are forgotten.
  useEffect(() => {
    backdrop.retainOnly(src === null ? null : backdropKey(src, base));
    if (src !== null) backdrop.request(src, base);
  }, [backdrop, src, base]);
  // A map that cannot be shown says why once, in the status bar (the Layers panel keeps saying it),
  // unless the import that brought it has just said so.
  const failed = entry?.state === "failed" ? entry.problems[0] : undefined;
  useEffect(() => {
    if (failed !== undefined && editor.getState().notice?.includes(TILES_NOT_SHOWN) !== true) notify(editor, `Tiled map not shown: ${failed}`);
  }, [editor, failed]);
  const gridPending = useEditorState((s) => s.mapGridPending);
  useEffect(() => {
    if (!map || !gridPending) return;
    const { notice } = editor.getState();
    editor.update({ mapGridPending: false });
    if (map.tileWidth !== map.tileHeight || !adoptGridSize(editor, map.tileWidth)) return;
    notify(editor, `${notice ? `${notice}; grid` : "Grid"} ${map.tileWidth} (the map's tiles)`);
  }, [editor, map, gridPending]);
  // Its pictures, asked for once it is read; the rest of the pictures cache is freed.
  useEffect(() => {
    const srcs = map ? [...map.tilesets.flatMap((t) => t.images), ...map.layers.flatMap((l) => (l.kind === "image" && l.src !== "" ? [l.src] : []))] : [];
    for (const s of srcs) pictures.request(s, base);
    pictures.retainOnly(new Set(srcs.map((s) => imageKey(s, base))));
  }, [pictures, map, base]);

  const paint = useMemo(
    () => ({ missing: THEME.placeholder, shapeLine: THEME.ignored, shapeFill: THEME.ignoredFill, line: THEME.placeholder, text: THEME.label, halo: THEME.labelHalo }),
    [THEME],
  );
  // One store of chunks per map, emptied (bitmaps freed) when the map, the paint or a picture changes.
  const store = useMemo(() => (map ? new ChunkStore(map) : null), [map]);
  useEffect(() => () => store?.clear(), [store, paint, redrawn]);
  const redraw = useRef<number | null>(null);
  useEffect(() => () => {
    if (redraw.current !== null) cancelAnimationFrame(redraw.current);
  }, []);

  if (!store || !display.visible || display.opacity <= 0) return null;
  const pictureOf = (s: string): Picture => {
    const e = pictures.entry(s, base);
    if (e?.state === "failed") return { state: "failed", message: e.message };
    const level = e?.state === "ready" ? e.levels[0] : undefined;
    return level ? { state: "ready", level } : { state: "loading" };
  };
  return (
    <Shape
      {...screenSpace(view)}
      listening={false}
      perfectDrawEnabled={false}
      name="tiled-map"
      sceneFunc={(ctx, shape: Konva.Shape) => {
        const c = ctx._context;
        const result = drawBackdrop(c, { store, pictureOf, imageEntryOf: (s) => pictures.entry(s, base), pictureVersion, view, width, height, opacity: display.opacity, paint, shapes: true, sceneImages });
        drawMissingNote(c, result.missing, width, paint);
        // Told on the stage's element for tests and the bench, which read the DOM only.
        const element = shape.getStage()?.container();
        if (element) {
          element.dataset.backdropChunks = String(store.count);
          element.dataset.backdropPending = result.pending ? "1" : "0";
          element.dataset.backdropComplete = result.complete ? "1" : "0";
        }
        if (result.pending && redraw.current === null) {
          redraw.current = requestAnimationFrame(() => {
            redraw.current = null;
            shape.getLayer()?.batchDraw();
          });
        }
      }}
    />
  );
});
