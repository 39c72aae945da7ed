// The Konva stage: draws the document, flags overlaps live, and feeds pointer events to the
// active tool. Pointer moves and releases are followed on the window so a drag that leaves the
// canvas still ends.
import type Konva from "konva";
import { useEffect, useMemo, useRef, useState } from "react";
import { Layer, Stage } from "react-konva";
import { evaluateProbe } from "../../core";
import { useOverlaps, useProbeHits } from "../store/derived";
import { useEditor } from "../store/editor-store";
import { toolFor } from "../tools/active-tool";
import type { PointerInfo } from "../tools/tool";
import { drawOrder } from "./draw-order";
import { Grid } from "./Grid";
import { Handles } from "./Handles";
import { ContactOverlay } from "./ContactOverlay";
import { ProbeNode } from "./ProbeLayer";
import { ShapeNode } from "./ShapeNode";
import { useCanvasTheme } from "./theme";

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

export function SceneCanvas() {
  const shapes = useEditor((s) => s.shapes);
  const layers = useEditor((s) => s.layers);
  const drawn = useMemo(() => drawOrder(shapes, layers), [shapes, layers]);
  const selection = useEditor((s) => s.selection);
  const preview = useEditor((s) => s.preview);
  const probes = useEditor((s) => s.probes);
  const probePreview = useEditor((s) => s.probePreview);
  const probeHits = useProbeHits();
  const tool = useEditor((s) => s.tool);
  const THEME = useCanvasTheme();
  const container = useRef<HTMLDivElement>(null);
  const stageRef = useRef<Konva.Stage>(null);
  const { width, height } = useSize(container);

  // Recomputed on every document change, including each step of a drag: overlaps are live.
  const { pairs, ids: overlapping } = useOverlaps();
  const selected = useMemo(() => new Set(selection), [selection]);

  const pointer = (evt: MouseEvent, hitId: string | null): PointerInfo | null => {
    const stage = stageRef.current;
    if (!stage) return null;
    stage.setPointersPositions(evt);
    const world = stage.getRelativePointerPosition();
    const mod = /Mac|iPhone|iPad/.test(navigator.platform) ? evt.metaKey : evt.ctrlKey;
    return world ? { world, hitId, shift: evt.shiftKey, alt: evt.altKey, mod } : null;
  };

  const onMouseDown = (e: Konva.KonvaEventObject<MouseEvent>) => {
    if (e.evt.button !== 0) return;
    const t = e.target;
    const hitId = t.hasName("shape") || t.hasName("probe") || t.hasName("probe-handle") || t.hasName("shape-handle") ? t.id() : null;
    const info = pointer(e.evt, hitId);
    if (!info) return;
    const active = toolFor(tool);
    active.down(info);
    const move = (evt: MouseEvent) => {
      const p = pointer(evt, null);
      if (p) active.move(p);
    };
    const up = (evt: MouseEvent) => {
      window.removeEventListener("mousemove", move);
      window.removeEventListener("mouseup", up);
      const p = pointer(evt, null);
      if (p) active.up(p);
    };
    window.addEventListener("mousemove", move);
    window.addEventListener("mouseup", up);
  };

  const onMouseMove = () => {
    const p = stageRef.current?.getRelativePointerPosition();
    if (p) useEditor.setState({ cursor: { x: p.x, y: p.y } });
  };

  return (
    <div ref={container} className="canvas" data-tool={tool} style={{ background: THEME.background, cursor: tool === "select" ? "default" : "crosshair" }}>
      <Stage ref={stageRef} width={width} height={height} onMouseDown={onMouseDown} onMouseMove={onMouseMove} onMouseLeave={() => useEditor.setState({ cursor: null })}>
        <Layer listening={false}>
          <Grid width={width} height={height} />
        </Layer>
        <Layer>
          {drawn.map(({ shape: s, locked }) => (
            <ShapeNode key={s.id} shape={s} overlapping={overlapping.has(s.id)} selected={selected.has(s.id)} locked={locked} />
          ))}
          {preview && <ShapeNode shape={preview} overlapping={false} selected={false} ghost />}
        </Layer>
        <Layer listening={false}>
          <ContactOverlay pairs={pairs} selected={selected} />
        </Layer>
        <Layer name="probes">
          {probes.map((p) => (
            <ProbeNode key={p.id} probe={p} hit={probeHits.get(p.id) ?? null} shapes={shapes} selected={selected.has(p.id)} />
          ))}
          {probePreview && <ProbeNode probe={probePreview} hit={evaluateProbe(shapes, probePreview)} shapes={shapes} selected={false} />}
        </Layer>
        <Layer name="handles">
          <Handles />
        </Layer>
      </Stage>
    </div>
  );
}
