// Open, save, new, export and import: the glue between the store, the core's file format and
// exporters, and the platform.
import { create } from "zustand";
import { changesSinceMap, emptyScene, exportBaseName, exportFormat, importTiled, keptTileSize, sceneLayers, tiledBaseOf, loadTiledMap, parseScene, rebaseRelativePaths, serializeScene, withTiledIds, type Scene, type SceneParseResult, type SceneProblem, type Shape, type TiledSkipped } from "../../core";
import type { Editor } from "../editor/editor";
import { documentOf, readBase, sameDocumentContent, type EditorState } from "../editor/state";
import { counted, currentScene, dismissProblems, listLines, loadDocument, loadPrepared, markSaved, notify, notifyWithList, showProblems } from "../store/actions";
import { exportInWorker, WORKER_EXPORT_SHAPES } from "./export-in-worker";
import { progressAfter } from "./progress-after";
import { runExport } from "./run-export";
import { openBigScene, type OpenedScene } from "./open-big-scene";
import { hasWebFolder, isWebFileKey, keepDroppedHandle } from "../platform/web-files";
import { chooseExportTarget, desktop, exportText, hasFolderAccess, pickFileToOpen, openSceneInFolder, pickFileInFolder, pickFileToImport, saveScene, sceneFolder, type FileOutcome, type FileType, type OpenedDocument, type PickedFile } from "../platform/files";
import { addImageFiles } from "./image-commands";
import { readImageBytes } from "../images/image-source";
import { parseTiledFile } from "../../core/tiled/load";
import { adoptMovedImages, embeddedImagesNote, imagesForFolder, unreachedImagesNotes, type MovedImages } from "./save-images";
import { tiledMapSourceProblem } from "../../core/tiled/file-types";
import type { JsonObject } from "../../core/tiled/types";
import { bringDocumentIntoView } from "../store/view-actions";
import { buildBackdrop } from "../tiled-map/model";
import { mapName, tiledMapOf } from "../tiled-map/backdrop";

/** The file a picker gave, or null when it was canceled or failed (a failure is shown in the status bar). */
export function pickedDocument(editor: Editor, outcome: FileOutcome<OpenedDocument> | null): OpenedDocument | null {
  if (!outcome || outcome.kind === "canceled") return null;
  if (outcome.kind === "error") {
    notify(editor, outcome.message);
    return null;
  }
  return outcome.value;
}

export const dirty = (s: EditorState): boolean => !sameDocumentContent(s, s.saved) || s.extras !== s.savedExtras;
export const isDirty = (editor: Editor): boolean => dirty(editor.getState());

/** Files at least this long (about 2,500 shapes, or 5,000 logged rays) are read in steps, with progress. */
export const BIG_FILE_CHARS = 500_000;

/** What an open under way has done, for the status bar; null when nothing is opening. */
export const useOpening = create<{ readonly opening: { readonly name: string; readonly fraction: number } | null }>(() => ({ opening: null }));

/**
 * Lets the browser paint and take input before the next step. A message, not setTimeout(0):
 * the HTML standard clamps nested timeouts to at least 4 ms, an idle wait at every step of a big file.
 */
const channel = new MessageChannel();
const waiting: (() => void)[] = [];
channel.port1.onmessage = () => waiting.shift()?.();
export const pause = () => new Promise<void>((res) => {
  waiting.push(res);
  channel.port2.postMessage(null);
});

/**
 * The status bar's progress for reading `name` in steps: `show(fraction)` shows it once the read has
 * taken half a second (progressAfter), `done()` clears it. For anything read in steps besides
 * scenes (ray logs).
 */
export function stepProgress(name: string): { readonly show: (fraction: number) => void; readonly done: () => void } {
  const started = performance.now();
  return {
    show: (fraction) => {
      if (performance.now() - started >= progressAfter()) useOpening.setState({ opening: { name, fraction } });
    },
    done: () => useOpening.setState({ opening: null }),
  };
}

let openCount = 0;

/**
 * Loads opened text, or shows its problems and leaves the open document as it was. `parsed`: the
 * text's parseScene when the caller has it already (a small file only). Resolves to whether the
 * scene is now the document (false: problems, or another file opened meanwhile).
 */
export function receiveOpened(editor: Editor, outcome: FileOutcome<OpenedDocument> | null, parsed?: SceneParseResult): Promise<boolean> {
  const doc = pickedDocument(editor, outcome);
  if (!doc) return Promise.resolve(false);
  const ticket = ++openCount;
  if (doc.text.length < BIG_FILE_CHARS) {
    useOpening.setState({ opening: null });
    return Promise.resolve(loadOpened(editor, doc, parsed ?? parseScene(doc.text)));
  }
  return openInSteps(editor, doc, ticket);
}

async function openInSteps(editor: Editor, doc: OpenedDocument, ticket: number): Promise<boolean> {
  const progress = stepProgress(doc.name);
  const show = (fraction: number) => {
    if (ticket === openCount) progress.show(fraction);
  };
  const opened = await openBigScene(doc.text, show, pause, undefined, () => ticket === openCount);
  if (!opened || ticket !== openCount) return false; // another file was opened meanwhile
  // The first draw takes a while too: show 100 % until it is done.
  show(1);
  await pause();
  if (ticket !== openCount) return false;
  // The shapes first, their overlaps once they are on screen: the scene shows half a second
  // sooner (100,000 shapes), the status bar saying the overlaps are being checked meanwhile.
  if (opened.ok) editor.deferOverlaps(opened.prepared.doc.shapes);
  const loaded = loadOpened(editor, doc, opened);
  afterPaint(() => {
    if (ticket !== openCount) return;
    progress.done();
    afterPaint(() => {
      if (ticket === openCount) void editor.settleOverlaps(pause);
    });
  });
  return loaded;
}

/** Runs `then` once the browser has painted what is on screen now. */
const afterPaint = (then: () => void) => requestAnimationFrame(() => setTimeout(then, 0));

/** Whether the scene is now the document (false: its problems are shown instead). */
function loadOpened(editor: Editor, doc: OpenedDocument, result: SceneParseResult | OpenedScene): boolean {
  if (!result.ok) {
    showProblems(editor, "open-failed", doc.name, result.problems);
    notify(editor, `Could not open ${doc.name}: ${result.problems.length} problem${result.problems.length === 1 ? "" : "s"}`);
    return false;
  }
  // A big file's world, built for these very shapes while the file was checked: the first draw
  // finds it and their pairs ready.
  if ("prepared" in result && result.world) editor.adoptWorld(result.world);
  const file = { name: doc.name, ...(doc.path ? { path: doc.path } : {}) };
  const viewRestored = "prepared" in result ? loadPrepared(editor, result.prepared, file) : loadDocument(editor, result.scene, file);
  // A view the file was left with is where the designer was, even with nothing in it.
  if (!viewRestored) bringDocumentIntoView(editor);
  return true;
}

/**
 * File → Open…: a scene opens, a Tiled map (.tmx, .tmj) imports as Import Tiled map… does, an
 * image is added as Add Image… adds one, each by its extension as a drop is; a file of another
 * kind is named, with what to use. The unsaved-changes question comes once the file is picked, and
 * only for what would replace the document (a scene that opens, a map).
 */
export async function openDocument(editor: Editor): Promise<void> {
  const picked = await pickFileToOpen();
  if (picked) await receivePicked(editor, picked);
}

/** What File → Open… does with a picked file (the browser's file input answers here too). */
export async function receivePicked(editor: Editor, outcome: FileOutcome<PickedFile>): Promise<void> {
  if (outcome.kind !== "done") {
    if (outcome.kind === "error") notify(editor, outcome.message);
    return;
  }
  const file = outcome.value;
  if (file.kind === "other") {
    notify(editor, notOpenedWhy(file.name));
    return;
  }
  if (file.kind === "image") {
    await addImageFiles(editor, [{ name: file.name, path: desktop() ? (file.path ?? "") : "", bytes: file.bytes }], { kind: "picked" });
    return;
  }
  const scene = file.kind === "scene";
  let text: string;
  try {
    text = await file.text();
  } catch (err) {
    notify(editor, `Could not read ${file.name}: ${err instanceof Error ? err.message : String(err)}`);
    return;
  }
  // A browser's handle key of a map reads nothing beside it until Save to Map is given its folder (grantWebFolder finds the map there by it).
  const path = file.path;
  const read = { kind: "done" as const, value: { name: file.name, text, ...(path === undefined ? {} : { path }) } };
  // A scene that will not open replaces nothing: its problems show without the question.
  const parsed = scene && text.length < BIG_FILE_CHARS ? parseScene(text) : undefined;
  if (parsed?.ok !== false && isDirty(editor) && !window.confirm(scene ? "Discard unsaved changes and open another scene?" : "Discard unsaved changes and import a Tiled map?")) return;
  if (!scene) {
    await receiveImported(editor, read);
    return;
  }
  // The desktop shell adds the scene to Open Recent and watches it only now that it is open.
  if (await receiveOpened(editor, read, parsed) && path !== undefined) void desktop()?.sceneOpened(path);
}

/** Files Open… is sometimes given by mistake, and what to use instead. */
const OTHER_FILES: readonly [RegExp, string][] = [
  [/\.(tsx|tsj)$/i, "a Tiled tileset: open the map (.tmx, .tmj) that uses it"],
  [/\.(tx|tj)$/i, "a Tiled template: open the map (.tmx, .tmj) that uses it"],
  [/\.jsonl$/i, "a ray log: use File → Open ray log…"],
  [/\.(gif|bmp|svg|tiff?|avif|ico)$/i, "an image of a kind the editor does not read: save it as PNG, JPEG or WebP"],
  [/\.(tscn|tres)$/i, "a Godot file: open the scene (.json) it was exported from"],
];

/** Why Open… did not open a file of another kind, and what to use. */
export function notOpenedWhy(name: string): string {
  const known = OTHER_FILES.find(([pattern]) => pattern.test(name))?.[1];
  return `Did not open ${name}: ${known ?? "Open… takes a scene (.json), a Tiled map (.tmx, .tmj) or a PNG, JPEG or WebP image"}`;
}

/** Browser: opens a scene picked inside a folder, so the images beside it show. */
export async function openDocumentInFolder(editor: Editor): Promise<void> {
  if (isDirty(editor) && !window.confirm("Discard unsaved changes and open another scene?")) return;
  await receiveOpened(editor, await openSceneInFolder());
}

/** The scene's Tiled map seen from `toDir` instead of `fromDir` (null: unchanged), or why no relative path reaches it. */
function tiledMapForFolder(scene: Scene, fromDir: string | undefined, toDir: string | undefined): { readonly src: string } | { readonly unreachable: string } | null {
  const src = scene.tiledMap?.src;
  if (src === undefined || fromDir === undefined || toDir === undefined || fromDir === toDir) return null;
  const { sources, unreachable } = rebaseRelativePaths([src], fromDir, toDir);
  if (unreachable.length > 0) return { unreachable: src };
  return sources[0] === src ? null : { src: sources[0]! };
}

/**
 * Stores each shape's Tiled object id and the map's next one in the document (withTiledIds) before
 * a Tiled export writes it, so later exports give the same shapes the same ids whatever is deleted
 * in between, and no deleted shape's id to a new one (once the document is saved, in later
 * sessions too: the document shows unsaved changes when ids were added). Not an undo step:
 * numbering is not an edit.
 */
export function storeTiledIds(editor: Editor): void {
  const scene = currentScene(editor);
  const stored = withTiledIds(scene);
  if (stored === scene) return;
  // The history's shapes take the ids too, or an undo or redo would bring shapes back without
  // them: the same object for the same item (the document's own first), so steps still apply.
  const ids = new Map(stored.shapes.map((s) => [s.id, s.tiledId]));
  const numbered = new Map<Shape, Shape>(scene.shapes.map((s, i) => [s, stored.shapes[i]!]));
  editor.history.mapItems("shapes", (shape) => {
    let out = numbered.get(shape);
    if (out === undefined) {
      const tiledId = ids.get(shape.id);
      out = tiledId === undefined || shape.tiledId !== undefined ? shape : { ...shape, tiledId };
      numbered.set(shape, out);
    }
    return out;
  });
  const { extras } = editor.getState();
  const next = stored.tiledNextObjectId === extras.tiledNextObjectId ? {} : { extras: { ...extras, tiledNextObjectId: stored.tiledNextObjectId } };
  editor.update({ shapes: stored.shapes, ...next }, { record: false });
}

/**
 * Saves (asking where when the document has no file, or for Save As); says how it ended, for the
 * desktop's unsaved-changes prompt. Saved into another folder, relative image paths and the Tiled
 * map's path are moved to it (save-images.ts); until an imported document is first saved they
 * start from the folder of the map it came from.
 */
export async function saveDocument(editor: Editor, saveAs = false): Promise<"saved" | "canceled" | "failed"> {
  const state = editor.getState();
  let written = documentOf(state), writtenExtras = state.extras;
  let moved: MovedImages | null = null;
  let map: ReturnType<typeof tiledMapForFolder> = null;
  let notInMap: number | undefined;
  const base = readBase(state.file);
  const fromDir = sceneFolder(base);
  const read = (src: string) => readImageBytes(src, { scenePath: base, desktop: desktop() });
  const outcome = await saveScene(state.file, saveAs, async (toDir) => {
    const scene = currentScene(editor);
    notInMap = changesSinceMap(scene);
    written = documentOf(editor.getState());
    writtenExtras = editor.getState().extras;
    moved = await imagesForFolder(scene.images ?? [], fromDir, toDir, read);
    map = tiledMapForFolder(scene, fromDir, toDir);
    const tiledMap = map && "src" in map ? { ...scene.tiledMap, src: map.src } : scene.tiledMap;
    return serializeScene({ ...scene, ...(moved.sources.size === 0 ? {} : { images: [...moved.images] }), ...(tiledMap ? { tiledMap } : {}) });
  });
  if (outcome.kind === "done") {
    const result = moved as MovedImages | null;
    if (result && result.sources.size > 0) {
      const swap = adoptMovedImages(editor, result);
      written = { ...written, images: written.images.map(swap) };
    }
    markSaved(editor, written, outcome.value, writtenExtras);
    const moves = map as ReturnType<typeof tiledMapForFolder>;
    const { extras } = editor.getState();
    // The map's path is a field the editor does not edit: it moves with the file, not as an undo
    // step, and the file holds it as moved (saved too, unless extras changed during the save).
    if (moves && "src" in moves) {
      const next = { ...extras, tiledMap: { ...(extras.tiledMap as object), src: moves.src } };
      editor.update({ extras: next, ...(extras === writtenExtras ? { savedExtras: next } : {}) }, { record: false });
    }
    // What moved is said in short; each path that could not move, in the problems list.
    // Saving the scene does not write its Tiled map (Tiled's Ctrl+S would): say what the map lacks.
    const mapRef = tiledMapOf(editor.getState().extras);
    const lacking = notInMap && mapRef ? ` · ${counted(notInMap, "change")} not in ${mapName(mapRef.src)} yet: Save to Map writes ${notInMap === 1 ? "it" : "them"}` : "";
    const said = `Saved ${outcome.value.name}${result ? embeddedImagesNote(result) : ""}${moves && "src" in moves ? ` · its Tiled map is ${moves.src} from there` : ""}${lacking}`;
    const notes = [...(result ? unreachedImagesNotes(result) : []), ...(moves && "unreachable" in moves ? [`no path from the new folder reaches its Tiled map ${moves.unreachable} (kept as it was: not shown)`] : [])];
    notifyWithList(editor, "save", notes.length === 0 ? said : `${said}; ${counted(notes.length, "path")} not moved`, `Saved ${outcome.value.name}: what did not move with it`, outcome.value.name, listLines(notes));
    return "saved";
  }
  if (outcome.kind === "error") notify(editor, outcome.message);
  return outcome.kind === "error" ? "failed" : "canceled";
}

export function newDocument(editor: Editor): void {
  if (isDirty(editor) && !window.confirm("Discard unsaved changes?")) return;
  loadDocument(editor, emptyScene(), { name: "untitled.json" });
  notify(editor, null);
}

/** The tile size of the Tiled map the scene came from, once the editor has read it (square tiles only), for a Tiled export to keep. */
function sourceTileSize(editor: Editor): number | undefined {
  const { extras, file } = editor.getState();
  const ref = tiledMapOf(extras);
  const entry = ref ? editor.backdrop.entry(ref.src, readBase(file)) : undefined;
  if (entry?.state === "ready") return keptTileSize(entry.map.tileWidth, entry.map.tileHeight);
  // A map imported in a browser without its folder is never drawn: its size as read at the import.
  return ref ? importedTileSizes.get(ref.src) : undefined;
}

/** The square tile size of each map imported this session, by its `src`, for a backdrop that never loads. */
const importedTileSizes = new Map<string, number>();

/** Writes the scene in one of the core's export formats (EXPORT_FORMATS) where the user says. */
export async function exportDocument(editor: Editor, formatId: string): Promise<void> {
  const format = exportFormat(formatId);
  if (!format) return;
  const file = editor.getState().file, name = exportBaseName(file.name, format);
  const target = await chooseExportTarget(name, format.type);
  if (target.kind !== "done") {
    if (target.kind === "error") notify(editor, target.message);
    return;
  }
  if (formatId === "tiled") storeTiledIds(editor);
  const scene = currentScene(editor);
  // Image paths relative to the export's folder where both folders are known (the desktop app);
  // else as the scene has them, right for an export saved beside the scene. An imported map's
  // scene not saved yet has them from the map's folder.
  const sceneDir = sceneFolder(readBase(file)), outputDir = target.value.folder;
  // Pixel sizes of the images the editor has decoded, so an export can say where it draws one at another size.
  const pixelSizes = new Map<string, { width: number; height: number }>();
  for (const image of scene.images ?? []) {
    const size = editor.imageCache.pixelSize(image.src, readBase(file));
    if (size) pixelSizes.set(image.id, { width: size.width, height: size.height });
  }
  const images = { ...(sceneDir !== undefined && outputDir !== undefined ? { sceneDir, outputDir } : {}), pixelSizes };
  const tileSize = formatId === "tiled" ? sourceTileSize(editor) : undefined;
  // A big scene in a worker (the editor stays live, the status bar shows it); a small one here.
  const result = scene.shapes.length >= WORKER_EXPORT_SHAPES && typeof Worker === "function"
    ? await exportInWorker(formatId, scene, target.value.name, images, tileSize)
    : runExport(formatId, scene, images, tileSize);
  if (result.kind === "cancelled") {
    notify(editor, `Export as ${format.type.name} cancelled`);
    return;
  }
  if (result.kind === "error") {
    // An earlier export's warnings are not this one's.
    dismissProblems(editor);
    notify(editor, `Could not export as ${format.type.name}: ${result.message}`);
    return;
  }
  const outcome = await exportText(result.text, target.value, format.type);
  if (outcome.kind === "error") notify(editor, outcome.message);
  if (outcome.kind !== "done") return;
  const exported = `Exported ${outcome.value.name} (${format.type.name})`;
  const { notes } = result;
  // This export's warnings replace an earlier outcome's list; none clears it.
  notifyWithList(editor, "export", notes.length === 0 ? exported : `${exported}; ${counted(notes.length, "warning")}`, `${exported}: what it leaves out or changes`, outcome.value.name, listLines(notes));
}

export const TILED_MAP: FileType = { name: "Tiled map", extensions: ["tmx", "tmj", "json"] };

/** A skipped Tiled object as a line of the problems panel. */
function skippedProblem(s: TiledSkipped): SceneProblem {
  const where = s.object === 0 ? `layer "${s.layer}"` : `layer "${s.layer}", object ${s.object}${s.name === "" ? "" : ` "${s.name}"`}`;
  return { path: s.property === undefined ? where : `${where}, property "${s.property}"`, message: `not imported: ${s.reason}` };
}

/**
 * The picked map as importTiled reads it: through the map loader (TMX or TMJ, external tilesets
 * inlined, templates applied), reading the files beside the map; where those cannot be read (a
 * browser given the map alone), the map's own file, with why. A map that is itself malformed has
 * its problems (file, line, column).
 */
async function mapToImport(editor: Editor, doc: OpenedDocument): Promise<{ readonly ok: true; readonly text: string; readonly unread: string | null; readonly tileSize: number | null; readonly pictures: boolean } | { readonly ok: false; readonly problems: readonly SceneProblem[] }> {
  const reader = editor.backdrop.reader;
  const loaded = await loadTiledMap(doc.name, async (path) => {
    if (path === doc.name) return doc.text;
    const read = reader ? await reader(path, doc.path) : { ok: false as const, message: `cannot read ${path}` };
    if (!read.ok) throw new Error(read.message);
    return read.text;
  });
  if (loaded.ok) return { ok: true, text: JSON.stringify(loaded.resolved), unread: null, tileSize: squareTile(loaded.resolved), pictures: hasPictures(loaded.resolved, doc.name) };
  const own = parseTiledFile(doc.text, doc.name, "map");
  if (!own.ok) return { ok: false, problems: own.problems };
  const why = loaded.problems.find((p) => p.unreadable);
  if (!why) return { ok: false, problems: loaded.problems };
  return { ok: true, text: JSON.stringify(own.value), unread: why.message, tileSize: squareTile(own.value), pictures: true };
}

/** Whether the backdrop would draw pictures of the map (tileset or image layer images): a map of object layers only has nothing to draw. */
function hasPictures(resolved: JsonObject, src: string): boolean {
  const built = buildBackdrop(resolved, src);
  return built.ok && built.map.layers.some((l) => l.kind === "image" ? l.src !== "" : built.map.tilesets.some((t) => t.images.length > 0));
}

/** A map's tile size when its tiles are square, else null. */
function squareTile(map: JsonObject): number | null {
  const { tilewidth: w, tileheight: h } = map;
  return typeof w === "number" && w >= 1 && w === h ? w : null;
}

/**
 * Turns a picked Tiled map into a new, unsaved document (Save asks where), listing what it left
 * out; a map it cannot read shows its problems and leaves the open document as it was.
 */
export async function receiveImported(editor: Editor, outcome: FileOutcome<OpenedDocument> | null): Promise<void> {
  const doc = pickedDocument(editor, outcome);
  if (!doc) return;
  const map = await mapToImport(editor, doc);
  // The scene stands beside the map until it is saved: the map is its backdrop, by its file name.
  const tiledMap = tiledMapSourceProblem(doc.name) === null ? { src: doc.name } : undefined;
  const result = map.ok ? importTiled(map.text, { mapFile: doc.name, tileLayersShown: tiledMap !== undefined }) : map;
  if (!result.ok) {
    showProblems(editor, "open-failed", doc.name, result.problems);
    notify(editor, `Could not import ${doc.name}: ${result.problems.length} problem${result.problems.length === 1 ? "" : "s"}`);
    return;
  }
  const name = `${doc.name.replace(/\.(tmx|tmj|json)$/i, "") || "imported"}.json`;
  // The backdrop reads the map again beside the scene; a browser given the map alone cannot, so a
  // map that needs no other file (nothing to draw) is given the text read here.
  if (tiledMap && map.ok && !map.pictures) editor.backdrop.give(tiledMap.src, doc.path, doc.text);
  if (tiledMap && map.ok && map.tileSize !== null) importedTileSizes.set(tiledMap.src, map.tileSize);
  const gridBefore = editor.getState().gridSize;
  // Drawn over the map's tiles, colliders snap to them as in Tiled: the scene's grid is the map's square tile size (the import's gridSize).
  loadDocument(editor, tiledMap ? { ...result.scene, tiledMap: { ...tiledMap, base: tiledBaseOf(result.scene.shapes, sceneLayers(result.scene)[0]!.id) } } : result.scene, { name, ...(doc.path ? { importedFrom: doc.path } : {}) }, { unsaved: true });
  bringDocumentIntoView(editor);
  const { skipped } = result;
  const count = `${result.scene.shapes.length} shape${result.scene.shapes.length === 1 ? "" : "s"}`;
  const grid = editor.getState().gridSize !== gridBefore ? editor.getState().gridSize : null;
  const gridNote = grid === null ? "" : `; grid ${grid} (the map's tiles)`;
  // What it could not bring or show, whole, in the problems list (it stays until dismissed); the status line says it in short.
  // Beside the map is read where the desktop app or a folder the browser was given reads it; a browser given the map alone reads nothing there.
  const besideRead = doc.path !== undefined && (!isWebFileKey(doc.path) || hasWebFolder(doc.path));
  const unread = map.ok && map.unread !== null && besideRead ? { short: "its tilesets and templates were not read", why: `its tilesets and templates were not read (${map.unread}), so objects made from templates are left out` } : null;
  // A map with nothing to draw (object layers only, as the Tiled export writes) misses no tiles.
  // Save to Map needs the map's folder too: said with the tiles not shown (in the list), else in the status line.
  const alone = tiledMap !== undefined && !besideRead && !desktop();
  const unseen = !besideRead && map.ok && map.pictures ? { short: TILES_NOT_SHOWN, why: `${unseenTilesWhy()}${alone ? `; ${saveToMapAsks()}` : ""}` } : null;
  const note = unread ?? unseen;
  const notes: SceneProblem[] = [...(note ? [{ path: "", message: note.why }] : []), ...skipped.map(skippedProblem)];
  if (notes.length > 0) {
    const heading = [`Imported ${count} from ${doc.name}`, ...(note ? [note.short] : []), ...(skipped.length > 0 ? [`${skipped.length} item${skipped.length === 1 ? "" : "s"} not imported`] : [])].join("; ");
    showProblems(editor, "import", doc.name, notes, heading);
  }
  // A browser given the map alone writes it back only once given its folder (Save to Map asks).
  const folderNote = alone && !note ? `; ${saveToMapAsks()}` : "";
  notify(editor, `Imported ${count} from ${doc.name}${note ? `; ${note.short} (see the list)` : ""}${gridNote}${folderNote}`);
}

/** What an import without the map's folder says of Save to Map (a browser's Open… or a drop). */
const saveToMapAsks = (): string => (hasFolderAccess() ? "Save to Map will ask for its folder" : "Save to Map needs its folder (Chrome, Edge or the desktop app)");

/** The words an import's notice uses when the map's tiles cannot be shown: the backdrop then says nothing more. */
export const TILES_NOT_SHOWN = "its tiles are not shown";

/** Why a map imported as a single file (a browser's file input) shows no tiles. */
const unseenTilesWhy = (): string =>
  hasFolderAccess()
    ? `${TILES_NOT_SHOWN}: a browser reads a map's tilesets and pictures only when it is imported with File → Import Tiled Map in Folder…`
    : `${TILES_NOT_SHOWN}: this browser cannot read the files beside a map (use the desktop app, or Chrome or Edge with File → Import Tiled Map in Folder…)`;

export async function importDocument(editor: Editor): Promise<void> {
  if (isDirty(editor) && !window.confirm("Discard unsaved changes and import a Tiled map?")) return;
  await receiveImported(editor, await pickFileToImport("Import Tiled map", TILED_MAP));
}

/** Browser: imports a map picked inside a folder, so its tilesets and pictures can be read for the backdrop. */
export async function importDocumentInFolder(editor: Editor): Promise<void> {
  if (desktop() || (isDirty(editor) && !window.confirm("Discard unsaved changes and import a Tiled map?"))) return;
  await receiveImported(editor, await pickFileInFolder(TILED_MAP));
}

/**
 * A scene (.json) or Tiled map (.tmx, .tmj) dropped on the canvas, opened or imported as File →
 * Open… and Import Tiled map… do, after the same unsaved-changes question; false for any other
 * file. The desktop app opens a dropped scene through the shell, by its path, so its folder's
 * images and map are read and Save writes it; it reads a dropped map through the shell too, by its
 * path, so the tilesets and pictures beside the map are read as after Import Tiled map….
 */
export async function openDroppedFile(editor: Editor, file: File, handle?: Promise<unknown>): Promise<boolean> {
  const kind = /\.json$/i.test(file.name) ? "scene" : /\.(tmx|tmj)$/i.test(file.name) ? "map" : null;
  if (kind === null) return false;
  const api = desktop();
  const filePath = api?.pathForFile(file) ?? "";
  if (api && filePath !== "") {
    if (kind === "map") {
      if (isDirty(editor) && !window.confirm("Discard unsaved changes and import a Tiled map?")) return true;
      const read = await api.importDropped(filePath);
      await receiveImported(editor, read.ok ? { kind: "done", value: read.value } : read.canceled ? { kind: "canceled" } : { kind: "error", message: read.error });
      return true;
    }
    const opened = await api.openDropped(filePath);
    if (!opened.ok && !opened.canceled) notify(editor, opened.error);
    return true;
  }
  if (isDirty(editor) && !window.confirm(kind === "scene" ? "Discard unsaved changes and open another scene?" : "Discard unsaved changes and import a Tiled map?")) return true;
  let text: string;
  try {
    text = await file.text();
  } catch {
    notify(editor, `Could not read ${file.name}`);
    return true;
  }
  // A dropped map's handle is kept as Open…'s is (a scene's is not: Save would then write over the dropped file).
  const key = kind === "map" ? keepDroppedHandle(await handle) : undefined;
  const outcome = { kind: "done" as const, value: { name: file.name, text, ...(key === undefined ? {} : { path: key }) } };
  await (kind === "scene" ? receiveOpened(editor, outcome) : receiveImported(editor, outcome));
  return true;
}
