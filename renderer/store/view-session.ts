// The view (zoom and scroll) of each scene file, kept across opens and runs as Tiled's session
// restores a map's zoom and scroll ("scale", "viewCenter"), beside the active layer (file-session.ts).
// A view changes many times a second while panning: it is written once it rests (VIEW_WRITE_DELAY),
// at once when another file opens, and when the page goes away.
import type { Editor } from "../editor/editor";
import type { FileState } from "../editor/state";
import { rememberedFor, rememberFor } from "./file-session";
import type { ViewState } from "./preferences";
import { MAX_SCALE, MIN_SCALE } from "./view";

const KEY = "collider-studio.views";
/** Milliseconds a view rests before it is written. */
export const VIEW_WRITE_DELAY = 300;

const isView = (v: unknown): v is ViewState => {
  if (typeof v !== "object" || v === null) return false;
  const { x, y, scale } = v as Record<string, unknown>;
  return typeof x === "number" && Number.isFinite(x) && typeof y === "number" && Number.isFinite(y) && typeof scale === "number" && scale >= MIN_SCALE && scale <= MAX_SCALE;
};

const sameView = (a: unknown, b: unknown): boolean => isView(a) && isView(b) && a.x === b.x && a.y === b.y && a.scale === b.scale;

/** The view `file` was last left with, or null (none, or a malformed one). */
export function rememberedView(file: FileState): ViewState | null {
  const v = rememberedFor(KEY, file);
  return isView(v) ? { x: v.x, y: v.y, scale: v.scale } : null;
}

/** Remembers the open file's view as it changes (and under its new name after Save As); returns the unsubscribe, which writes what is pending. */
export function followView(editor: Editor): () => void {
  let pending: { file: FileState; view: ViewState } | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (pending) rememberFor(KEY, pending.file, pending.view, sameView);
    pending = null;
  };
  const unsubscribe = editor.store.subscribe((s, prev) => {
    if (s.view === prev.view && s.file === prev.file) return;
    // The file left keeps the view it was left with.
    if (s.file !== prev.file) flush();
    pending = { file: s.file, view: s.view };
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(flush, VIEW_WRITE_DELAY);
  });
  const onHide = () => flush();
  if (typeof window !== "undefined") window.addEventListener("pagehide", onHide);
  return () => {
    unsubscribe();
    if (typeof window !== "undefined") window.removeEventListener("pagehide", onHide);
    flush();
  };
}
