// The runtime package's scene loader, without zod: the header and version, every field collision
// reads, unique ids and the sweeps' shapes, checked with the command line's messages; then the
// world, its geometry made. A plain shape (plain-shapes.ts) is taken as it is (not even copied when
// the loader parsed the text itself); any other is diagnosed field by field.
import { CollisionWorld, type CollisionWorldOptions } from "../collision-world";
import { WorldError } from "../world-error";
import { headerProblem, isRecord, layerReferenceProblems, probeReferenceProblems, uniquenessProblems } from "../scene/document-checks";
import { formatPath, type SceneProblem } from "../scene/errors";
import { jsonLocator, syntaxProblem } from "../scene/json-text";
import { migrateScene, type SceneDocument } from "../scene/migrations";
import { isPlainShape, plainShape } from "../scene/plain-shapes";
import { DEFAULT_LAYER, SCENE_VERSION, type Probe, type Shape } from "../scene/types";
import { checkWorldOptions } from "../query-arguments";
import { normalizeDegrees } from "../vec2";
import { probeProblems, shapeProblems, type Found } from "./check-shapes";
import { newerVersion } from "./package-version";
import { SceneLoadError, sceneText, type LoadedScene, type SceneInput } from "./scene-error";

/**
 * A scene file as a world with its shapes and probes. `json` is the file's text, its bytes (an
 * ArrayBuffer or a view of one such as a Uint8Array or Node Buffer, read as UTF-8), or its JSON
 * already parsed (SceneInput). Throws SceneLoadError naming every problem by JSON path (with line
 * and column for text), including a file newer than this package reads, which names the
 * package, its version, the newest version it reads and the package version to update to.
 * Bad options (a filter that is not one of the rules, an unknown key) throw WorldError.
 *
 * @param json - The scene file: its text, its bytes, or its parsed JSON.
 * @param options - The world's options: `filter`, "godot" by default.
 */
export function loadScene(json: SceneInput, options: CollisionWorldOptions = {}): LoadedScene {
  checkWorldOptions("loadScene", options);
  let data: unknown = json;
  const text = sceneText(json);
  if (text !== undefined) {
    try {
      data = JSON.parse(text);
    } catch {
      throw new SceneLoadError([syntaxProblem(text)]);
    }
  }
  const locate = text === undefined ? () => undefined : jsonLocator(text);
  const fail = (found: Found[]): never => {
    const problems: SceneProblem[] = found.map(([path, message]) => ({ path: formatPath(path), message, ...locate(path) }));
    problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
    throw new SceneLoadError(problems);
  };
  const header = headerProblem(data);
  if (header) {
    // The package names itself, not the editor: its major version is the scene version it reads.
    const newer = newerVersion(header[0][0] === "version" ? (data as { version?: unknown }).version : undefined);
    if (newer !== null) header[1] = newer;
    fail([header]);
  }
  let doc = data as SceneDocument;
  if (doc.version !== SCENE_VERSION) {
    const migrated = migrateScene(doc, doc.version as number, SCENE_VERSION);
    if (!migrated.ok) fail([[["version"], migrated.message]]);
    else doc = migrated.doc;
  }
  const own = text !== undefined;
  let checked = checkedScene(doc, own, null), world = new CollisionWorld(options);
  if (checked) {
    // The world's map of ids is the check that they are unique (sync refuses a second), and the
    // sweeps' check too; then the second pass names every problem by path.
    try {
      world.sync(checked.shapes);
    } catch (e) {
      if (!(e instanceof WorldError)) throw e;
      checked = null;
    }
    if (checked && checked.probes.some((p) => p.type === "sweep" && world.lookup(p.shape) === undefined)) checked = null;
  }
  if (!checked) {
    const found: Found[] = [];
    checked = checkedScene(doc, own, found) ?? fail(found);
    world = new CollisionWorld(options);
    world.sync(checked.shapes);
  }
  // Ready for queries: the first ones do not pay for the shapes' geometry.
  world.prepareGeometry();
  const { shapes, probes } = checked;
  return { world, shapes, probes };
}

type Checked = { shapes: Shape[]; probes: Probe[] };

/**
 * The document's shapes and probes, the shapes' rotations defaulted and normalized. With `found`
 * null, the one pass of the common file: null at the first doubt of any kind, valid or not (a
 * shape that is not plain, plain-shapes.ts; a layer or a probe amiss; a duplicate in the other
 * lists), and unique ids and the sweeps' shapes left to the caller's world. Else every problem
 * goes into `found` in the command line's words, and null when there is one. `own`: the shapes
 * may be kept as they are (JSON this call parsed) rather than copied.
 */
function checkedScene(doc: SceneDocument, own: boolean, found: Found[] | null): Checked | null {
  const list: unknown = doc.shapes, probeList: unknown = doc.probes ?? [];
  if (!found && (!Array.isArray(list) || !Array.isArray(probeList) || uniquenessProblems(doc, false).length > 0)) return null;
  const layers: unknown = doc.layers;
  const layerIds = Array.isArray(layers) ? new Set(layers.map((l: unknown) => (isRecord(l) ? l.id : undefined))) : null;
  // JSON this call parsed whose every shape is plain is its own list, kept as it is.
  const keep = own && !found;
  let shapes: Shape[] = [];
  const probes: Probe[] = [];
  if (!Array.isArray(list)) found!.push([["shapes"], list === undefined ? "is missing (expected an array)" : "expected an array"]);
  else {
    for (let i = 0; i < list.length; i++) {
      const s: unknown = list[i];
      // Not plainShape's copy of JSON this call parsed: its own, kept as it is.
      const plain = (own ? (isPlainShape(s) ? s : null) : plainShape(s)) as Shape | null;
      const layer = plain?.layer;
      if (!found && (!plain || (layer !== undefined && layer !== "" && (layerIds ? !layerIds.has(layer) : layer !== DEFAULT_LAYER.id)))) return null;
      if (keep) continue;
      if (plain) shapes.push(plain);
      else {
        const problems = shapeProblems(s, i);
        if (problems.length > 0) found!.push(...problems);
        else shapes.push({ rotation: 0, ...(s as object) } as Shape);
      }
    }
  }
  if (!Array.isArray(probeList)) found!.push([["probes"], "expected an array"]);
  else {
    for (let i = 0; i < probeList.length; i++) {
      const p: unknown = probeList[i], problems = probeProblems(p, i);
      if (problems.length > 0 && !found) return null;
      if (problems.length > 0) found!.push(...problems);
      else probes.push({ name: "", ...(p as object) } as Probe);
    }
  }
  if (found) {
    found.push(...uniquenessProblems(doc), ...probeReferenceProblems(doc), ...layerReferenceProblems(doc));
    if (found.length > 0) return null;
  }
  if (keep) shapes = list as Shape[];
  // An index, not for…of: this runs once a load, mostly unoptimized, where an iterator allocates a result a step.
  for (let i = 0; i < shapes.length; i++) {
    const s = shapes[i] as { rotation: number };
    s.rotation ??= 0;
    if (!(s.rotation > -180 && s.rotation <= 180)) s.rotation = normalizeDegrees(s.rotation);
  }
  return { shapes, probes };
}
