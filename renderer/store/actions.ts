// Store actions: the only code that writes the editor state.
import { emptyScene, layerOf, sceneLayers, type Probe, type Scene, type SceneProblem, type Shape, type ShapeType } from "../../core";
import { documentOf, history, sameDocument, useEditor, type DocumentSlice, type EditorState, type ThemeName, type ToolId } from "./editor-store";
import { activeLayerOf } from "./layer-actions";

const set = (patch: Partial<EditorState>) => useEditor.setState(patch);
const get = () => useEditor.getState();

export function setTool(tool: ToolId): void {
  set({ tool });
}

export function select(ids: readonly string[]): void {
  set({ selection: ids });
}

/**
 * A fresh id such as "box-3", unique within the document: among shapes and probes both, so a
 * selection id names one thing.
 */
export function nextId(type: ShapeType | Probe["type"], shapes: readonly Shape[], probes: readonly Probe[] = get().probes): string {
  const used = new Set([...shapes.map((s) => s.id), ...probes.map((p) => p.id)]);
  let n = 1;
  while (used.has(`${type}-${n}`)) n++;
  return `${type}-${n}`;
}

/** Adds a shape (to the active layer unless it names one) and selects it. */
export function addShape(shape: Shape): void {
  // An undo may have taken the active layer away: then the top layer takes the shape.
  const placed = shape.layer ? shape : { ...shape, layer: activeLayerOf(get()) };
  set({ shapes: [...get().shapes, placed], selection: [shape.id] });
}

/** Adds shapes (as given, layer included) and probes in one undo step, and selects them. */
export function addItems(shapes: readonly Shape[], probes: readonly Probe[]): void {
  if (shapes.length === 0 && probes.length === 0) return;
  const s = get();
  set({ shapes: [...s.shapes, ...shapes], probes: [...s.probes, ...probes], selection: [...shapes.map((x) => x.id), ...probes.map((p) => p.id)] });
}

export function addProbe(probe: Probe): void {
  set({ probes: [...get().probes, probe], selection: [probe.id] });
}

/** Renames a probe (one undo step); names are free text, empty allowed. */
export function renameProbe(id: string, name: string): void {
  const { probes } = get();
  if (!probes.some((p) => p.id === id && p.name !== name)) return;
  set({ probes: probes.map((p) => (p.id === id ? { ...p, name } : p)) });
}

/** Deletes the selected shapes and probes; a sweep probe goes with the shape it moves. */
export function deleteSelection(): void {
  const { shapes, probes, selection } = get();
  if (selection.length === 0) return;
  const gone = new Set(selection);
  const kept = shapes.filter((s) => !gone.has(s.id));
  const keptProbes = probes.filter((p) => !gone.has(p.id) && !(p.type === "sweep" && gone.has(p.shape)));
  if (kept.length !== shapes.length || keptProbes.length !== probes.length) set({ shapes: kept, probes: keptProbes, selection: [] });
}

/** Replaces one shape by id, keeping its place in the draw order. */
export function updateShape(id: string, patch: Partial<Pick<Shape, "x" | "y" | "rotation">>): void {
  set({ shapes: get().shapes.map((s) => (s.id === id ? ({ ...s, ...patch } as Shape) : s)) });
}

/** Replaces shapes by id with new versions (one history entry unless inside a gesture). */
export function replaceShapes(next: ReadonlyMap<string, Shape>): void {
  if (next.size === 0) return;
  set({ shapes: get().shapes.map((s) => next.get(s.id) ?? s) });
}

let gestureStart: DocumentSlice | null = null;

/** Whether a gesture is under way (a tool checks before each step: undo or open may end it). */
export const gestureActive = (): boolean => gestureStart !== null;

/** Starts a gesture: changes until endGesture() become one undo step. */
export function beginGesture(): void {
  if (gestureStart) return;
  gestureStart = documentOf(get());
  history().pause();
}

export function endGesture(): void {
  if (!gestureStart) return;
  const start = gestureStart;
  const final = documentOf(get());
  gestureStart = null;
  // Rewind while paused, then apply the end state with history on: one entry for the gesture.
  set(start);
  history().resume();
  if (!sameDocument(final, start)) set(final);
}

/** Escape during a gesture: back to the state before it, with nothing recorded. */
export function cancelGesture(): void {
  if (!gestureStart) return;
  set(gestureStart);
  gestureStart = null;
  history().resume();
}

export function undo(): void {
  if (gestureStart) cancelGesture();
  history().undo();
  pruneSelection();
}

export function redo(): void {
  if (gestureStart) cancelGesture();
  history().redo();
  pruneSelection();
}

function pruneSelection(): void {
  const ids = new Set([...get().shapes.map((s) => s.id), ...get().probes.map((p) => p.id)]);
  const { selection } = get();
  if (selection.some((id) => !ids.has(id))) set({ selection: selection.filter((id) => ids.has(id)) });
}

/**
 * Replaces the document with an opened scene; history starts afresh. `unsaved` (an import) starts
 * it as never saved, so the title shows the mark and closing asks first.
 */
/** A scene as the store holds it (every shape naming its layer), made before it is loaded. */
export interface PreparedDocument {
  readonly doc: DocumentSlice;
  readonly extras: Readonly<Record<string, unknown>>;
}

/**
 * What loadDocument puts in the store for `scene`, without loading it: an open can build the
 * world for these very shape objects first (loading them then finds it ready).
 */
export function prepareDocument(scene: Scene): PreparedDocument {
  const { format: _f, version: _v, shapes: loaded, probes, layers: _l, collisionLayers = [], ...extras } = scene;
  const layers = sceneLayers(scene);
  // Every shape names its layer in the store, so reordering layers never moves a shape.
  const shapes = loaded.map((s) => (s.layer ? s : { ...s, layer: layerOf(s, layers) }));
  return { doc: { shapes, probes, layers, collisionLayers }, extras };
}

export function loadDocument(scene: Scene, file: { name: string; path?: string }, options: { unsaved?: boolean } = {}): void {
  loadPrepared(prepareDocument(scene), file, options);
}

/**
 * Loads a scene prepareDocument made. Its own function, not a branch of loadDocument on the
 * argument's keys: a scene file may carry any unknown top-level field, "doc" too (regression).
 */
export function loadPrepared({ doc, extras }: PreparedDocument, file: { name: string; path?: string }, options: { unsaved?: boolean } = {}): void {
  // A drag under way belongs to the old document: end it before history starts afresh.
  if (gestureStart) cancelGesture();
  history().pause();
  const saved: DocumentSlice = options.unsaved ? { shapes: [], probes: [], layers: [], collisionLayers: [] } : doc;
  set({ ...doc, saved, activeLayer: doc.layers.at(-1)!.id, extras, selection: [], file, problems: null, notice: `Opened ${file.name}` });
  history().resume();
  history().clear();
}

export function currentScene(): Scene {
  const { shapes, probes, layers, collisionLayers, extras } = get();
  return { ...emptyScene(), ...extras, layers, collisionLayers, shapes, probes };
}

/** `written` is what was saved: edits made while the save was under way stay unsaved. */
export function markSaved(written: DocumentSlice, file: { name: string; path?: string }): void {
  set({ saved: written, file, notice: `Saved ${file.name}` });
}

export function showProblems(file: string, list: readonly SceneProblem[], heading?: string): void {
  set({ problems: heading === undefined ? { file, list } : { file, list, heading } });
}

export function dismissProblems(): void {
  set({ problems: null });
}

export function notify(notice: string | null): void {
  set({ notice });
}

export function setTheme(theme: ThemeName): void {
  set({ theme });
}

export function toggleTheme(): void {
  setTheme(get().theme === "dark" ? "light" : "dark");
}
