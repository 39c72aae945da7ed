// The scene's Tiled map, from the editor: Save to Map writes the colliders back into the map the
// scene came from (core/tiled/write-back.ts), through the desktop shell (tiled:write) or the
// folder a browser was given; Bake Tile Colliders adds the map's tile collision shapes as layers.
import { bakeTileColliders, loadTiledMap, withBakedLayers, writeSceneIntoMap } from "../../core";
import { relativePath, resolvePath, STAND_IN_ROOT } from "../../core/scene/file-paths";
import type { Editor } from "../editor/editor";
import { readBase } from "../editor/state";
import { desktop } from "../platform/files";
import { writeBesideWebScene } from "../platform/web-files";
import { currentScene, notify } from "../store/actions";
import { tiledMapOf } from "../tiled-map/backdrop";

/** The scene's folder as an absolute path (its real place is the shell's business), so the map's paths and its file properties' can be worked out as absolute ones. */
const SCENE_DIR = `${STAND_IN_ROOT}/:scene`;

/** The scene's map, where it can be read from, and a reader of the files beside it. */
function mapOf(editor: Editor): { readonly src: string; readonly read: (path: string) => Promise<string>; readonly base: string | undefined } | string {
  const state = editor.getState();
  const map = tiledMapOf(state.extras);
  if (!map) return "this scene was not made from a Tiled map (File → Import Tiled map… makes one that is)";
  const reader = editor.backdrop.reader;
  const base = readBase(state.file);
  const read = async (path: string): Promise<string> => {
    const relative = relativePath(SCENE_DIR, path) ?? path;
    const got = reader ? await reader(relative, base) : { ok: false as const, message: `cannot read ${relative}` };
    if (!got.ok) throw new Error(got.message);
    return got.text;
  };
  return { src: map.src, read, base };
}

export const hasTiledMap = (editor: Editor): boolean => tiledMapOf(editor.getState().extras) !== null;

/** File → Save to Map: the scene's colliders written into its Tiled map, everything else in the map kept. */
export async function saveToMap(editor: Editor): Promise<void> {
  const map = mapOf(editor);
  if (typeof map === "string") {
    notify(editor, `Nothing to save to: ${map}`);
    return;
  }
  const result = await writeSceneIntoMap(currentScene(editor), resolvePath(SCENE_DIR, map.src), map.read, { sceneDir: SCENE_DIR });
  if (!result.ok) {
    const first = result.problems[0]!;
    notify(editor, `Could not save to ${map.src}: ${first.path ? `${first.path}: ` : ""}${first.message}`);
    return;
  }
  const api = desktop();
  const written = api
    ? await api.writeTiledMap({ scenePath: map.base ?? "", src: map.src, text: result.text }).then((r) => (r.ok ? null : r.canceled ? "canceled" : r.error))
    : await writeBesideWebScene(map.base, map.src, result.text).then((r) => (r === undefined ? `a browser writes beside a scene only when it was opened (or the map imported) in a folder` : r.kind === "done" ? null : r.kind === "error" ? r.message : "canceled"));
  if (written !== null) {
    notify(editor, `Could not save to ${map.src}: ${written}`);
    return;
  }
  const { updated, added, removed, notes } = result.report;
  notify(editor, `Saved to ${map.src}: ${updated} object${updated === 1 ? "" : "s"} updated, ${added} added, ${removed} removed${notes.length > 0 ? ` · ${notes.join(" · ")}` : ""}`);
}

/**
 * Edit → Bake Tile Colliders: the collision shapes of the map's tiles (Tiled's Tile Collision
 * Editor) as colliders, one new layer per tile layer, boxes of adjacent tiles merged; one undo step.
 */
export async function bakeMapTiles(editor: Editor): Promise<void> {
  const map = mapOf(editor);
  if (typeof map === "string") {
    notify(editor, `Nothing to bake: ${map}`);
    return;
  }
  const loaded = await loadTiledMap(resolvePath(SCENE_DIR, map.src), map.read);
  if (!loaded.ok) {
    notify(editor, `Could not read ${map.src}: ${loaded.problems[0]!.message}`);
    return;
  }
  const baked = bakeTileColliders(loaded.resolved);
  if (!baked.ok) {
    const first = baked.problems[0]!;
    notify(editor, `Could not bake ${map.src}: ${first.path ? `${first.path}: ` : ""}${first.message}`);
    return;
  }
  const count = baked.layers.reduce((n, l) => n + l.shapes.length, 0);
  if (count === 0) {
    notify(editor, `No tile in ${map.src} has collision shapes (Tiled's Tile Collision Editor draws them)`);
    return;
  }
  const scene = withBakedLayers(currentScene(editor), baked.layers);
  editor.update({ shapes: scene.shapes, layers: scene.layers ?? editor.getState().layers, selection: [] });
  const tiles = baked.layers.reduce((n, l) => n + l.tileShapes, 0);
  const unbaked = baked.unbaked.length === 0 ? "" : ` · ${baked.unbaked.length} tile object${baked.unbaked.length === 1 ? "" : "s"} not baked (points, text, tile objects)`;
  notify(editor, `Baked ${tiles.toLocaleString("en")} tile shape${tiles === 1 ? "" : "s"} into ${count.toLocaleString("en")} collider${count === 1 ? "" : "s"} on ${baked.layers.length} new layer${baked.layers.length === 1 ? "" : "s"}${unbaked}`);
}
