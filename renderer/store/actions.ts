// Document and editor-state actions: functions of an Editor, the only code that writes its state
// (besides the Editor's own history). Each write of the document outside a gesture is one undo step.
import { baseShapeIds, emptyScene, layerOf, sceneLayers, type JsonValue, type Point, type Probe, type Scene, type SceneProblem, type Shape, type ShapeType } from "../../core";
import { withoutControlCharacters } from "../../core/scene/field-rules";
import type { Editor } from "../editor/editor";
import { NO_EXPORT_OPTIONS, NO_REMOVED, type DocumentSlice, type EditorState, type FileState, type ProblemsKind, type ThemeName, type ToolId } from "../editor/state";
import { activeLayerOf, activeLayerRefusal, lockedLayerOf } from "./layer-actions";
import { rememberedActiveLayer } from "./layer-session";
import { rememberedView } from "./view-session";

/** "1 item", "3 items". */
export const items = (n: number): string => `${n} item${n === 1 ? "" : "s"}`;

export function setTool(editor: Editor, tool: ToolId): void {
  editor.tools.setTool(tool);
}

export function select(editor: Editor, ids: readonly string[]): void {
  editor.update({ selection: ids });
}

/**
 * A fresh id such as "box-3", unique within the document: among shapes and probes both, so a
 * selection id names one thing; and none of `reserved` (the Tiled map's base ids, reservedIds).
 */
export function nextId(type: ShapeType | Probe["type"], shapes: readonly Shape[], probes: readonly Probe[], reserved: ReadonlySet<string> = new Set()): string {
  const used = new Set<string>();
  const prefix = `${type}-`;
  for (const s of shapes) if (s.id.startsWith(prefix)) used.add(s.id);
  for (const p of probes) if (p.id.startsWith(prefix)) used.add(p.id);
  let n = 1;
  while (used.has(`${prefix}${n}`) || reserved.has(`${prefix}${n}`)) n++;
  return `${prefix}${n}`;
}

/**
 * The ids a new shape must not take besides the document's own: those of the Tiled map's objects
 * as last written (`tiledMap.base`), whose shapes may since have been deleted (baseShapeIds), and
 * those of the objects Save to Map removed (`tiledRemoved`), which an undo may bring back.
 */
export const reservedIds = (state: Reserving): ReadonlySet<string> => new Set([...baseShapeIds(mapBase(state.extras ?? {})), ...(state.tiledRemoved?.keys() ?? [])]);

/** What reservedIds reads of a document: its extras, and the objects Save to Map removed. */
export type Reserving = Partial<Pick<EditorState, "extras" | "tiledRemoved">>;

/** The document's Tiled map's base (`tiledMap.base`), if it has one. */
export function mapBase(extras: Readonly<Record<string, unknown>>): JsonValue | undefined {
  const map = extras.tiledMap;
  return typeof map === "object" && map !== null && !Array.isArray(map) ? (map as { readonly base?: JsonValue }).base : undefined;
}

/** The ids a new item must not take: the document's shapes' and probes', and reservedIds. */
export function idsInUse(state: Pick<EditorState, "shapes" | "probes"> & Reserving): Set<string> {
  return new Set([...state.shapes.map((s) => s.id), ...state.probes.map((p) => p.id), ...reservedIds(state)]);
}

/** A fresh id for the editor's document. */
export const freshId = (editor: Editor, type: ShapeType | Probe["type"]): string => nextId(type, editor.getState().shapes, editor.getState().probes, reservedIds(editor.getState()));

/**
 * Whether new shapes may go to the active layer; when not (it is locked or hidden), the status bar
 * says why, naming the layer, and false is returned. Every action that adds shapes asks first.
 */
export function activeLayerTakesShapes(editor: Editor): boolean {
  const refused = activeLayerRefusal(editor.getState());
  if (refused) notify(editor, refused);
  return refused === null;
}

/** Adds a shape (to the active layer unless it names one) and selects it; refused on a locked or hidden active layer. */
export function addShape(editor: Editor, shape: Shape): void {
  if (!shape.layer && !activeLayerTakesShapes(editor)) return;
  const s = editor.getState();
  // An undo may have taken the active layer away: then the top layer takes the shape.
  const placed = shape.layer ? shape : { ...shape, layer: activeLayerOf(s) };
  editor.update({ shapes: [...s.shapes, placed], selection: [shape.id] });
}

/** Adds shapes (as given, layer included) and probes in one undo step named `label` ("Paste 2 items"; absent: "Add …"), and selects them. */
export function addItems(editor: Editor, shapes: readonly Shape[], probes: readonly Probe[], label?: string): void {
  if (shapes.length === 0 && probes.length === 0) return;
  const s = editor.getState();
  editor.update({ shapes: [...s.shapes, ...shapes], probes: [...s.probes, ...probes], selection: [...shapes.map((x) => x.id), ...probes.map((p) => p.id)] }, { label });
}

export function addProbe(editor: Editor, probe: Probe): void {
  editor.update({ probes: [...editor.getState().probes, probe], selection: [probe.id] });
}

/** Renames a probe (one undo step); names are free text, empty allowed. */
/** Renames a probe as its name is typed; control characters (which the format refuses) are left out. */
export function renameProbe(editor: Editor, id: string, typed: string): void {
  const name = withoutControlCharacters(typed);
  const { probes } = editor.getState();
  if (!probes.some((p) => p.id === id && p.name !== name)) return;
  editor.update({ probes: probes.map((p) => (p.id === id ? { ...p, name } : p)) });
}

/**
 * Deletes the selected shapes and probes (a sweep probe goes with the shape it moves), or the
 * selected image. Shapes on a locked layer (selected from a panel) stay, and the status bar says why.
 * `label` names the undo step where "Delete …" would not (a cut).
 */
export function deleteSelection(editor: Editor, label?: string): void {
  const { shapes, probes, selection, selectedImage, images, layers } = editor.getState();
  if (selectedImage !== null) {
    editor.update({ images: images.filter((i) => i.id !== selectedImage), selectedImage: null }, { label: label && `${label} image ${selectedImage}` });
    return;
  }
  if (selection.length === 0) return;
  const locked = editor.shapesWithIds(selection).map((x) => lockedLayerOf(x, layers)).find((l) => l !== undefined);
  if (locked) {
    notify(editor, `Layer '${locked.name}' is locked: unlock it to delete its shapes`);
    return;
  }
  const gone = new Set(selection);
  const kept = shapes.filter((s) => !gone.has(s.id));
  const keptProbes = probes.filter((p) => !gone.has(p.id) && !(p.type === "sweep" && gone.has(p.shape)));
  if (kept.length !== shapes.length || keptProbes.length !== probes.length) editor.update({ shapes: kept, probes: keptProbes, selection: [] }, { label: label && `${label} ${items(shapes.length - kept.length + probes.length - keptProbes.length)}` });
}

/** Replaces one shape by id, keeping its place in the draw order. */
export function updateShape(editor: Editor, id: string, patch: Partial<Pick<Shape, "x" | "y" | "rotation">>): void {
  const at = editor.documentWorld().lookup(id);
  if (!at) return;
  replaceShapes(editor, new Map([[id, { ...at.shape, ...patch } as Shape]]));
}

/** The document's shapes with `next` put in place of those with their ids (the same array when nothing changes). */
function shapesReplaced(editor: Editor, next: ReadonlyMap<string, Shape>): readonly Shape[] {
  const { shapes } = editor.getState();
  let out: Shape[] | null = null;
  for (const [id, shape] of next) {
    const at = editor.documentWorld().lookup(id);
    if (!at || shapes[at.index] === shape) continue;
    out ??= [...shapes];
    out[at.index] = shape;
  }
  return out ?? shapes;
}

/** Replaces shapes by id with new versions, each where it stands (one undo step unless inside a gesture). */
export function replaceShapes(editor: Editor, next: ReadonlyMap<string, Shape>): void {
  const shapes = shapesReplaced(editor, next);
  if (shapes !== editor.getState().shapes) editor.update({ shapes });
}

const shift = (p: Point, dx: number, dy: number): Point => [p[0] + dx, p[1] + dy];

/** A probe moved by (dx, dy): a sweep by its target (it starts at its shape), a ray whole or by one end. */
export function moveProbe(p: Probe, dx: number, dy: number, end?: "from" | "to"): Probe {
  if (p.type === "sweep") return { ...p, to: shift(p.to, dx, dy) };
  if (end === "from") return { ...p, from: shift(p.from, dx, dy) };
  if (end === "to") return { ...p, to: shift(p.to, dx, dy) };
  return { ...p, from: shift(p.from, dx, dy), to: shift(p.to, dx, dy) };
}

/**
 * Puts shapes and probes at (dx, dy) from `shapes` and `probes`, their versions at a drag's start
 * (each keeps its place in the document); `end` moves one end of a ray.
 */
export function moveItemsFrom(editor: Editor, shapes: readonly Shape[], probes: readonly Probe[], dx: number, dy: number, end?: "from" | "to"): void {
  const moved = new Map(probes.map((p) => [p.id, moveProbe(p, dx, dy, end)]));
  const state = editor.getState();
  editor.update({
    shapes: shapes.length === 0 ? state.shapes : shapesReplaced(editor, new Map(shapes.map((s) => [s.id, { ...s, x: s.x + dx, y: s.y + dy }]))),
    probes: moved.size === 0 ? state.probes : state.probes.map((p) => moved.get(p.id) ?? p),
  });
}

/** Puts new versions of shapes and probes in place of those with their ids, each where it stands. */
export function replaceItems(editor: Editor, shapes: readonly Shape[], probes: readonly Probe[]): void {
  const next = new Map(probes.map((p) => [p.id, p]));
  const state = editor.getState();
  editor.update({
    shapes: shapes.length === 0 ? state.shapes : shapesReplaced(editor, new Map(shapes.map((s) => [s.id, s]))),
    probes: next.size === 0 ? state.probes : state.probes.map((p) => next.get(p.id) ?? p),
  });
}

export const beginGesture = (editor: Editor): void => editor.beginGesture();
export const endGesture = (editor: Editor): void => editor.endGesture();
export const cancelGesture = (editor: Editor): void => editor.cancelGesture();
export const undo = (editor: Editor): void => editor.undo();
export const redo = (editor: Editor): void => editor.redo();

/** A scene as the store holds it (every shape naming its layer), made before it is loaded. */
export interface PreparedDocument {
  /** The scene's grid cell when it has one; without, loading keeps the editor's. */
  readonly doc: Omit<DocumentSlice, "gridSize"> & { readonly gridSize?: number };
  readonly extras: Readonly<Record<string, unknown>>;
}

/**
 * What loadDocument puts in the store for `scene`, without loading it: an open can build the
 * world for these very shape objects first (loading them then finds it ready).
 */
export function prepareDocument(scene: Scene): PreparedDocument {
  const { format: _f, version: _v, shapes: loaded, probes, layers: _l, collisionLayers = [], images = [], gridSize, exportOptions = NO_EXPORT_OPTIONS, ...extras } = scene;
  const layers = sceneLayers(scene);
  // Every shape names its layer in the store, so reordering layers never moves a shape.
  const shapes = loaded.map((s) => (s.layer ? s : { ...s, layer: layerOf(s, layers) }));
  return { doc: { shapes, probes, layers, collisionLayers, images, exportOptions, ...(gridSize === undefined ? {} : { gridSize }) }, extras };
}

/**
 * Replaces the document with an opened scene; history starts afresh. `unsaved` (an import) starts
 * it as never saved, so the title shows the mark and closing asks first.
 */
export function loadDocument(editor: Editor, scene: Scene, file: FileState, options: { unsaved?: boolean } = {}): boolean {
  return loadPrepared(editor, prepareDocument(scene), file, options);
}

/**
 * Loads a scene prepareDocument made. Its own function, not a branch of loadDocument on the
 * argument's keys: a scene file may carry any unknown top-level field, "doc" too (regression).
 */
export function loadPrepared(editor: Editor, prepared: PreparedDocument, file: FileState, options: { unsaved?: boolean } = {}): boolean {
  const { extras } = prepared;
  // A drag under way belongs to the old document: end it before history starts afresh.
  editor.cancelGesture();
  editor.tools.cancel();
  // A scene without a grid cell keeps the one in use, as if it had said so (it is written on save).
  const doc: DocumentSlice = { ...prepared.doc, gridSize: prepared.doc.gridSize ?? editor.getState().gridSize };
  const saved: DocumentSlice = options.unsaved ? { shapes: [], probes: [], layers: [], collisionLayers: [], images: [], gridSize: doc.gridSize, exportOptions: doc.exportOptions } : doc;
  // The layer this file was last left with (layer-session.ts), else the topmost one a shape can be
  // drawn on (neither locked nor hidden), else the top one.
  const open = [...doc.layers].reverse().find((l) => l.locked !== true && l.visible !== false) ?? doc.layers.at(-1)!;
  const activeLayer = (options.unsaved ? null : rememberedActiveLayer(file, doc.layers)) ?? open.id;
  // The zoom and scroll this file was left with (view-session.ts); else the view stays as it was.
  const view = options.unsaved ? null : rememberedView(file);
  editor.update({ ...doc, ...(view ? { view } : {}), saved, savedExtras: extras, activeLayer, extras, tiledRemoved: NO_REMOVED, selection: [], file, problems: null, mapGridPending: "tiledMap" in extras && prepared.doc.gridSize === undefined }, { record: false });
  editor.history.clear();
  notify(editor, `Opened ${file.name}`);
  return view !== null;
}

export function currentScene(editor: Editor): Scene {
  const { shapes, probes, layers, collisionLayers, images, gridSize, exportOptions, extras } = editor.getState();
  return { ...emptyScene(), ...extras, gridSize, ...(Object.keys(exportOptions).length === 0 ? {} : { exportOptions }), layers, collisionLayers, images, shapes, probes };
}

/** `written` (and `writtenExtras`) is what was saved: edits made while the save was under way stay unsaved. */
export function markSaved(editor: Editor, written: DocumentSlice, file: { name: string; path?: string }, writtenExtras = editor.getState().extras): void {
  editor.update({ saved: written, savedExtras: writtenExtras, file });
  notify(editor, `Saved ${file.name}`);
}

export function showProblems(editor: Editor, kind: ProblemsKind, file: string, list: readonly SceneProblem[], heading?: string): void {
  editor.update({ problems: heading === undefined ? { kind, file, list } : { kind, file, list, heading } });
}

/**
 * An outcome too long for the status line, which fades: the status line says `notice` in short
 * (with "(see the list)" when there is one), the problems list under the canvas shows every line
 * under `heading` until dismissed. The list is this outcome's: an empty one clears the list an
 * earlier outcome left (an export without warnings after one with them), so the list never
 * contradicts the status line.
 */
export function notifyWithList(editor: Editor, kind: ProblemsKind, notice: string, heading: string, file: string, list: readonly SceneProblem[]): void {
  if (list.length > 0) showProblems(editor, kind, file, list, heading);
  else if (editor.getState().problems !== null) dismissProblems(editor);
  notify(editor, list.length > 0 ? `${notice} (see the list)` : notice);
}

/** Lines of text as the problems list's entries (no JSON path). */
export const listLines = (lines: readonly string[]): SceneProblem[] => lines.map((message) => ({ path: "", message }));

/** "1 note", "3 notes". */
export const counted = (n: number, what: string): string => `${n.toLocaleString("en")} ${what}${n === 1 ? "" : "s"}`;

export function dismissProblems(editor: Editor): void {
  editor.update({ problems: null });
}

/** `detail`: the notice in full, for the status line's tooltip, where `notice` says it short. */
export function notify(editor: Editor, notice: string | null, detail: string | null = null): void {
  editor.update(notice === null ? { notice } : { notice, noticeId: editor.getState().noticeId + 1, noticeDetail: detail });
}

export function setTheme(editor: Editor, theme: ThemeName): void {
  editor.update({ theme });
}

export function toggleTheme(editor: Editor): void {
  setTheme(editor, editor.getState().theme === "dark" ? "light" : "dark");
}
