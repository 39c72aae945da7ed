// The mini-map, as Tiled's (View → Mini-map) and LDtk's world view: the whole level (the shapes,
// probes, images and the shown Tiled map, as Fit to View frames them) scaled to the sidebar's
// width, the art faint under the shapes, and the canvas's visible rectangle as a frame. A click
// centres the view there, a drag moves it (grabbing the frame keeps where it was grabbed), the
// wheel zooms the canvas as over the canvas. The view is not the document: no undo step.
// The level's picture is two bitmaps (painter.ts) drawn when the document, the art or the theme
// changes, at most every REDRAW_MS; the frame is an element over them that follows the view, so
// panning and zooming draw nothing.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useEditor, useEditorState } from "../../editor/react";
import { readBase, type EditorState } from "../../editor/state";
import type { Editor } from "../../editor/editor";
import { canvasTheme } from "../../canvas/theme";
import { panBy, setView, zoomStepAt } from "../../store/view-actions";
import { NO_BURST, wheelGesture } from "../../canvas/wheel";
import { tiledMapOf } from "../../tiled-map/backdrop";
import { ChunkStore } from "../../tiled-map/draw-backdrop";
import { Panel } from "../panels/fields";
import { levelBounds, type ShapesBounds } from "./level-bounds";
import { MiniMapPainter } from "./painter";
import { centredOn, clipFrame, fitMiniMap, inPanelRect, panelToWorld, viewFrame, worldToPanel, type MiniMapFit } from "./minimap-geometry";

/** At most one redraw of the level's picture per this many milliseconds. */
export const REDRAW_MS = 250;
/** The tallest the mini-map gets, in CSS pixels, and at most this share of the sidebar's height: the other panels keep the rest. */
export const MINIMAP_MAX_HEIGHT = 170;
const MINIMAP_SHARE = 0.28;
/** The mini-map's height limit in a short window. */
const MINIMAP_MIN_SHOWN = 80;

/** The Tiled map's chunks for the mini-map's scale: a store of its own, so the canvas's stays as it is. */
function useMiniMapChunks(editor: Editor): { readonly current: ChunkStore | null } {
  const chunks = useRef<ChunkStore | null>(null);
  useEffect(() => () => chunks.current?.clear(), []);
  return useMemo(() => ({
    get current() {
      const state = editor.getState();
      const src = tiledMapOf(state.extras)?.src;
      const entry = src === undefined ? undefined : editor.backdrop.entry(src, readBase(state.file));
      const map = entry?.state === "ready" ? entry.map : null;
      if (chunks.current?.map !== map) {
        chunks.current?.clear();
        chunks.current = map ? new ChunkStore(map) : null;
      }
      return chunks.current;
    },
  }), [editor]);
}

/** What the level's picture shows: a change in any of these redraws it. */
const drawnOf = (s: EditorState) => [s.shapes, s.layers, s.images, s.probes, s.extras, s.file, s.theme] as const;

export function MiniMap() {
  const editor = useEditor();
  const host = useRef<HTMLDivElement>(null);
  const artCanvas = useRef<HTMLCanvasElement>(null);
  const shapesCanvas = useRef<HTMLCanvasElement>(null);
  const painter = useRef<MiniMapPainter | null>(null);
  const [width, setWidth] = useState(0);
  const [maxHeight, setMaxHeight] = useState(MINIMAP_MAX_HEIGHT);
  const [fit, setFit] = useState<MiniMapFit | null>(null);
  const fitRef = useRef(fit);
  fitRef.current = fit;
  const frameEl = useRef<HTMLDivElement>(null);
  const chunks = useMiniMapChunks(editor);

  useLayoutEffect(() => {
    const el = host.current;
    if (!el) return;
    const sidebar = el.closest(".sidebar");
    const measure = () => {
      setWidth(el.clientWidth);
      if (sidebar) setMaxHeight(Math.round(Math.min(MINIMAP_MAX_HEIGHT, Math.max(MINIMAP_MIN_SHOWN, sidebar.clientHeight * MINIMAP_SHARE))));
    };
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    if (sidebar) ro.observe(sidebar);
    measure();
    // The frame follows the canvas's size as the canvas tells it (a window or the dock resized).
    const offResized = editor.canvasResized.subscribe(() => placeFrame.current());
    return () => {
      ro.disconnect();
      offResized();
    };
  }, []);

  // What the art was last drawn from: drawn again when any of it changes, or while map chunks are left to build.
  const artDrawn = useRef<readonly unknown[]>([]);
  const lastBounds = useRef<ShapesBounds | null>(null);
  const draw = useCallback(() => {
    const { level: bounds, shapes: followed } = levelBounds(editor, lastBounds.current);
    lastBounds.current = followed;
    const next = bounds && width > 0 ? fitMiniMap(bounds, width, maxHeight) : null;
    setFit((was) => (was && next && was.scale === next.scale && was.x === next.x && was.y === next.y && was.width === next.width && was.height === next.height ? was : next));
    const art = artCanvas.current, shapes = shapesCanvas.current;
    if (!next || !art || !shapes) return false;
    const p = (painter.current ??= new MiniMapPainter(art, shapes));
    const state = editor.getState();
    const theme = canvasTheme(state.theme);
    const started = performance.now();
    const backdrop = editor.backdrop;
    const artKey = [next.scale, next.x, next.y, next.width, next.height, window.devicePixelRatio, state.images, state.extras, state.file, theme, editor.imageCache.version.getState(), backdrop.version.getState(), backdrop.display.getState(), backdrop.pictures.version.getState(), backdrop.redrawn.getState()];
    let pending = false;
    if (artKey.some((v, i) => v !== artDrawn.current[i])) {
      pending = p.paintArt(editor, next, theme, chunks.current);
      artDrawn.current = pending ? [] : artKey;
    }
    p.paintShapes(editor, next, theme);
    // Told on the element for tests and the bench, which read the DOM only.
    if (p.last !== "none") shapes.dataset[p.last === "full" ? "fullMs" : "partialMs"] = (performance.now() - started).toFixed(1);
    shapes.dataset.drawn = p.last;
    shapes.dataset.draws = String(Number(shapes.dataset.draws ?? 0) + 1);
    return pending;
  }, [editor, width, maxHeight, chunks]);

  // Redrawn at once when the width changes, then on changes, at most every REDRAW_MS.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    let last = -Infinity;
    const run = () => {
      timer = null;
      last = performance.now();
      if (draw()) schedule();
    };
    const schedule = () => {
      if (timer !== null) return;
      timer = setTimeout(run, Math.max(0, last + REDRAW_MS - performance.now()));
    };
    run();
    const offStore = editor.store.subscribe((s, prev) => {
      const a = drawnOf(s), b = drawnOf(prev);
      if (a.some((v, i) => v !== b[i])) schedule();
    });
    const stores = [editor.settled, editor.imageCache.version, editor.backdrop.version, editor.backdrop.display, editor.backdrop.pictures.version, editor.backdrop.redrawn];
    const offs = stores.map((st) => st.subscribe(schedule));
    return () => {
      if (timer !== null) clearTimeout(timer);
      offStore();
      for (const off of offs) off();
    };
  }, [editor, draw]);

  // The frame follows the view outside React, once a frame: a pan sends the view many times a frame.
  const placeFrame = useRef(() => {});
  placeFrame.current = () => {
    const el = frameEl.current;
    if (!el) return;
    const frame = fit ? clipFrame(viewFrame(fit, editor.getState().view, editor.canvasSize), fit) : null;
    el.hidden = frame === null;
    if (!frame) return;
    el.style.transform = `translate(${frame.x}px, ${frame.y}px)`;
    el.style.width = `${frame.width}px`;
    el.style.height = `${frame.height}px`;
  };
  useLayoutEffect(() => placeFrame.current(), [fit]);
  useEffect(() => {
    let queued: number | null = null;
    const off = editor.store.subscribe((s, prev) => {
      if (s.view === prev.view || queued !== null) return;
      queued = requestAnimationFrame(() => {
        queued = null;
        placeFrame.current();
      });
    });
    return () => {
      off();
      if (queued !== null) cancelAnimationFrame(queued);
    };
  }, [editor]);

  const wheelBurst = useRef(NO_BURST);
  // A wheel listener that may prevent the sidebar's scroll: React's is passive.
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      const f = fitRef.current;
      if (!f) return;
      e.preventDefault();
      const g = wheelGesture(e, editor.getState().wheel, editor.canvasSize, wheelBurst.current);
      wheelBurst.current = g.burst;
      panBy(editor, g.dx, g.dy);
      if (g.steps === 0) return;
      // About the point under the pointer while it is in view, else about the canvas's middle.
      const { view: v } = editor.getState();
      const { width: cw, height: ch } = editor.canvasSize;
      const box = el.getBoundingClientRect();
      const w = panelToWorld(f, { x: e.clientX - box.left, y: e.clientY - box.top });
      const at = { x: w.x * v.scale + v.x, y: w.y * v.scale + v.y };
      zoomStepAt(editor, g.steps, at.x >= 0 && at.y >= 0 && at.x <= cw && at.y <= ch ? at : { x: cw / 2, y: ch / 2 });
    };
    el.addEventListener("wheel", onWheel, { passive: false });
    return () => el.removeEventListener("wheel", onWheel);
  }, [editor]);

  // The world offset from the pointer to the view's centre, kept through a drag.
  const grab = useRef<{ readonly dx: number; readonly dy: number } | null>(null);
  const [dragging, setDragging] = useState(false);
  const panelPoint = (e: React.PointerEvent) => {
    const box = host.current!.getBoundingClientRect();
    return { x: e.clientX - box.left, y: e.clientY - box.top };
  };
  const centreAt = (e: React.PointerEvent) => {
    const f = fitRef.current;
    if (!f || !grab.current) return;
    const w = panelToWorld(f, panelPoint(e));
    setView(editor, centredOn(editor.getState().view, editor.canvasSize, { x: w.x + grab.current.dx, y: w.y + grab.current.dy }));
  };
  const onPointerDown = (e: React.PointerEvent) => {
    const f = fitRef.current;
    if (e.button !== 0 || !f) return;
    e.preventDefault();
    const p = panelPoint(e);
    const whole = viewFrame(f, editor.getState().view, editor.canvasSize);
    const frame = clipFrame(whole, f) ?? whole;
    // Grabbing the frame moves it from where it was grabbed; elsewhere, the view jumps there.
    const centre = panelToWorld(f, { x: whole.x + whole.width / 2, y: whole.y + whole.height / 2 });
    const w = panelToWorld(f, p);
    grab.current = inPanelRect(frame, p) ? { dx: centre.x - w.x, dy: centre.y - w.y } : { dx: 0, dy: 0 };
    host.current!.setPointerCapture(e.pointerId);
    setDragging(true);
    centreAt(e);
  };
  const onPointerMove = (e: React.PointerEvent) => {
    if (grab.current) centreAt(e);
  };
  const end = (e: React.PointerEvent) => {
    if (!grab.current) return;
    grab.current = null;
    setDragging(false);
    if (host.current?.hasPointerCapture(e.pointerId)) host.current.releasePointerCapture(e.pointerId);
  };

  const origin = fit ? worldToPanel(fit, { x: 0, y: 0 }) : null;
  return (
    <div
      ref={host}
      className={`minimap${dragging ? " dragging" : ""}`}
      data-testid="minimap"
      role="application"
      aria-label="Mini-map: click or drag to move the view, wheel to zoom"
      title="Click or drag to move the view; the wheel zooms"
      style={{ height: fit?.height ?? undefined }}
      data-scale={fit?.scale}
      data-origin-x={origin?.x}
      data-origin-y={origin?.y}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={end}
      onPointerCancel={end}
    >
      <canvas ref={artCanvas} style={{ width: fit?.width ?? 0, height: fit?.height ?? 0, display: fit ? "block" : "none" }} />
      <canvas ref={shapesCanvas} className="minimap-shapes" style={{ width: fit?.width ?? 0, height: fit?.height ?? 0, display: fit ? "block" : "none" }} data-testid="minimap-level" />
      <div ref={frameEl} className="minimap-frame" data-testid="minimap-frame" />
      {!fit && <p className="empty">The level shows here once it has shapes or art.</p>}
    </div>
  );
}

/** The sidebar's Mini-map section, while View → Mini-map is on: kept at the sidebar's foot as the panels above it scroll. */
export function MiniMapPanel() {
  const shown = useEditorState((s) => s.showMiniMap);
  if (!shown) return null;
  return (
    <div className="minimap-dock">
      <Panel title="Mini-map">
        <MiniMap />
      </Panel>
    </div>
  );
}
