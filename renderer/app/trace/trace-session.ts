// What Trace Colliders… works on and remembers for the session: the image it traces (the selected
// one, else the only one, else the topmost shown, and the dialog offers the others), and the last
// settings used per image, kept after Cancel and after Undo, as Tiled's and Godot's dialogs keep
// theirs. Tracing reads the picture and never changes it, so a locked or hidden image is traced too.
import { create } from "zustand";
import { TRACE_DEFAULTS, type SceneImage } from "../../../core";
import type { Editor } from "../../editor/editor";
import { openModal } from "../modals";

export interface TraceSettings {
  readonly alpha: number;
  readonly tolerance: number;
  readonly maxVertices: number;
  /** Blobs of fewer pixels are left out, holes of fewer filled. */
  readonly minArea: number;
  /** Whole outlines: concave polygons. Never with `chains`. */
  readonly concave: boolean;
  /** Chains (terrain edges): each outline a closed one-sided chain. Never with `concave`. */
  readonly chains: boolean;
}

export const DEFAULT_TRACE_SETTINGS: TraceSettings = { alpha: TRACE_DEFAULTS.alpha, tolerance: TRACE_DEFAULTS.tolerance, maxVertices: TRACE_DEFAULTS.maxVertices, minArea: TRACE_DEFAULTS.minArea, concave: TRACE_DEFAULTS.concave, chains: TRACE_DEFAULTS.chains };

/** The image the open dialog traces, by id. */
export const useTraceTarget = create<{ readonly imageId: string | null }>()(() => ({ imageId: null }));

/** Settings by image id, and the last used for any image (an image traced for the first time starts from them). */
const remembered = new Map<string, TraceSettings>();
let lastUsed: TraceSettings = DEFAULT_TRACE_SETTINGS;

export function traceSettingsFor(imageId: string): TraceSettings {
  return remembered.get(imageId) ?? lastUsed;
}

export function rememberTraceSettings(imageId: string, settings: TraceSettings): void {
  remembered.set(imageId, settings);
  lastUsed = settings;
}

/** Forgets every remembered setting (a new session; the tests' fresh start). */
export function forgetTraceSettings(): void {
  remembered.clear();
  lastUsed = DEFAULT_TRACE_SETTINGS;
}

/** The image Trace Colliders… starts on: the selected one, else the only one, else the topmost shown one, else the topmost. */
export function traceTargetOf(images: readonly SceneImage[], selected: string | null): string | null {
  if (selected !== null && images.some((i) => i.id === selected)) return selected;
  const top = [...images].reverse();
  return (top.find((i) => i.visible !== false) ?? top[0])?.id ?? null;
}

/** Why Trace Colliders… cannot run now, or null when it can. */
export function traceRefusal(editor: Editor): string | null {
  return editor.getState().images.length === 0 ? "Trace Colliders needs an image: drop a PNG, JPEG or WebP on the canvas, paste one, or use Add image… in the Images panel" : null;
}

/** Opens Trace Colliders… on `imageId`, or on the image traceTargetOf picks; nothing when there is no image. */
export function openTraceDialog(editor: Editor, imageId?: string): void {
  const { images, selectedImage } = editor.getState();
  const target = imageId !== undefined && images.some((i) => i.id === imageId) ? imageId : traceTargetOf(images, selectedImage);
  if (target === null) return;
  useTraceTarget.setState({ imageId: target });
  openModal("trace");
}
