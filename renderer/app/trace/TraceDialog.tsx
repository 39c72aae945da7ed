// Trace Colliders…: an image's opaque pixels as convex polygons (or whole outlines, or closed
// chains along the outlines), previewed live over the picture while the alpha threshold, the
// tolerance, the vertex limit, the least blob area and the kind of collider change; the status says
// the stage a long trace is at; Add puts them on the active layer as one undo step, named after the image. The
// tracing runs in a worker. The image is the one trace-session.ts picks (locked ones too), and the
// dialog offers the scene's others; the settings are remembered per image for the session. Keys:
// focus starts on the first slider, Enter adds (when Add is enabled), Escape cancels.
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { blobCount, chainCount, specksNote, traceStageWords, wholeOutlinesNote, type TracedPiece, type TraceResult, type TraceStage } from "../../../core";
import type { Editor } from "../../editor/editor";
import { useEditor, useEditorState } from "../../editor/react";
import { readBase } from "../../editor/state";
import { desktop } from "../../platform/files";
import { activeLayerTakesShapes, addItems, idsInUse, notify } from "../../store/actions";
import { activeLayerOf, activeLayerRefusal } from "../../store/layer-actions";
import { Modal } from "../Modal";
import { closeModal, useModal } from "../modals";
import { tracePixels, type TracePixels } from "./trace-pixels";
import type { TraceReply, TraceRequest } from "./trace-worker";
import { imageColliders } from "./image-colliders";
import { lowestAlpha, wholePictureNote } from "./opaque-note";
import { rememberTraceSettings, traceSettingsFor, useTraceTarget, type TraceSettings } from "./trace-session";

const PREVIEW = { width: 560, height: 360 };
/** How long the sliders rest before a new trace is asked for. */
const SETTLE_MS = 120;

type Options = TraceSettings;

function usePixels(editor: Editor, imageId: string | null): TracePixels | { readonly error: string } | null {
  const [pixels, setPixels] = useState<TracePixels | { readonly error: string } | null>(null);
  useEffect(() => {
    const { images, file } = editor.getState();
    const image = images.find((i) => i.id === imageId);
    if (!image) return;
    let live = true;
    void tracePixels(image, { scenePath: readBase(file), desktop: desktop() }).then((p) => {
      if (live) setPixels(p);
      else if ("bitmap" in p) p.bitmap.close();
    });
    return () => {
      live = false;
    };
  }, [editor, imageId]);
  useEffect(() => () => {
    if (pixels && "bitmap" in pixels) pixels.bitmap.close();
  }, [pixels]);
  return pixels;
}

interface TraceState {
  readonly result: TraceResult | null;
  readonly error: string | null;
  readonly busy: boolean;
  /** The stage the trace asked last has reached, while it runs. */
  readonly stage: TraceStage | null;
}

/** The latest trace for `options` from a worker holding the pixels; stale answers are dropped. */
function useTrace(pixels: TracePixels | null, options: Options): TraceState {
  const worker = useRef<Worker | null>(null);
  const asked = useRef(0);
  const [state, setState] = useState<TraceState>({ result: null, error: null, busy: true, stage: null });
  useEffect(() => {
    if (!pixels) return;
    const w = new Worker(new URL("./trace-worker.ts", import.meta.url), { type: "module" });
    worker.current = w;
    w.onmessage = (e: MessageEvent<TraceReply>) => {
      const reply = e.data;
      if (reply.id !== asked.current) return;
      if ("stage" in reply) setState((s) => ({ ...s, stage: reply.stage }));
      else setState("result" in reply ? { result: reply.result, error: null, busy: false, stage: null } : { result: null, error: reply.error, busy: false, stage: null });
    };
    const alpha = pixels.alpha.slice();
    w.postMessage({ kind: "image", image: { width: pixels.width, height: pixels.height, data: alpha } } satisfies TraceRequest, [alpha.buffer]);
    return () => {
      w.terminate();
      worker.current = null;
    };
  }, [pixels]);
  useEffect(() => {
    if (!pixels) return;
    setState((s) => ({ ...s, busy: true }));
    const timer = setTimeout(() => {
      const id = ++asked.current;
      worker.current?.postMessage({ kind: "trace", id, ...options } satisfies TraceRequest);
    }, SETTLE_MS);
    return () => clearTimeout(timer);
  }, [pixels, options.alpha, options.tolerance, options.maxVertices, options.minArea, options.concave, options.chains]);
  return state;
}

function Preview({ pixels, result }: { readonly pixels: TracePixels; readonly result: TraceResult | null }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const ctx = canvas.current?.getContext("2d");
    if (!ctx) return;
    const k = Math.min(PREVIEW.width / pixels.width, PREVIEW.height / pixels.height);
    const ox = (PREVIEW.width - pixels.width * k) / 2, oy = (PREVIEW.height - pixels.height * k) / 2;
    ctx.clearRect(0, 0, PREVIEW.width, PREVIEW.height);
    ctx.imageSmoothingEnabled = k < 1;
    ctx.drawImage(pixels.bitmap, ox, oy, pixels.width * k, pixels.height * k);
    if (!result) return;
    ctx.lineWidth = 1.25;
    ctx.strokeStyle = "#22d3ee";
    ctx.fillStyle = "rgba(34, 211, 238, 0.22)";
    const outline = (piece: TracedPiece) => {
      piece.points.forEach(([x, y], i) => {
        const px = ox + (piece.x + x) * k, py = oy + (piece.y + y) * k;
        if (i === 0) ctx.moveTo(px, py);
        else ctx.lineTo(px, py);
      });
      ctx.closePath();
    };
    for (const piece of result.pieces) {
      ctx.beginPath();
      outline(piece);
      ctx.fill();
      ctx.stroke();
    }
    // Chains: one path, so a hole's chain cuts its blob's shading; stroked thicker, as edges are what collides.
    if (result.chains.length > 0) {
      ctx.beginPath();
      for (const chain of result.chains) outline(chain);
      ctx.fillStyle = "rgba(34, 211, 238, 0.12)";
      ctx.fill("evenodd");
      ctx.lineWidth = 2;
      ctx.stroke();
    }
  }, [pixels, result]);
  return <canvas ref={canvas} className="trace-preview" width={PREVIEW.width} height={PREVIEW.height} data-testid="trace-preview" />;
}

function Slider({ label, value, min, max, step, onChange, shown, autoFocus = false, disabled = false }: { label: string; value: number; min: number; max: number; step: number; onChange: (v: number) => void; shown: string; autoFocus?: boolean; disabled?: boolean }) {
  return (
    <label className={disabled ? "trace-slider disabled" : "trace-slider"}>
      <span>{label}</span>
      <input type="range" min={min} max={max} step={step} value={value} disabled={disabled} onChange={(e) => onChange(Number(e.target.value))} {...(autoFocus ? { "data-autofocus": true } : {})} />
      <output>{shown}</output>
    </label>
  );
}

/**
 * A slider over the usual range beside a field that takes any value from `min` up, as the CLI
 * does (a tolerance of 20 px for 8192 px art): past the slider's end, the slider rests there.
 */
function SliderField({ label, value, min, max, step, onChange }: { label: string; value: number; min: number; max: number; step: number; onChange: (v: number) => void }) {
  // What is being typed, until the field is left: "" or "-" mean nothing yet and change nothing.
  const [draft, setDraft] = useState<string | null>(null);
  const id = useId();
  return (
    <div className="trace-slider">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="range" min={min} max={max} step={step} value={Math.min(value, max)} onChange={(e) => { setDraft(null); onChange(Number(e.target.value)); }} />
      <input
        type="number"
        aria-label={`${label}, typed`}
        min={min}
        step={step}
        value={draft ?? String(value)}
        onChange={(e) => {
          setDraft(e.target.value);
          const v = Number(e.target.value);
          if (e.target.value.trim() !== "" && Number.isFinite(v) && v >= min) onChange(v);
        }}
        onBlur={() => setDraft(null)}
      />
    </div>
  );
}

/** The scene's other images to trace instead, shown when there are several. */
function ImageChoice({ imageId }: { readonly imageId: string }) {
  const images = useEditorState((s) => s.images);
  if (images.length < 2) return null;
  return (
    <label className="trace-image">
      <span>Image</span>
      <select aria-label="Image to trace" value={imageId} onChange={(e) => useTraceTarget.setState({ imageId: e.target.value })}>
        {[...images].reverse().map((i) => (
          <option key={i.id} value={i.id}>{i.id}{i.locked === true ? " (locked)" : ""}{i.visible === false ? " (hidden)" : ""}</option>
        ))}
      </select>
    </label>
  );
}

function Dialog({ imageId }: { readonly imageId: string }) {
  const editor = useEditor();
  const pixels = usePixels(editor, imageId);
  const [options, setOptions] = useState<Options>(() => traceSettingsFor(imageId));
  const ready = pixels && "bitmap" in pixels ? pixels : null;
  const { result, error, busy, stage } = useTrace(ready, options);
  // Kept on every change, so Cancel, Undo and a new trace of the image start from them.
  const set = (change: Partial<Options>) => setOptions((o) => {
    const next = { ...o, ...change };
    rememberTraceSettings(imageId, next);
    return next;
  });
  const count = result ? result.pieces.length + result.chains.length : 0;
  const making = options.chains ? "chains" : options.concave ? "whole outlines" : "convex pieces";
  const layerRefusal = useEditorState(activeLayerRefusal);

  const accept = () => {
    const s = editor.getState();
    const image = s.images.find((i) => i.id === imageId);
    if (!image || !ready || !result || busy) return;
    // Refused on a locked or hidden active layer (the dialog says so and disables the button).
    if (!activeLayerTakesShapes(editor)) return;
    addItems(editor, imageColliders(result, image, ready, activeLayerOf(s), idsInUse(s)), [], `Trace ${count} collider${count === 1 ? "" : "s"}`);
    // notify: a fresh notice (its own id), shown even when the one before it has faded.
    notify(editor, `Added ${count} collider${count === 1 ? "" : "s"} traced from ${image.id}`);
    closeModal();
  };

  const status = pixels && "error" in pixels
    ? pixels.error
    : error
      ? `Could not trace: ${error}`
      : !result
        ? `Tracing…${stage ? ` ${traceStageWords(stage, making)}` : ""}`
        : result.opaque === 0
          ? "Nothing to trace: no pixel is as opaque as the threshold"
          : `${blobCount(result)}, ${result.chains.length > 0 ? chainCount(result) : `${count} piece${count === 1 ? "" : "s"}`}, IoU ${result.iou.toFixed(3)}${busy ? ` (updating…${stage ? ` ${traceStageWords(stage, making)}` : ""})` : ""}`;
  // A polygon cannot have a hole: say how whole outlines cut a blob with one, or its pieces seem a mistake.
  const wholeNote = result && options.concave ? wholeOutlinesNote(result) : null;
  const specks = result ? specksNote(result, options.minArea) : null;
  const lowest = useMemo(() => (ready ? lowestAlpha(ready.alpha) : 255), [ready]);
  const opaqueNote = ready && result && !busy ? wholePictureNote(imageId, ready.width * ready.height, result.opaque, lowest) : null;

  const canAdd = !!result && !busy && count > 0 && layerRefusal === null;
  const onKey = (e: KeyboardEvent) => {
    // Enter on a button (Cancel) is that button's; elsewhere it is Add, when Add is enabled.
    if (e.key !== "Enter" || e.target instanceof HTMLButtonElement || e.target instanceof HTMLSelectElement) return;
    e.preventDefault();
    if (canAdd) accept();
  };

  return (
    <Modal label="Trace colliders" className="trace" onKey={onKey}>
      <header>
        <h2>Trace colliders from {imageId}</h2>
        <ImageChoice imageId={imageId} />
      </header>
      {ready ? <Preview pixels={ready} result={result} /> : <div className="trace-preview empty">{status}</div>}
      <div className="trace-controls">
        <Slider label="Alpha threshold" min={1} max={255} step={1} value={options.alpha} onChange={(alpha) => set({ alpha })} shown={String(options.alpha)} autoFocus />
        <SliderField label="Tolerance (px)" min={0} max={8} step={0.25} value={options.tolerance} onChange={(tolerance) => set({ tolerance })} />
        <Slider label="Points per piece" min={3} max={8} step={1} value={options.maxVertices} onChange={(maxVertices) => set({ maxVertices })} shown={String(options.maxVertices)} disabled={options.chains} />
        <SliderField label="Ignore blobs under (px²)" min={0} max={100} step={1} value={options.minArea} onChange={(minArea) => set({ minArea })} />
        <fieldset className="trace-kind">
          <legend>Colliders</legend>
          <label className="trace-check">
            <input type="radio" name="trace-kind" checked={!options.concave && !options.chains} onChange={() => set({ concave: false, chains: false })} />
            <span>Convex pieces: polygons of at most the points per piece</span>
          </label>
          <label className="trace-check">
            <input type="radio" name="trace-kind" checked={options.concave} onChange={() => set({ concave: true, chains: false })} />
            <span>Whole outlines: one concave polygon per blob, a few where it has holes</span>
          </label>
          <label className="trace-check">
            <input type="radio" name="trace-kind" checked={options.chains} onChange={() => set({ concave: false, chains: true })} />
            <span>Chains (terrain edges): each outline and hole a closed one-sided chain, no seams to catch on</span>
          </label>
        </fieldset>
      </div>
      <p className="trace-status" data-testid="trace-status" role="status">{status}</p>
      {opaqueNote && <p className="trace-note" data-testid="trace-whole-picture" role="alert">{opaqueNote}</p>}
      {specks && <p className="trace-note info" data-testid="trace-specks">{specks}</p>}
      {/* Information while every blob with holes was cut; a warning when one was left in convex pieces. */}
      {wholeNote && <p className={(result?.holedConvex ?? 0) > 0 ? "trace-note" : "trace-note info"} data-testid="trace-note">{wholeNote}</p>}
      {layerRefusal && <p className="trace-note" data-testid="trace-layer-refusal" role="alert">{layerRefusal}</p>}
      <footer>
        <button type="button" onClick={closeModal}>Cancel</button>
        <button type="button" className="primary" disabled={!canAdd} onClick={accept}>
          Add {count} collider{count === 1 ? "" : "s"}
        </button>
      </footer>
    </Modal>
  );
}

export function TraceDialog() {
  const open = useModal((s) => s.open === "trace");
  const imageId = useTraceTarget((s) => s.imageId);
  const exists = useEditorState((s) => imageId !== null && s.images.some((i) => i.id === imageId));
  // An image gone while the dialog is open (undone from the desktop menu): closed, so the editor's keys work again.
  useEffect(() => {
    if (open && !exists) closeModal();
  }, [open, exists]);
  // Keyed by the image: another image chosen starts its own pixels, trace and settings.
  return open && imageId !== null && exists ? <Dialog key={imageId} imageId={imageId} /> : null;
}
