// The runtime package's scene loader, without zod: the header and version, every field collision
// reads, unique ids and the sweeps' shapes, checked with the command line's messages; then the
// world, its geometry made. A plain shape (plain-shapes.ts) is taken as it is (not even copied when
// the loader parsed the text itself); any other is diagnosed field by field.
import { CollisionWorld, type CollisionWorldOptions } from "../collision-world";
import { headerProblem, isRecord, layerReferenceProblems, probeReferenceProblems, uniquenessProblems } from "../scene/document-checks";
import { formatPath, type SceneProblem } from "../scene/errors";
import { jsonLocator, syntaxProblem } from "../scene/json-text";
import { migrateScene, type SceneDocument } from "../scene/migrations";
import { isPlainShape, plainShape } from "../scene/plain-shapes";
import { DEFAULT_LAYER, SCENE_VERSION, type Probe, type Shape } from "../scene/types";
import { checkWorldOptions } from "../query-arguments";
import { normalizeDegrees } from "../vec2";
import { probeProblems, shapeProblems, type Found } from "./check-shapes";
import { newerVersionMessage } from "./package-version";
import { SceneLoadError, type LoadedScene } from "./scene-error";

/**
 * A scene file (its text, or its JSON already parsed) as a world with its shapes and probes.
 * Throws SceneLoadError naming every problem by JSON path (with line and column for text),
 * including a file newer than this package reads, naming the package and its version:
 * `version: version 2 is newer than @collider-studio/core 1.0.0 reads (up to 1); update …`.
 * Bad options (a filter that is not one of the rules) throw WorldError.
 */
export function loadScene(json: string | unknown, options: CollisionWorldOptions = {}): LoadedScene {
  checkWorldOptions("loadScene", options);
  let data: unknown = json;
  const text = typeof json === "string" ? json : undefined;
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
    const v = (data as { version?: unknown }).version;
    // The package names itself, not the editor: its major version is the scene version it reads.
    if (header[0][0] === "version" && typeof v === "number" && v > SCENE_VERSION) {
      header[1] = newerVersionMessage(v, SCENE_VERSION);
    }
    fail([header]);
  }
  let doc = data as SceneDocument;
  if (doc.version !== SCENE_VERSION) {
    const migrated = migrateScene(doc, doc.version as number, SCENE_VERSION);
    if (!migrated.ok) fail([[["version"], migrated.message]]);
    else doc = migrated.doc;
  }
  const own = text !== undefined;
  let checked = validScene(doc, own), world = new CollisionWorld(options);
  if (checked) {
    // The world's map of ids is the check that they are unique, and the sweeps' check too.
    world.sync(checked.shapes);
    if (world.size !== checked.shapes.length || checked.probes.some((p) => p.type === "sweep" && world.lookup(p.shape) === undefined)) checked = null;
  }
  if (!checked) {
    checked = diagnosed(doc, own, fail);
    normalizeRotations(checked.shapes);
    world = new CollisionWorld(options);
    world.sync(checked.shapes);
  }
  // Ready for queries: the first ones do not pay for the shapes' geometry.
  world.prepareGeometry();
  const { shapes, probes } = checked;
  return { world, shapes, probes };
}

type Checked = { shapes: Shape[]; probes: Probe[] };

/** Rotations into (−180, 180], as the world and the format's readers take them. */
function normalizeRotations(shapes: readonly Shape[]): void {
  for (const s of shapes) {
    if (!(s.rotation > -180 && s.rotation <= 180)) (s as { rotation: number }).rotation = normalizeDegrees(s.rotation);
  }
}

/**
 * The common file in one pass, checking what the full diagnosis (diagnosed()) checks but for
 * unique ids and sweeps naming a shape, which the caller's world checks: every shape plain
 * (plain-shapes.ts), layers naming what exists, every probe well formed, the document's other
 * lists free of duplicates. Null at the first doubt of any kind, valid or not: the full diagnosis
 * then decides and words the problems. `own`: the shapes may be kept as they are (JSON this call
 * parsed) rather than copied. The shapes come with their rotations defaulted and normalized.
 */
function validScene(doc: SceneDocument, own: boolean): Checked | null {
  const list: unknown = doc.shapes, probeList: unknown = doc.probes ?? [];
  if (!Array.isArray(list) || !Array.isArray(probeList) || uniquenessProblems(doc, false).length > 0) return null;
  const layers: unknown = doc.layers;
  const layerIds = Array.isArray(layers) ? new Set(layers.map((l: unknown) => (isRecord(l) ? l.id : undefined))) : null;
  const shapes: Shape[] = new Array<Shape>(list.length);
  for (let i = 0; i < list.length; i++) {
    const s: unknown = list[i];
    const plain = (own ? (isPlainShape(s) ? s : null) : plainShape(s)) as Shape | null;
    if (plain === null) return null;
    const layer = plain.layer;
    if (layer !== undefined && layer !== "" && (layerIds ? !layerIds.has(layer) : layer !== DEFAULT_LAYER.id)) return null;
    shapes[i] = plain;
  }
  const probes: Probe[] = [];
  for (let i = 0; i < probeList.length; i++) {
    const p: unknown = probeList[i];
    if (probeProblems(p, i).length > 0) return null;
    probes.push({ name: "", ...(p as object) } as Probe);
  }
  for (const s of shapes) (s as { rotation?: number }).rotation ??= 0;
  normalizeRotations(shapes);
  return { shapes, probes };
}

/** Every problem of the document, in the command line's words (fail() throws them), or its shapes and probes. */
function diagnosed(doc: SceneDocument, own: boolean, fail: (found: Found[]) => never): Checked {
  const found: Found[] = [];
  const shapes: Shape[] = [];
  if (!Array.isArray(doc.shapes)) found.push([["shapes"], doc.shapes === undefined ? "is missing (expected an array)" : "expected an array"]);
  else {
    doc.shapes.forEach((s: unknown, i) => {
      // JSON this call parsed is its own: a plain shape is kept as it is (its rotation defaulted), not copied.
      const plain = (own && isPlainShape(s) ? s : plainShape(s)) as { rotation?: number } | null;
      if (plain) { plain.rotation ??= 0; shapes.push(plain as Shape); return; }
      const problems = shapeProblems(s, i);
      if (problems.length > 0) found.push(...problems);
      else shapes.push({ rotation: 0, ...(s as object) } as Shape);
    });
  }
  const probes: Probe[] = [];
  if (doc.probes !== undefined && !Array.isArray(doc.probes)) found.push([["probes"], "expected an array"]);
  else {
    ((doc.probes ?? []) as unknown[]).forEach((p, i) => {
      const problems = probeProblems(p, i);
      if (problems.length > 0) found.push(...problems);
      else probes.push({ name: "", ...(p as object) } as Probe);
    });
  }
  found.push(...uniquenessProblems(doc), ...probeReferenceProblems(doc), ...layerReferenceProblems(doc));
  if (found.length > 0) fail(found);
  return { shapes, probes };
}
