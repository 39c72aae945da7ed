// Editor layers: pure functions computing the next document, and thin wrappers that write the store.
// Every write is one undo step; the active layer is not part of the document (not undoable).
import type { Layer, Probe, Shape } from "../../core";
import { controlCharacterProblem } from "../../core/scene/field-rules";
import type { Editor } from "../editor/editor";
import type { DocumentSlice } from "../editor/state";
import { keepLayerLooks } from "./layer-colours";
import { replacedInPlace } from "./replaced-in-place";

/** A change to the document, or the reason it was refused (the document is then untouched). */
export type Edit<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly message: string };

type LayerDoc = Pick<DocumentSlice, "shapes" | "probes" | "layers">;

/** A fresh id "layer-N" and name "Layer N", unique among the layers. */
export function newLayer(layers: readonly Layer[]): Layer {
  const ids = new Set(layers.map((l) => l.id));
  const names = new Set(layers.map((l) => l.name));
  let n = layers.length + 1;
  while (ids.has(`layer-${n}`) || names.has(`Layer ${n}`)) n++;
  return { id: `layer-${n}`, name: `Layer ${n}` };
}

/** Adds a layer just above `above` (at the top when it is not found), as Tiled does. */
export function layersWithNew(layers: readonly Layer[], above: string): { readonly layers: readonly Layer[]; readonly layer: Layer } {
  const layer = newLayer(layers);
  const at = layers.findIndex((l) => l.id === above);
  const index = at < 0 ? layers.length : at + 1;
  return { layers: [...layers.slice(0, index), layer, ...layers.slice(index)], layer };
}

export function layersRenamed(layers: readonly Layer[], id: string, name: string): Edit<readonly Layer[]> {
  const trimmed = name.trim();
  if (trimmed === "") return { ok: false, message: "a layer needs a name" };
  const problem = controlCharacterProblem(trimmed);
  if (problem) return { ok: false, message: problem };
  return { ok: true, value: layers.map((l) => (l.id === id ? { ...l, name: trimmed } : l)) };
}

/** A layer colour as the file holds it: "#rrggbb". */
const LAYER_COLOUR = /^#[0-9a-fA-F]{6}$/;

/** Gives a layer its own colour ("#rrggbb", written lowercase), or takes it away (null: the palette's for its place). */
export function layersColoured(layers: readonly Layer[], id: string, color: string | null): Edit<readonly Layer[]> {
  if (color !== null && !LAYER_COLOUR.test(color)) return { ok: false, message: 'a layer colour is "#rrggbb"' };
  return {
    ok: true,
    value: layers.map((l) => {
      if (l.id !== id) return l;
      const { color: _old, ...rest } = l;
      return color === null ? rest : { ...rest, color: color.toLowerCase() };
    }),
  };
}

/** Moves a layer `delta` places up the draw order (+1 = towards the top); clamps at the ends. */
export function layersMoved(layers: readonly Layer[], id: string, delta: number): readonly Layer[] {
  const from = layers.findIndex((l) => l.id === id);
  const to = Math.max(0, Math.min(layers.length - 1, from + delta));
  if (from < 0 || to === from) return layers;
  const next = [...layers];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

/** Sets `visible` or `locked`; the default (visible, unlocked) is written as an absent field. */
export function layersFlagged(layers: readonly Layer[], id: string, flag: "visible" | "locked", on: boolean): readonly Layer[] {
  return layers.map((l) => {
    if (l.id !== id) return l;
    const { [flag]: _old, ...rest } = l;
    const isDefault = flag === "visible" ? on : !on;
    return isDefault ? rest : { ...rest, [flag]: on };
  });
}

/** The layer a deleted layer's shapes go to: the one below it, or above when it is the bottom. */
export function neighbourLayer(layers: readonly Layer[], id: string): Layer | undefined {
  const i = layers.findIndex((l) => l.id === id);
  if (i < 0) return undefined;
  return layers[i - 1] ?? layers[i + 1];
}

/**
 * Deletes a layer; its shapes move to `moveTo` (a layer id) or are deleted with it (null), and a
 * sweep probe goes with the shape it moves. The last layer is never deleted.
 */
export function documentWithoutLayer(doc: LayerDoc, id: string, moveTo: string | null): Edit<LayerDoc> {
  if (!doc.layers.some((l) => l.id === id)) return { ok: false, message: `no layer ${id}` };
  if (doc.layers.length <= 1) return { ok: false, message: "a scene keeps at least one layer" };
  if (moveTo !== null && (moveTo === id || !doc.layers.some((l) => l.id === moveTo))) return { ok: false, message: `cannot move shapes to ${moveTo}` };
  const layers = doc.layers.filter((l) => l.id !== id);
  if (moveTo !== null) {
    const shapes = doc.shapes.map((s) => (s.layer === id ? { ...s, layer: moveTo } : s));
    return { ok: true, value: { ...doc, layers, shapes } };
  }
  const gone = new Set(doc.shapes.filter((s) => s.layer === id).map((s) => s.id));
  const shapes = doc.shapes.filter((s) => !gone.has(s.id));
  const probes: readonly Probe[] = doc.probes.filter((p) => !(p.type === "sweep" && gone.has(p.shape)));
  return { ok: true, value: { ...doc, layers, shapes, probes } };
}

/** Puts the shapes `ids` on layer `layer`, keeping everything else (and the array when nothing changes). */
export function shapesOnLayer(shapes: readonly Shape[], ids: readonly string[], layer: string): readonly Shape[] {
  const moving = new Set(ids);
  if (!shapes.some((s) => moving.has(s.id) && s.layer !== layer)) return shapes;
  return shapes.map((s) => (moving.has(s.id) && s.layer !== layer ? { ...s, layer } : s));
}

/**
 * Shapes per layer, following the document (the Editor holds one). The layers panel asks on every
 * drag step: when only some shape objects were replaced (same length, same ids), the last counts
 * are kept unless one of them changed layer.
 */
export class ShapeCounts {
  private shapes: readonly Shape[] | null = null;
  private counts: ReadonlyMap<string, number> = new Map();

  of(shapes: readonly Shape[]): ReadonlyMap<string, number> {
    const before = this.shapes;
    if (shapes === before) return this.counts;
    const replaced = before && replacedInPlace(before, shapes);
    this.shapes = shapes;
    if (replaced && replaced.every((i) => before![i]!.layer === shapes[i]!.layer)) return this.counts;
    const counts = new Map<string, number>();
    for (const s of shapes) if (s.layer) counts.set(s.layer, (counts.get(s.layer) ?? 0) + 1);
    this.counts = counts;
    return counts;
  }
}

/** The active layer, or the top one when it no longer exists (an undo took it away). */
export function activeLayerOf(state: { readonly layers: readonly Layer[]; readonly activeLayer: string }): string {
  return state.layers.some((l) => l.id === state.activeLayer) ? state.activeLayer : state.layers.at(-1)!.id;
}

/**
 * Why shapes cannot be added to the active layer, naming it (a locked layer's shapes cannot be
 * edited, a hidden layer's cannot be seen or picked: Tiled refuses both), or null when they can.
 */
export function activeLayerRefusal(state: { readonly layers: readonly Layer[]; readonly activeLayer: string }): string | null {
  const id = activeLayerOf(state);
  const layer = state.layers.find((l) => l.id === id)!;
  if (layer.locked === true) return `Layer '${layer.name}' is locked: unlock it or pick another layer`;
  if (layer.visible === false) return `Layer '${layer.name}' is hidden: show it or pick another layer`;
  return null;
}

/** The layer of `shape` when it is locked (its shapes cannot be edited), else undefined. */
export function lockedLayerOf(shape: Shape, layers: readonly Layer[]): Layer | undefined {
  const id = shape.layer ?? layers[0]?.id;
  const layer = layers.find((l) => l.id === id);
  return layer?.locked === true ? layer : undefined;
}

/** Why shapes cannot be moved onto `target` (a locked layer takes none, as it takes no paste), or null. */
export function lockedTargetRefusal(target: Layer | undefined): string | null {
  return target?.locked === true ? `Layer '${target.name}' is locked: unlock it to move shapes onto it` : null;
}

/** Why the shapes cannot be edited (one of them is on a locked layer, named), or null when they can. */
export function lockedEditRefusal(shapes: readonly Shape[], layers: readonly Layer[]): string | null {
  for (const s of shapes) {
    const layer = lockedLayerOf(s, layers);
    if (layer) return `Layer '${layer.name}' is locked: unlock it to edit its shapes`;
  }
  return null;
}

/** Whether a shape's layer lets it stay selected (shown and unlocked; the shape's own visibility aside). */
export function layerLetsSelect(shape: Shape, layers: readonly Layer[]): boolean {
  const id = shape.layer ?? layers[0]?.id;
  const layer = layers.find((l) => l.id === id);
  return layer?.visible !== false && layer?.locked !== true;
}

// Wrappers: the only writers of layers in the store.
export function setActiveLayer(editor: Editor, id: string): void {
  if (editor.getState().layers.some((l) => l.id === id)) editor.update({ activeLayer: id });
}

/** Adds a layer above the active one and makes it active. */
export function addLayer(editor: Editor): string {
  const before = editor.getState().layers;
  const { layers, layer } = layersWithNew(before, activeLayerOf(editor.getState()));
  editor.update({ layers: keepLayerLooks(before, layers), activeLayer: layer.id });
  return layer.id;
}

export function renameLayer(editor: Editor, id: string, name: string): Edit<null> {
  const { layers } = editor.getState();
  const result = layersRenamed(layers, id, name);
  if (!result.ok) return result;
  if (layers.find((l) => l.id === id)?.name !== name.trim()) editor.update({ layers: result.value });
  return { ok: true, value: null };
}

export function moveLayer(editor: Editor, id: string, delta: number): void {
  const before = editor.getState().layers;
  const layers = layersMoved(before, id, delta);
  if (layers !== before) editor.update({ layers: keepLayerLooks(before, layers) }, { label: `${delta > 0 ? "Raise" : "Lower"} layer ${before.find((l) => l.id === id)!.name}` });
}

/** Sets a layer's colour or takes it away (null); one undo step, none when it is already so. */
export function setLayerColor(editor: Editor, id: string, color: string | null): Edit<null> {
  const { layers } = editor.getState();
  const result = layersColoured(layers, id, color);
  if (!result.ok) return result;
  if (layers.find((l) => l.id === id)?.color !== result.value.find((l) => l.id === id)?.color) editor.update({ layers: result.value });
  return { ok: true, value: null };
}

/** Hides or shows a layer; hidden or locked shapes leave the selection (they cannot be picked). */
export function setLayerFlag(editor: Editor, id: string, flag: "visible" | "locked", on: boolean): void {
  const { layers, selection } = editor.getState();
  const layer = layers.find((l) => l.id === id);
  if (!layer || (layer[flag] ?? flag === "visible") === on) return;
  const unpickable = flag === "visible" ? !on : on;
  const leaving = (sid: string) => unpickable && editor.shapeById(sid)?.layer === id;
  editor.update({ layers: layersFlagged(layers, id, flag, on), selection: selection.filter((s) => !leaving(s)) });
}

export function deleteLayer(editor: Editor, id: string, moveTo: string | null): Edit<null> {
  const state = editor.getState();
  const result = documentWithoutLayer(state, id, moveTo);
  if (!result.ok) return result;
  const ids = new Set([...result.value.shapes.map((s) => s.id), ...result.value.probes.map((p) => p.id)]);
  const activeLayer = state.activeLayer === id ? (moveTo ?? neighbourLayer(state.layers, id)!.id) : state.activeLayer;
  editor.update({ ...result.value, layers: keepLayerLooks(state.layers, result.value.layers), activeLayer, selection: state.selection.filter((s) => ids.has(s)) });
  return { ok: true, value: null };
}

/**
 * Moves the selected shapes to a layer (one undo step); refused (the message returned) when one is
 * on a locked layer. Shapes moved to a hidden or locked layer leave the selection, as locking does.
 */
export function moveSelectionToLayer(editor: Editor, layer: string): string | null {
  const { shapes, selection, layers } = editor.getState();
  const refused = lockedEditRefusal(editor.shapesWithIds(selection), layers);
  if (refused) return refused;
  const target = layers.find((l) => l.id === layer);
  const closed = lockedTargetRefusal(target);
  if (closed) return closed;
  const next = shapesOnLayer(shapes, selection, layer);
  const keep = target?.visible !== false;
  if (next !== shapes) editor.update(keep ? { shapes: next } : { shapes: next, selection: selection.filter((id) => editor.shapeById(id) === undefined) });
  return null;
}
