// Selection commands after Tiled's Select menu: all of the active layer, none, the inverse, and the
// shapes of the selection's kinds or classes. Each takes only what can be picked: shapes of hidden
// or locked layers (and hidden shapes) stay out, as with Select all and the marquee.
import type { Probe, Shape } from "../../core";
import type { Editor } from "../editor/editor";
import { pickable } from "../tools/select/picking";
import { notify, select } from "./actions";
import { selectImage } from "./image-actions";
import { activeLayerOf } from "./layer-actions";

type Item = Shape | Probe;

/** Every pickable shape and every probe that `keep` takes, in draw order then the probes. */
function pickableWhere(editor: Editor, keep: (item: Item) => boolean): string[] {
  const { shapes, probes, layers } = editor.getState();
  return [...shapes.filter((s) => pickable(s, layers) && keep(s)), ...probes.filter(keep)].map((i) => i.id);
}

/**
 * Selects the listed items that can be picked (the Objects list's Ctrl+A and its search's Enter):
 * probes, and shapes outside hidden and locked layers, as Select all takes them; says how many
 * were left out. Returns the ids selected.
 */
export function selectListed(editor: Editor, ids: readonly string[]): string[] {
  const { layers } = editor.getState();
  const picked = ids.filter((id) => {
    const shape = editor.shapeById(id);
    return shape === undefined || pickable(shape, layers);
  });
  select(editor, picked);
  const left = ids.length - picked.length;
  if (left > 0) notify(editor, `${picked.length} of ${ids.length} selected: ${left === 1 ? "one is" : `${left} are`} hidden or on a hidden or locked layer`);
  return picked;
}

/** The shapes and probes selected now. */
function selectedItems(editor: Editor): Item[] {
  const { selection, probes } = editor.getState();
  const probeById = new Map(probes.map((p) => [p.id, p]));
  return selection.flatMap((id) => editor.shapeById(id) ?? probeById.get(id) ?? []);
}

/** The active layer's pickable shapes (Tiled's Select All takes the current layer's objects). */
export function selectAllInLayer(editor: Editor): void {
  const layer = activeLayerOf(editor.getState());
  const first = editor.getState().layers[0]?.id;
  select(editor, pickableWhere(editor, (i) => "layer" in i && (i.layer ?? first) === layer));
}

/** Why the active layer's shapes cannot be selected (hidden, locked, empty), or null. */
export function allInLayerRefusal(editor: Editor): string | null {
  const s = editor.getState();
  const layer = s.layers.find((l) => l.id === activeLayerOf(s));
  if (!layer) return null;
  if (layer.visible === false) return `${layer.name} is hidden: show it first`;
  if (layer.locked === true) return `${layer.name} is locked: unlock it first`;
  return (editor.layerCounts.of(s.shapes).get(layer.id) ?? 0) > 0 ? null : `${layer.name} has no shapes`;
}

/** Nothing selected: shapes, probes and an image. */
export function selectNone(editor: Editor): void {
  select(editor, []);
  selectImage(editor, null);
}

/** Every pickable shape and probe not selected now, and none of those that are (Tiled's Invert Selection). */
export function invertSelection(editor: Editor): void {
  const selected = new Set(editor.getState().selection);
  select(editor, pickableWhere(editor, (i) => !selected.has(i.id)));
}

/** Every pickable shape (and probe) of a kind the selection holds: all the circles, say. */
export function selectSameKind(editor: Editor): void {
  const kinds = new Set(selectedItems(editor).map((i) => i.type));
  select(editor, pickableWhere(editor, (i) => kinds.has(i.type)));
}

/** The classes the selected shapes have (Tiled's class, the Inspector's Class field). */
export const selectedClasses = (editor: Editor): Set<string> => new Set(selectedItems(editor).flatMap((i) => ("class" in i && i.class ? [i.class] : [])));

/** Every pickable shape whose class one of the selected shapes has. */
export function selectSameClass(editor: Editor): void {
  const classes = selectedClasses(editor);
  select(editor, pickableWhere(editor, (i) => "class" in i && i.class !== undefined && classes.has(i.class)));
}
