// Layer colours: a layer's own "#rrggbb", else the palette's colour for its place (bottom layer
// first, as the file lists them). The palette keeps clear of the overlap warning's reds and
// oranges and of the selection's cyan, and reads on the dark and the light canvas alike.
import type { Layer } from "../../core";

export const LAYER_PALETTE: readonly string[] = ["#6b7cff", "#3fb950", "#cdb92a", "#c061e0", "#8b95a5", "#9aa83a"];

/** The palette's colour for the layer at `index` (bottom first). */
export const paletteColour = (index: number): string => LAYER_PALETTE[((index % LAYER_PALETTE.length) + LAYER_PALETTE.length) % LAYER_PALETTE.length]!;

/** The colour a layer's shapes are filled with: its own, else its place's in the palette. */
export const layerColour = (layers: readonly Layer[], index: number): string => layers[index]?.color ?? paletteColour(index);

/** Each layer's colour by id (the first of a repeated id wins, as drawing does). */
export function layerColours(layers: readonly Layer[]): ReadonlyMap<string, string> {
  const out = new Map<string, string>();
  layers.forEach((l, i) => {
    if (!out.has(l.id)) out.set(l.id, layerColour(layers, i));
  });
  return out;
}

/**
 * `after` (layers added, moved or deleted from `before`) with every layer looking as it did: a
 * layer whose palette colour changed with its place keeps its old one, now written down. A new
 * layer takes its place's colour, or when another layer shows that one already, the first
 * palette colour none shows. Returns `after` itself when nothing needs a colour.
 */
export function keepLayerLooks(before: readonly Layer[], after: readonly Layer[]): readonly Layer[] {
  const was = layerColours(before);
  let changed = false;
  const kept = after.map((l, i) => {
    const old = was.get(l.id);
    if (l.color !== undefined || old === undefined || old === paletteColour(i)) return l;
    changed = true;
    return { ...l, color: old };
  });
  const shown = new Set(kept.map((l, i) => (was.has(l.id) ? layerColour(kept, i) : null)));
  const out = kept.map((l, i) => {
    if (was.has(l.id) || l.color !== undefined) return l;
    if (!shown.has(paletteColour(i))) {
      shown.add(paletteColour(i));
      return l;
    }
    const free = LAYER_PALETTE.find((c) => !shown.has(c));
    if (!free) return l;
    shown.add(free);
    changed = true;
    return { ...l, color: free };
  });
  return changed ? out : after;
}
