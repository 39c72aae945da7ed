// A shape named by a person: by its id, or by its name when that name is unique in the scene.
import type { Shape } from "./types";

export type ShapeLookup =
  | { readonly ok: true; readonly shape: Shape }
  /** No id and no name is `given`. */
  | { readonly ok: false; readonly reason: "none" }
  /** No id is `given`, and several shapes (their ids in scene order) are named so. */
  | { readonly ok: false; readonly reason: "ambiguous"; readonly ids: readonly string[] };

/**
 * The shape whose id is `given`, else the one shape named `given`. An id wins over any name (ids
 * are unique, names need not be); "" names no shape, as an empty name means unnamed.
 */
export function findShapeByIdOrName(shapes: readonly Shape[], given: string): ShapeLookup {
  const byId = shapes.find((s) => s.id === given);
  if (byId) return { ok: true, shape: byId };
  const named = given === "" ? [] : shapes.filter((s) => s.name === given);
  if (named.length === 1) return { ok: true, shape: named[0]! };
  return named.length === 0 ? { ok: false, reason: "none" } : { ok: false, reason: "ambiguous", ids: named.map((s) => s.id) };
}

/** Up to ten ids, then how many more. */
export function someIds(ids: readonly string[]): string {
  return ids.length <= 10 ? ids.join(", ") : `${ids.slice(0, 10).join(", ")} and ${ids.length - 10} more`;
}

/** What a failed lookup of `given` says, as the CLI and the Inspector both say it. */
export function shapeLookupProblem(found: Extract<ShapeLookup, { ok: false }>, given: string): string {
  const quoted = JSON.stringify(given);
  return found.reason === "ambiguous" ? `${found.ids.length} shapes are named ${quoted} (${someIds(found.ids)}); give an id` : "no shape has this id or name";
}
