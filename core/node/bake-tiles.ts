// `import --bake-tile-colliders`: the map's tile collision shapes baked into the imported scene,
// one scene layer per tile layer; what could not be baked, in lines like the import's skipped
// objects'; and the summary's words.
import { formatProblem, type SceneProblem } from "../scene/errors";
import type { Scene } from "../scene/types";
import { bakeTileColliders, unbakedPlace, withBakedLayers } from "../tiled/tile-colliders";
import type { JsonObject } from "../tiled/types";
import { UserError } from "./files";

export interface BakedImport {
  readonly scene: Scene;
  /** What could not be baked, one line each for stderr. */
  readonly lines: readonly string[];
  /** The tile layers it read: the import's "not imported" notes of these layers are void. */
  readonly tileLayers: ReadonlySet<string>;
  /** For the summary line: "; baked 1,234 tile shapes into 87 colliders". */
  readonly note: string;
}

// eslint-disable-next-line no-control-regex -- matching them is the point
const RAW_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;

/** A map's text that importTiled read as JSON (Tiled 1.8's raw control characters in strings escaped as importTiled does). */
export function tiledJson(text: string): JsonObject {
  return JSON.parse(text.replace(RAW_CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)) as JsonObject;
}

const many = (n: number, what: string) => `${n.toLocaleString("en")} ${what}${n === 1 ? "" : "s"}`;

/**
 * Bakes `map`'s tile layers into `scene`; a map it cannot read is a UserError (exit 1, as an
 * unreadable map is for import), each problem placed in the map file by `place` (as the import's).
 */
export function bakeIntoImport(file: string, map: JsonObject, scene: Scene, place: (problem: SceneProblem) => SceneProblem = (p) => p): BakedImport {
  const baked = bakeTileColliders(map);
  if (!baked.ok) throw new UserError(baked.problems.map((p) => formatProblem(place(p), file)).join("\n"), 1);
  const lines = baked.unbaked.map((u) => `${file}: not baked: ${unbakedPlace(u)}: ${u.reason}`);
  const placed = baked.layers.reduce((n, l) => n + l.tileShapes, 0);
  const colliders = baked.layers.reduce((n, l) => n + l.shapes.length, 0);
  return {
    scene: withBakedLayers(scene, baked.layers),
    lines,
    tileLayers: new Set(baked.tileLayers),
    note: `; baked ${many(placed, "tile shape")} into ${many(colliders, "collider")}`,
  };
}
