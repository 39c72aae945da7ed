// The Konva stage: draws the document, flags overlaps live, and feeds pointer events to the
// active tool. Pointer moves and releases are followed on the window so a drag that leaves the
// canvas still ends. The stage carries the view (pan and zoom); the wheel zooms about the cursor or
// scrolls (wheel.ts), and Space-drag or a middle-button drag pans whatever the tool. The active state answers for the
// cursor, given what the pointer is over; a drag's readout follows the pointer.
import type Konva from "konva";
import { Fragment, useEffect, useMemo, useRef, useState } from "react";
import { Layer, Stage } from "react-konva";
import { useEditor, useEditorState, useIgnoredOverlaps, useOverlaps, useOverlay, useProbeHits } from "../editor/react";
import { pointerToWorld } from "../store/view";
import { panBy, setCanvasSize, setCursor, zoomStepAt } from "../store/view-actions";
import { isTextField, ownsEvent } from "../actions/text-field";
import { listen } from "../platform/listen";
import { cursorOf } from "../tools/cursor";
import { PanTool } from "../tools/pan/pan-tool";
import type { PointerInfo, StateNode } from "../tools/state-node";
import { hitAt as geometryHitAt } from "../tools/select/image-picking";
import { hoverHit } from "../tools/select/hover";
import { layerColours, paletteColour } from "../store/layer-colours";
import { followSplitRuns, type SplitRuns } from "./draw-order";
import { Grid } from "./Grid";
import { ImageLayer } from "./ImageLayer";
import { TiledMapLayer } from "./TiledMapLayer";
import { Handles } from "./Handles";
import { HoverOutline } from "./HoverOutline";
import { IGNORED_DRAWN, IgnoredOverlay } from "./IgnoredOverlay";
import { ContactOverlay } from "./ContactOverlay";
import { DragReadout } from "./DragReadout";
import { NameLabels } from "./NameLabels";
import { ProbeNode } from "./ProbeLayer";
import { REPLAY_RAY_NAME, REPLAY_RAY_PREFIX, ReplayRays } from "./ReplayLayer";
import { selectRay } from "../store/replay";
import { notify } from "../store/actions";
import { openContextMenu } from "../app/ContextMenu";
import { openDroppedFile } from "../app/document-commands";
import { addImageFiles, imageFilesOf, pictureOfFile } from "../app/image-commands";
import { ShapeBatch } from "./ShapeBatch";
import { nextDrawOrigin, ZERO_ORIGIN, type DrawOrigin } from "./draw-origin";
import type { BatchContent } from "./shape-batch";
import { ShapeNode } from "./ShapeNode";
import { shapePaint, useCanvasTheme } from "./theme";
import { NO_BURST, wheelGesture } from "./wheel";

function useSize(ref: React.RefObject<HTMLDivElement | null>) {
  const [size, setSize] = useState({ width: 800, height: 600 });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setSize({ width: el.clientWidth, height: el.clientHeight }));
    ro.observe(el);
    setSize({ width: el.clientWidth, height: el.clientHeight });
    return () => ro.disconnect();
  }, [ref]);
  return size;
}


/** Whether Shift is held: over a shape, the Select tool's drag then draws a marquee, and its cursor says so. */
function useShiftHeld(): boolean {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    const track = (e: KeyboardEvent) => setHeld(e.shiftKey);
    const blur = () => setHeld(false);
    return listen(window, { keydown: track, keyup: track, blur });
  }, []);
  return held;
}

/** Whether Space is held (outside text fields); Space never reaches a focused button meanwhile. */
function useSpaceHeld(): boolean {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    // A field or a focused button keeps its Space (a button is pressed on its keyup).
    const keeps = (e: KeyboardEvent) => isTextField(e.target) || ownsEvent(e.target, { key: " " });
    const down = (e: KeyboardEvent) => {
      if (e.code !== "Space" || keeps(e)) return;
      e.preventDefault();
      setHeld(true);
    };
    const up = (e: KeyboardEvent) => {
      if (e.code !== "Space") return;
      if (!keeps(e)) e.preventDefault();
      setHeld(false);
    };
    const blur = () => setHeld(false);
    return listen(window, { keydown: down, keyup: up, blur });
  }, []);
  return held;
}

const isMac = () => /Mac|iPhone|iPad/.test(navigator.platform);

/** Beyond this many selected shapes, the selected ones are batched too (Ctrl+A on a huge scene). */
const LIVE_NODE_LIMIT = 500;

export function SceneCanvas() {
  const editor = useEditor();
  const shapes = useEditorState((s) => s.shapes);
  const layers = useEditorState((s) => s.layers);
  const selection = useEditorState((s) => s.selection);
  const preview = useOverlay((o) => o.preview);
  const probes = useEditorState((s) => s.probes);
  const probePreview = useOverlay((o) => o.probePreview);
  const probeHits = useProbeHits();
  const tool = useEditorState((s) => s.tool);
  const THEME = useCanvasTheme();
  const container = useRef<HTMLDivElement>(null);
  const stageRef = useRef<Konva.Stage>(null);
  const { width, height } = useSize(container);
  const view = useEditorState((s) => s.view);
  const grid = useEditorState((s) => s.grid);
  const gridSize = useEditorState((s) => s.gridSize);
  const toolPath = useEditorState((s) => s.toolPath);
  const spaceHeld = useSpaceHeld();
  const shiftHeld = useShiftHeld();
  // Where nodes that draw many things put their canvas origin: near the view, so the canvas gets
  // small numbers however far from the world's origin the view is (draw-origin.ts).
  const lastOrigin = useRef<DrawOrigin>(ZERO_ORIGIN);
  const origin = (lastOrigin.current = nextDrawOrigin(lastOrigin.current, view, width, height));
  // A pan from Space or the middle button uses its own pan tool, leaving the active tool's state
  // alone.
  const viewPan = useMemo(() => {
    const pan = new PanTool(editor, null);
    pan.enter();
    return pan;
  }, [editor]);
  useEffect(() => setCanvasSize(editor, width, height), [editor, width, height]);

  // What the pointer was last over when no button was down (a shape, probe or handle id).
  const hover = useRef<string | null>(null);
  const spaceRef = useRef(spaceHeld);
  spaceRef.current = spaceHeld;
  const shiftRef = useRef(shiftHeld);
  shiftRef.current = shiftHeld;
  const shownCursor = useRef("");
  // Set on the container directly: it changes as the pointer crosses shapes, which redraws nothing.
  const showCursor = () => {
    const el = container.current;
    if (!el) return;
    const viewPanning = spaceRef.current || viewPan.path() !== "pan.idle";
    const next = cursorOf(viewPanning ? viewPan : editor.tools, hover.current, { shift: shiftRef.current });
    if (next !== shownCursor.current) el.style.cursor = shownCursor.current = next;
  };
  // A tool or state changed by a key, Space, or a selection that adds or drops handles.
  useEffect(showCursor, [tool, toolPath, spaceHeld, shiftHeld, selection]);

  // Recomputed on every document change, including each step of a drag: overlaps are live.
  const { pairs, ids: overlapping } = useOverlaps();
  const allIgnored = useIgnoredOverlaps();
  // Ignored overlaps are drawn only between shapes that are drawn (none hidden or on a hidden layer).
  const ignored = useMemo(() => {
    const hidden = new Set(layers.filter((l) => l.visible === false).map((l) => l.id));
    if (allIgnored.length === 0) return allIgnored;
    const shown = (id: string) => {
      const s = editor.shapeById(id);
      return s?.visible !== false && !hidden.has(s?.layer ?? layers[0]!.id);
    };
    return allIgnored.filter((p) => shown(p.a) && shown(p.b));
  }, [editor, allIgnored, layers]);
  const selected = useMemo(() => new Set(selection), [selection]);
  // Per layer: the shapes drawn in one batch, and the selected ones, which are drawn after them as
  // Konva nodes (or a batch of their own when there are very many) and redraw on every drag step.
  // Followed from the last step's split: a drag replaces one shape, not the grouping.
  const lastSplit = useRef<SplitRuns | null>(null);
  const splitRuns = useMemo(
    () => (lastSplit.current = followSplitRuns(lastSplit.current, shapes, layers, selected, (id) => editor.documentWorld().lookup(id)?.index)),
    [editor, shapes, layers, selected],
  );
  const split = splitRuns.runs;
  // Per layer's batch: the places of its shapes near a rectangle, through the world's tree.
  const nears = useMemo(() => split.map((_, r): NonNullable<BatchContent["near"]> => (rect, visit) => {
    const world = editor.documentWorld();
    world.forEachInBox(rect.minX, rect.minY, rect.maxX, rect.maxY, (s) => {
      const i = world.lookup(s.id)?.index;
      if (i !== undefined && splitRuns.runOf[i] === r && split[r]!.rest[splitRuns.at[i]!]?.id === s.id) visit(splitRuns.at[i]!);
    });
  }), [editor, splitRuns, split]);
  const liveCount = split.reduce((n, r) => n + r.live.length, 0);
  // Each layer's colours under the theme; shapes of an unknown layer take the palette's first.
  const colours = useMemo(() => layerColours(layers), [layers]);
  const paints = split.map(({ run }) => shapePaint(THEME, colours.get(run.layer) ?? paletteColour(0), run.locked));

  const pointer = (evt: MouseEvent, hitId: string | null): PointerInfo | null => {
    const stage = stageRef.current;
    if (!stage) return null;
    stage.setPointersPositions(evt);
    const screen = stage.getPointerPosition();
    // From the store's view, not the stage's: the stage catches up only when React renders.
    const world = screen ? pointerToWorld(editor.getState().view, screen) : null;
    const mod = isMac() ? evt.metaKey : evt.ctrlKey;
    return world ? { world, hitId, shift: evt.shiftKey, alt: evt.altKey, mod } : null;
  };

  /**
   * The id of what is under the pointer: a probe or handle (Konva nodes), else the topmost pickable
   * shape, else the topmost pickable image (shapes are mostly batched and images one drawing, so
   * both are picked by geometry).
   */
  const hitAt = (node: Konva.Node | null, world: { readonly x: number; readonly y: number }): string | null => {
    if (node && (node.hasName("probe") || node.hasName("probe-handle") || node.hasName("shape-handle") || node.hasName("image-handle"))) return node.id();
    return geometryHitAt(editor, world);
  };

  /** What is under the pointer of the last event the stage was told of (null off the canvas). */
  const hitUnderPointer = (world: { readonly x: number; readonly y: number }): string | null => {
    const stage = stageRef.current;
    const screen = stage?.getPointerPosition();
    if (!stage || !screen || screen.x < 0 || screen.y < 0 || screen.x > width || screen.y > height) return null;
    return hitAt(stage.getIntersection(screen), world);
  };

  const onMouseDown = (e: Konva.KonvaEventObject<MouseEvent>) => {
    const pan = e.evt.button === 1 || (e.evt.button === 0 && spaceHeld);
    if (e.evt.button !== 0 && !pan) return;
    if (pan) e.evt.preventDefault(); // no autoscroll from the middle button
    const t = e.target;
    const at = pointer(e.evt, null);
    // With the select tool, a replayed ray selects itself and the shape it hit, and the tool does
    // not see the click; but a shape under the ray wins, so that a shape a ray crosses can still
    // be picked and dragged (the Replay panel's rows pick any ray).
    if (!pan && tool === "select" && t.hasName(REPLAY_RAY_NAME) && !(at && geometryHitAt(editor, at.world))) {
      const line = Number(t.id().slice(REPLAY_RAY_PREFIX.length));
      if (Number.isInteger(line)) selectRay(editor, line);
      return;
    }
    if (!at) return;
    // Edges a refused outline would have crossed show until the next press.
    if (editor.overlay.getState().crossing !== null) editor.overlay.setState({ crossing: null });
    const info = { ...at, hitId: hitAt(t, at.world) };
    // The root hands each event to the active tool's state; a view pan goes to its own pan tool.
    const active: StateNode = pan ? viewPan : editor.tools;
    const send = (event: "onPointerDown" | "onPointerMove" | "onPointerUp", p: PointerInfo) => {
      active.current()[event]?.(p);
      showCursor();
    };
    send("onPointerDown", info);
    let last = e.evt;
    const move = (evt: MouseEvent) => {
      last = evt;
      const p = pointer(evt, null);
      if (p) send("onPointerMove", p);
    };
    // Shift, Ctrl/Cmd or Alt pressed or let go mid-drag changes the gesture without a move
    // (Shift's rotation steps show at once): the last move again, with the keys as they are now.
    const keys = (evt: KeyboardEvent) => {
      if (evt.key !== "Shift" && evt.key !== "Control" && evt.key !== "Meta" && evt.key !== "Alt") return;
      const p = pointer(last, null);
      if (p) send("onPointerMove", { ...p, shift: evt.shiftKey, alt: evt.altKey, mod: isMac() ? evt.metaKey : evt.ctrlKey });
    };
    const up = (evt: MouseEvent) => {
      stop();
      const p = pointer(evt, null);
      if (!p) return;
      send("onPointerUp", p);
      hover.current = hitUnderPointer(p.world);
      showCursor();
    };
    const stop = listen(window, { mousemove: move, mouseup: up, keydown: keys, keyup: keys });
  };

  const onMouseMove = (e: Konva.KonvaEventObject<MouseEvent>) => {
    const p = pointer(e.evt, null);
    if (!p) return;
    setCursor(editor, p.world);
    // While a button is down the gesture's state names the cursor, whatever is under the pointer.
    if (e.evt.buttons === 0) {
      hover.current = hitAt(e.target, p.world);
      showCursor();
    }
    hoverHit(editor, e.evt.buttons === 0 ? hover.current : null);
  };

  const wheelBurst = useRef(NO_BURST);
  const onWheel = (e: Konva.KonvaEventObject<WheelEvent>) => {
    e.evt.preventDefault(); // and no page zoom from a pinch (Ctrl+wheel)
    const stage = stageRef.current;
    if (!stage) return;
    stage.setPointersPositions(e.evt);
    const at = stage.getPointerPosition();
    if (!at) return;
    const g = wheelGesture(e.evt, editor.getState().wheel, { width, height }, wheelBurst.current);
    wheelBurst.current = g.burst;
    panBy(editor, g.dx, g.dy);
    if (g.steps !== 0) zoomStepAt(editor, g.steps, at);
  };

  // Image files dropped on the canvas are added centred where they fall (their corner on the grid when snapping); a scene or a Tiled map opens.
  const onDragOver = (e: React.DragEvent) => {
    if (!e.dataTransfer.types.includes("Files")) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = "copy";
  };
  const onDrop = (e: React.DragEvent) => {
    if (!e.dataTransfer.types.includes("Files")) return;
    e.preventDefault();
    const box = container.current!.getBoundingClientRect();
    const at = pointerToWorld(editor.getState().view, { x: e.clientX - box.left, y: e.clientY - box.top });
    const files = imageFilesOf(e.dataTransfer);
    if (files.length > 0) {
      void addImageFiles(editor, files.map(pictureOfFile), { kind: "centred", at }, "Dropped");
      return;
    }
    const dropped = [...e.dataTransfer.files];
    // Only while the event runs: Chromium's handle of the file, which lets Save to Map find a dropped map in a folder given later.
    const item = e.dataTransfer.items[0] as (DataTransferItem & { getAsFileSystemHandle?: () => Promise<unknown> }) | undefined;
    const handle = dropped.length === 1 ? item?.getAsFileSystemHandle?.().catch(() => undefined) : undefined;
    void (async () => {
      if (dropped.length === 1 && (await openDroppedFile(editor, dropped[0]!, handle))) return;
      notify(editor, "Drop PNG, JPEG or WebP images to add them, or one scene (.json) or Tiled map (.tmx, .tmj) to open it");
    })();
  };

  // Right-click: the active state's first (a points tool ends its outline, as Tiled's), else the menu of what is under the pointer.
  const onContextMenu = (e: React.MouseEvent) => {
    e.preventDefault();
    const at = pointer(e.nativeEvent, null);
    if (at && editor.tools.secondaryClick(at)) {
      showCursor();
      return;
    }
    const box = container.current!.getBoundingClientRect();
    openContextMenu(editor, pointerToWorld(editor.getState().view, { x: e.clientX - box.left, y: e.clientY - box.top }), e.clientX, e.clientY);
  };

  return (
    <div ref={container} className="canvas" data-tool={tool} data-ignored-overlaps={Math.min(ignored.length, IGNORED_DRAWN)} style={{ background: THEME.background }} onDragOver={onDragOver} onDrop={onDrop} onContextMenu={onContextMenu}>
      <Stage
        ref={stageRef}
        width={width}
        height={height}
        x={view.x}
        y={view.y}
        scaleX={view.scale}
        scaleY={view.scale}
        onMouseDown={onMouseDown}
        onMouseMove={onMouseMove}
        onWheel={onWheel}
        onMouseLeave={() => {
          setCursor(editor, null);
          hover.current = null;
          hoverHit(editor, null);
        }}
      >
        <Layer listening={false}>
          <ImageLayer width={width} height={height} view={view} />
          <TiledMapLayer width={width} height={height} view={view} />
          {grid.visible && <Grid width={width} height={height} view={view} size={gridSize} />}
        </Layer>
        <Layer>
          {split.map(({ run, rest, live }, r) => (
            <Fragment key={run.layer}>
              <ShapeBatch batchKey={run.layer} shapes={rest} overlapping={overlapping} paint={paints[r]!} look="plain" cached near={nears[r]} origin={origin} />
              {liveCount > LIVE_NODE_LIMIT
                ? <ShapeBatch batchKey={`${run.layer}#selected`} shapes={live} overlapping={overlapping} paint={paints[r]!} look="selected" cached={false} origin={origin} />
                : live.map((s) => <ShapeNode key={s.id} shape={s} paint={paints[r]!} overlapping={overlapping.has(s.id)} selected locked={run.locked} />)}
            </Fragment>
          ))}
          <HoverOutline />
          {preview && <ShapeNode shape={preview} overlapping={false} selected={false} ghost />}
        </Layer>
        <Layer listening={false}>
          <IgnoredOverlay pairs={ignored} origin={origin} />
          <NameLabels width={width} height={height} origin={origin} />
          <ContactOverlay pairs={pairs} selected={selected} />
        </Layer>
        <Layer name="probes">
          {probes.map((p) => (
            <ProbeNode key={p.id} probe={p} hit={probeHits.get(p.id) ?? null} shapes={shapes} selected={selected.has(p.id)} />
          ))}
          {probePreview && <ProbeNode probe={probePreview} hit={editor.probeHit(probePreview)} shapes={shapes} selected={false} />}
        </Layer>
        <Layer name="replay" listening={tool === "select"}>
          <ReplayRays />
        </Layer>
        <Layer name="handles">
          <Handles />
        </Layer>
      </Stage>
      <DragReadout />
    </div>
  );
}
