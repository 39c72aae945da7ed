// The scene's Tiled map, from the editor: Save to Map writes the colliders back into the map the
// scene came from (core/tiled/write-back.ts), through the desktop shell (tiled:write) or the
// folder a browser was given; Bake Tile Colliders adds the map's tile collision shapes as layers.
// What either cannot do, or leaves out, goes to the problems list whole; the status line says it in short.
import { bakeTileColliders, baseTiledIds, loadTiledMap, mergeSummary, unbakedPlace, withBakedLayers, writeSceneIntoMap, type SceneProblem } from "../../core";
import { relativePath, resolvePath, STAND_IN_ROOT } from "../../core/scene/file-paths";
import type { Editor } from "../editor/editor";
import { readBase } from "../editor/state";
import { desktop, hasFolderAccess } from "../platform/files";
import { forgetWebFolder, grantWebFolder, hasWebFolder, writeBesideWebScene } from "../platform/web-files";
import { counted, currentScene, listLines, notify, notifyWithList } from "../store/actions";
import { mapName, tiledMapOf } from "../tiled-map/backdrop";

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

/** Whether Save to Map can write: a desktop app, a browser given the map's folder, or one that can be given it (it then asks). */
export const canSaveToMap = (editor: Editor): boolean => hasTiledMap(editor) && (desktop() !== undefined || hasWebFolder(readBase(editor.getState().file)) || hasFolderAccess());

/** Why Save to Map is greyed out. */
export const whyNoSaveToMap = (editor: Editor): string =>
  hasTiledMap(editor)
    ? "Save to Map needs the map's folder, which only Chrome, Edge or the desktop app can be given (Export → Tiled map writes a new map instead)"
    : "Save to Map needs a scene imported from a Tiled map (File → Import Tiled map…)";

/** Whether Save to Map and Reload Tiled Map will first ask for the map's folder (a browser given none yet). */
export const saveToMapAsksFolder = (editor: Editor): boolean => desktop() === undefined && hasTiledMap(editor) && !hasWebFolder(readBase(editor.getState().file));

/**
 * A browser's document given no folder (a map picked with Open… or dropped): asks for the one it
 * stands in, keeps it for the document (the drawing stays), and shows the map's tiles from it.
 * False when canceled or refused (the status line says why).
 */
async function askForFolder(editor: Editor, src: string, failed: string, mode: "read" | "readwrite"): Promise<boolean> {
  const { file } = editor.getState();
  const granted = await grantWebFolder(readBase(file), src, mode);
  if (granted.kind !== "done") {
    notify(editor, `${failed}: ${granted.kind === "canceled" ? "canceled (a browser reads and writes a map only in a folder it is given: the one the map is in)" : granted.message}`);
    return false;
  }
  if (readBase(file) === undefined) editor.update({ file: { ...file, importedFrom: granted.value.key } }, { record: false });
  return true;
}

/** View → Reload Tiled Map: the map, its tilesets and pictures read again and drawn (the scene's shapes are not touched). */
export async function reloadTiledMap(editor: Editor): Promise<void> {
  const map = tiledMapOf(editor.getState().extras);
  if (!map) {
    notify(editor, "No Tiled map to reload: this scene was not made from one (File → Import Tiled map… makes one that is)");
    return;
  }
  // A browser given the map alone: its folder is asked for first, which shows its tiles.
  if (saveToMapAsksFolder(editor) && hasFolderAccess() && !(await askForFolder(editor, map.src, `Could not reload ${mapName(map.src)}`, "read"))) return;
  const failed = await redrawMap(editor, map.src);
  notify(editor, failed === null ? `Reloaded ${mapName(map.src)}` : `Could not reload ${mapName(map.src)}: ${failed}`);
}

/** Reads the map `src` and its files again and draws them; why it cannot be shown, or null. */
async function redrawMap(editor: Editor, src: string): Promise<string | null> {
  await editor.backdrop.reload();
  const entry = editor.backdrop.entry(src, readBase(editor.getState().file));
  return entry?.state === "failed" ? (entry.problems[0] ?? "it cannot be read") : null;
}

/** The desktop app saw a file of the map change on disk (Tiled saved it): the drawing is read again and the status line says so. */
export async function reloadChangedMap(editor: Editor): Promise<void> {
  const map = tiledMapOf(editor.getState().extras);
  if (!map) return;
  const failed = await redrawMap(editor, map.src);
  notify(editor, failed === null ? `${mapName(map.src)} changed on disk: redrawn` : `${mapName(map.src)} changed on disk and cannot be shown: ${failed}`);
}

/** File → Save to Map: the scene's colliders written into its Tiled map, everything else in the map kept. */
export async function saveToMap(editor: Editor): Promise<void> {
  const src = tiledMapOf(editor.getState().extras)?.src;
  const asked = src !== undefined && saveToMapAsksFolder(editor) && hasFolderAccess();
  if (asked && !(await askForFolder(editor, src, `Could not save to ${src}`, "readwrite"))) return;
  if (asked) void editor.backdrop.reload();
  const map = mapOf(editor);
  if (typeof map === "string") {
    notify(editor, `Nothing to save to: ${map}`);
    return;
  }
  const restorable = editor.getState().tiledRemoved;
  const result = await writeSceneIntoMap(currentScene(editor), resolvePath(SCENE_DIR, map.src), map.read, { sceneDir: SCENE_DIR, restorable });
  if (!result.ok) {
    // A folder just given that does not hold the map's tilesets (they are above it): asked again next time.
    if (asked && map.base !== undefined) forgetWebFolder(map.base);
    refused(editor, `Could not save to ${map.src}`, map.src, result.problems);
    return;
  }
  const api = desktop();
  const written = api
    ? await api.writeTiledMap({ scenePath: map.base ?? "", src: map.src, text: result.text }).then((r) => (r.ok ? null : r.canceled ? "canceled" : r.error))
    : await writeBesideWebScene(map.base, map.src, result.text).then((r) => (r === undefined ? `a browser writes beside a scene only when it was opened (or the map imported) in a folder` : r.kind === "done" ? null : r.kind === "error" ? r.message : "canceled"));
  if (written === "canceled") notify(editor, `Could not save to ${map.src}: canceled`);
  else if (written !== null) refused(editor, `Could not save to ${map.src}`, map.src, listLines([written]));
  if (written !== null) return;
  // What the map now holds is the next Save to Map's base (kept out of the undo history: an undo
  // after this save is a change against what was written).
  const { extras } = editor.getState();
  const inMap = baseTiledIds(result.base);
  const removed = [...restorable, ...result.report.removedObjects.map((r) => [r.id, r.tiledId] as const)].filter(([, tiledId]) => !inMap.has(tiledId));
  editor.update({ extras: { ...extras, tiledMap: { ...(extras.tiledMap as object), base: result.base } }, tiledRemoved: new Map(removed) }, { record: false });
  const { notes } = result.report;
  const saved = `Saved to ${map.src}: ${mergeSummary(result.report)}`;
  notifyWithList(editor, "map", notes.length === 0 ? saved : `${saved}; ${counted(notes.length, "note")}`, `${saved}: what it did not write`, map.src, listLines(notes));
}

/** A map that could not be read, written or baked: the count in the status line, every problem in the list. */
function refused(editor: Editor, what: string, src: string, problems: readonly SceneProblem[]): void {
  notifyWithList(editor, "map", `${what}: ${counted(problems.length, "problem")}`, `${what}: ${counted(problems.length, "problem")}`, src, problems);
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
    refused(editor, `Could not read ${map.src}`, map.src, loaded.problems);
    return;
  }
  const baked = bakeTileColliders(loaded.resolved);
  if (!baked.ok) {
    refused(editor, `Could not bake ${map.src}`, map.src, baked.problems);
    return;
  }
  const count = baked.layers.reduce((n, l) => n + l.shapes.length, 0);
  if (count === 0) {
    notify(editor, `No tile in ${map.src} has collision shapes (Tiled's Tile Collision Editor draws them)`);
    return;
  }
  const scene = withBakedLayers(currentScene(editor), baked.layers);
  editor.update({ shapes: scene.shapes, layers: scene.layers ?? editor.getState().layers, selection: [] }, { label: `Bake ${counted(count, "tile collider")}` });
  const tiles = baked.layers.reduce((n, l) => n + l.tileShapes, 0);
  const done = `Baked ${counted(tiles, "tile shape")} into ${counted(count, "collider")} on ${counted(baked.layers.length, "new layer")}`;
  const unbaked = baked.unbaked.map((u) => ({ path: unbakedPlace(u), message: `not baked: ${u.reason}` }));
  notifyWithList(editor, "map", unbaked.length === 0 ? done : `${done}; ${counted(unbaked.length, "tile object")} not baked`, `${done}: what it did not bake`, map.src, unbaked);
}
