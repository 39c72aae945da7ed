// The Layer menu, as Tiled's: a new layer, the active layer raised or lowered, the layer above or
// below made active, the active layer shown or hidden and locked or unlocked, an empty layer
// deleted: each on the active layer, as the Layers panel's own buttons act on theirs. And the
// selected shapes moved to the layer above or below their own. Each edit is one undo step.
import type { Editor } from "../editor/editor";
import { notify } from "../store/actions";
import { activeLayerOf, addLayer, deleteLayer, layerLetsSelect, lockedEditRefusal, lockedTargetRefusal, moveLayer, setActiveLayer, setLayerFlag } from "../store/layer-actions";
import type { Action } from "./types";

/** The active layer's place in the draw order (0 the bottom) and the layers. */
function active(editor: Editor) {
  const state = editor.getState(), id = activeLayerOf(state), layers = state.layers;
  return { id, layers, at: layers.findIndex((l) => l.id === id), layer: layers.find((l) => l.id === id)! };
}

/** The layer `delta` places up from the active one (+1 above), or undefined at an end. */
const neighbour = (editor: Editor, delta: number) => {
  const { layers, at } = active(editor);
  return layers[at + delta];
};

/**
 * Each selected shape's layer and the layer `delta` places up from it (+1 above), or null when a
 * selected shape's layer has none that way (or nothing is selected).
 */
function selectionSteps(editor: Editor, delta: number): Map<string, string> | null {
  const { layers, selection } = editor.getState(), fallback = activeLayerOf(editor.getState());
  const steps = new Map<string, string>();
  for (const id of selection) {
    const shape = editor.shapeById(id);
    if (!shape) continue;
    const from = shape.layer ?? fallback, to = layers[layers.findIndex((l) => l.id === from) + delta];
    if (!to) return null;
    steps.set(from, to.id);
  }
  return steps.size > 0 ? steps : null;
}

/** Moves each selected shape to the layer above or below its own (one undo step); the active layer follows. */
function moveSelection(editor: Editor, delta: number): void {
  const steps = selectionSteps(editor, delta);
  if (!steps) return;
  const { shapes, selection, layers } = editor.getState(), picked = new Set(selection);
  const refused = lockedEditRefusal(editor.shapesWithIds(selection), layers);
  if (refused) {
    notify(editor, refused);
    return;
  }
  // A locked layer takes no new shapes, as Move selection here and paste refuse.
  const closed = [...steps.values()].map((id) => lockedTargetRefusal(layers.find((l) => l.id === id))).find((r) => r !== null);
  if (closed) {
    notify(editor, closed);
    return;
  }
  const fallback = activeLayerOf(editor.getState());
  // Each shape's target from its layer before the move (a shape moved up from A to B is not moved on from B to C).
  const next = shapes.map((s) => (picked.has(s.id) ? { ...s, layer: steps.get(s.layer ?? fallback)! } : s));
  const target = [...steps.values()].at(-1)!;
  // A shape moved onto a hidden or locked layer leaves the selection, as locking its layer does.
  const dropped = new Set(next.filter((s) => picked.has(s.id) && !layerLetsSelect(s, layers)).map((s) => s.id));
  editor.update({ shapes: next, activeLayer: target, selection: dropped.size === 0 ? selection : selection.filter((id) => !dropped.has(id)) });
  notify(editor, `Moved the selection to ${steps.size === 1 ? layers.find((l) => l.id === target)!.name : `the layer ${delta > 0 ? "above" : "below"} each shape's`}`);
}

const hasNeighbour = (delta: number) => (editor: Editor) => neighbour(editor, delta) !== undefined;
const selectionMoves = (delta: number) => (editor: Editor) => selectionSteps(editor, delta) !== null;

export const LAYER_ACTIONS: readonly Action[] = [
  { id: "layer.new", label: "New Layer", group: "Layer", section: "edit", keys: [], run: (editor) => void addLayer(editor) },
  {
    id: "layer.delete", label: "Delete Empty Layer", group: "Layer", section: "edit", keys: [],
    enabled: (editor) => editor.getState().layers.length > 1 && !editor.getState().shapes.some((s) => s.layer === active(editor).id),
    run: (editor) => void deleteLayer(editor, active(editor).id, null),
  },
  { id: "layer.raise", label: "Raise Layer", group: "Layer", section: "order", keys: [{ key: "ArrowUp", mod: true, shift: true }], enabled: hasNeighbour(1), run: (editor) => moveLayer(editor, active(editor).id, 1) },
  { id: "layer.lower", label: "Lower Layer", group: "Layer", section: "order", keys: [{ key: "ArrowDown", mod: true, shift: true }], enabled: hasNeighbour(-1), run: (editor) => moveLayer(editor, active(editor).id, -1) },
  { id: "layer.above", label: "Select Layer Above", group: "Layer", section: "pick", keys: [], enabled: hasNeighbour(1), run: (editor) => setActiveLayer(editor, neighbour(editor, 1)!.id) },
  { id: "layer.below", label: "Select Layer Below", group: "Layer", section: "pick", keys: [], enabled: hasNeighbour(-1), run: (editor) => setActiveLayer(editor, neighbour(editor, -1)!.id) },
  {
    id: "layer.visible", label: "Show Layer", group: "Layer", section: "flags", keys: [], keywords: ["hide", "visible", "visibility", "toggle"],
    checked: (editor) => active(editor).layer.visible !== false,
    run: (editor) => { const { id, layer } = active(editor); setLayerFlag(editor, id, "visible", layer.visible === false); notify(editor, `Layer '${layer.name}' ${layer.visible === false ? "shown" : "hidden"}`); },
  },
  {
    id: "layer.locked", label: "Lock Layer", group: "Layer", section: "flags", keys: [], keywords: ["unlock", "toggle"],
    checked: (editor) => active(editor).layer.locked === true,
    run: (editor) => { const { id, layer } = active(editor); setLayerFlag(editor, id, "locked", layer.locked !== true); notify(editor, `Layer '${layer.name}' ${layer.locked === true ? "unlocked" : "locked"}`); },
  },
  { id: "layer.selectionUp", label: "Move Selection to Layer Above", group: "Layer", section: "selection", keys: [], enabled: selectionMoves(1), run: (editor) => moveSelection(editor, 1) },
  { id: "layer.selectionDown", label: "Move Selection to Layer Below", group: "Layer", section: "selection", keys: [], enabled: selectionMoves(-1), run: (editor) => moveSelection(editor, -1) },
];
