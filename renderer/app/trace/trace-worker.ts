// Traces an image's alpha off the editor's thread, so the Trace Colliders dialog's sliders stay
// live on big art: the pixels come once, then each request is a set of options, answered with its
// id: first with each stage the trace reaches, then with the result.
import { traceImage, type TraceImage, type TraceResult, type TraceStage } from "../../../core";

export type TraceRequest =
  | { readonly kind: "image"; readonly image: TraceImage }
  | { readonly kind: "trace"; readonly id: number; readonly alpha: number; readonly tolerance: number; readonly maxVertices: number; readonly minArea: number; readonly concave: boolean; readonly chains: boolean };

export type TraceReply = { readonly id: number; readonly result: TraceResult } | { readonly id: number; readonly stage: TraceStage } | { readonly id: number; readonly error: string };

const scope = self as unknown as { onmessage: ((e: MessageEvent<TraceRequest>) => void) | null; postMessage: (message: TraceReply) => void };

let image: TraceImage | null = null;

scope.onmessage = (e) => {
  const m = e.data;
  if (m.kind === "image") {
    image = m.image;
    return;
  }
  if (!image) return;
  try {
    const progress = (stage: TraceStage) => scope.postMessage({ id: m.id, stage });
    scope.postMessage({ id: m.id, result: traceImage(image, { alpha: m.alpha, tolerance: m.tolerance, maxVertices: m.maxVertices, minArea: m.minArea, concave: m.concave, chains: m.chains, progress }) });
  } catch (err) {
    scope.postMessage({ id: m.id, error: err instanceof Error ? err.message : String(err) });
  }
};
