// Raise, Lower, Raise to Top and Lower to Bottom of the selected shapes within their layer, as
// Tiled's object commands: a layer draws its shapes in scene order, so a shape's place among its
// layer's shapes is its drawing order (and the order exporters write). Shapes of other layers keep
// their slots in the scene's list; only the slots of one layer's shapes trade places.
import type { Layer, Shape } from "../../core";
import type { Editor } from "../editor/editor";
import { notify } from "./actions";
import { lockedEditRefusal } from "./layer-actions";

export type Reorder = "raise" | "lower" | "top" | "bottom";

/**
 * `order` (a layer's shapes, bottom first) with the picked ones moved: one place up past the
 * unpicked shape above (raise; a run of picked shapes moves as one), down likewise (lower), or all
 * to the top or bottom keeping their order among themselves.
 */
export function reorderRun<T>(order: readonly T[], picked: (item: T) => boolean, how: Reorder): T[] {
  if (how === "top" || how === "bottom") {
    const moved = order.filter(picked), rest = order.filter((x) => !picked(x));
    return how === "top" ? [...rest, ...moved] : [...moved, ...rest];
  }
  const out = [...order];
  const swap = (i: number) => ([out[i], out[i + 1]] = [out[i + 1]!, out[i]!]);
  if (how === "raise") {
    for (let i = out.length - 2; i >= 0; i--) if (picked(out[i]!) && !picked(out[i + 1]!)) swap(i);
  } else {
    for (let i = 0; i < out.length - 1; i++) if (!picked(out[i]!) && picked(out[i + 1]!)) swap(i);
  }
  return out;
}

/** The scene's shapes with each layer's picked shapes reordered within the slots that layer's shapes hold; the same array when nothing moves. */
export function reorderShapes(shapes: readonly Shape[], picked: ReadonlySet<string>, how: Reorder): readonly Shape[] {
  const slots = new Map<string, number[]>(shapes.filter((s) => picked.has(s.id)).map((s) => [s.layer ?? "", []]));
  shapes.forEach((s, i) => slots.get(s.layer ?? "")?.push(i));
  const out = [...shapes];
  let moved = false;
  for (const at of slots.values()) {
    const next = reorderRun(at.map((i) => shapes[i]!), (s) => picked.has(s.id), how);
    at.forEach((i, k) => {
      if (out[i] !== next[k]) moved = true;
      out[i] = next[k]!;
    });
  }
  return moved ? out : shapes;
}

const STEP_VERBS: Readonly<Record<Reorder, (what: string) => string>> = {
  raise: (what) => `Raise ${what}`,
  lower: (what) => `Lower ${what}`,
  top: (what) => `Raise ${what} to top`,
  bottom: (what) => `Lower ${what} to bottom`,
};

const AT_END: Readonly<Record<Reorder, string>> = { raise: "top", top: "top", lower: "bottom", bottom: "bottom" };

/** Reorders the selected shapes within their layers as one undo step ("Raise box-3", "Lower 2 shapes to bottom"); says so when they are already there. */
export function reorderSelection(editor: Editor, how: Reorder): void {
  const { shapes, selection, layers } = editor.getState();
  const chosen = editor.shapesWithIds(selection);
  if (chosen.length === 0 || editor.gestureActive()) return;
  const refused = lockedEditRefusal(chosen, layers);
  if (refused) {
    notify(editor, refused);
    return;
  }
  const what = chosen.length === 1 ? chosen[0]!.name || chosen[0]!.id : `${chosen.length} shapes`;
  const next = reorderShapes(shapes, new Set(chosen.map((s) => s.id)), how);
  if (next === shapes) {
    notify(editor, `${what} ${chosen.length === 1 ? "is" : "are"} already at the ${AT_END[how]} of ${layerPhrase(chosen, layers)}`);
    return;
  }
  editor.update({ shapes: next }, { label: STEP_VERBS[how](what) });
}

/** "layer Coins", or "their layers" when the shapes are on several. */
function layerPhrase(chosen: readonly Shape[], layers: readonly Layer[]): string {
  const ids = new Set(chosen.map((s) => s.layer ?? ""));
  if (ids.size > 1) return "their layers";
  const layer = layers.find((l) => l.id === [...ids][0]);
  return layer ? `layer ${layer.name}` : "their layer";
}
