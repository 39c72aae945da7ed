// One Konva shape drawing many document shapes with a single sceneFunc: the unselected shapes of
// one editor layer (through a bitmap cache), or, when very many are selected, the selected ones.
// Never listening: the canvas picks shapes geometrically (tools/select/picking.ts).
import type Konva from "konva";
import { useEffect, useMemo } from "react";
import { Shape as KonvaShape } from "react-konva";
import { useEditor } from "../editor/react";
import { BatchCache, paintShapes, visibleRect, type BatchContent, type BatchLook, type BatchShapes, type BoxReader, type ScreenView } from "./shape-batch";
import type { DrawOrigin } from "./draw-origin";
import type { ShapePaint } from "./theme";

/** Batched shapes drawn, per batch, for the canvas's `data-drawn-shapes` (read by tests and the bench). */
const drawnCounts = new Map<string, number>();

function report(stage: Konva.Stage | null, key: string, count: number | null): void {
  if (count === null) drawnCounts.delete(key);
  else drawnCounts.set(key, count);
  if (!stage) return;
  let total = 0;
  for (const n of drawnCounts.values()) total += n;
  stage.container().dataset.drawnShapes = String(total);
}

function screenOf(context: Konva.Context, node: Konva.Shape, origin: DrawOrigin): ScreenView | null {
  const stage = node.getStage();
  if (!stage) return null;
  const m = node.getAbsoluteTransform().getMatrix();
  return { x: m[4] ?? 0, y: m[5] ?? 0, scale: m[0] ?? 1, width: stage.width(), height: stage.height(), pixelRatio: context.getCanvas().getPixelRatio(), origin };
}

export interface ShapeBatchProps {
  /** Names the batch (its layer and look), for the drawn count. */
  readonly batchKey: string;
  readonly shapes: BatchShapes;
  readonly overlapping: ReadonlySet<string>;
  /** The layer's colours (shapePaint). */
  readonly paint: ShapePaint;
  readonly look: BatchLook;
  /** Cached batches keep a bitmap of the view; uncached ones (shapes that move) draw every time. */
  readonly cached: boolean;
  /** The places of the shapes near a rectangle, through an index (see BatchContent.near). */
  readonly near?: BatchContent["near"];
  /** The world point paths are drawn relative to, near the view (draw-origin.ts). */
  readonly origin: DrawOrigin;
}

export function ShapeBatch({ batchKey, shapes, overlapping, paint, look, cached, near, origin }: ShapeBatchProps) {
  const editor = useEditor();
  const boxes = useMemo((): BoxReader => (s, out) => editor.documentWorld().readBox(s, out), [editor]);
  // Set once the Konva node exists: the cache asks its layer to redraw when the view rests.
  const holder = useMemo(() => ({ node: null as Konva.Shape | null }), []);
  const cache = useMemo(() => new BatchCache(() => holder.node?.getLayer()?.batchDraw()), [holder]);
  useEffect(() => () => {
    cache.dispose();
    report(holder.node?.getStage() ?? null, batchKey, null);
  }, [cache, holder, batchKey]);

  const sceneFunc = (context: Konva.Context, node: Konva.Shape) => {
    holder.node = node;
    const view = screenOf(context, node, origin);
    if (!view) return;
    const content = { shapes, overlapping, paint, look, boxes, ...(near ? { near } : {}) };
    if (cached) {
      cache.draw(context._context, content, view);
      report(node.getStage(), batchKey, cache.drawn);
    } else {
      // From world units relative to the origin to device pixels, computed here in double precision.
      const ctx = context._context, k = view.scale * view.pixelRatio;
      ctx.save();
      ctx.setTransform(k, 0, 0, k, (view.x + origin.x * view.scale) * view.pixelRatio, (view.y + origin.y * view.scale) * view.pixelRatio);
      report(node.getStage(), batchKey, paintShapes(ctx, shapes, overlapping, visibleRect(view, 0), look, paint, view.scale, boxes, origin));
      ctx.restore();
    }
  };
  return <KonvaShape sceneFunc={sceneFunc} listening={false} perfectDrawEnabled={false} />;
}
