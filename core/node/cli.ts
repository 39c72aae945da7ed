// The collider-studio command-line tool. Commands are small functions over the core; commander
// parses arguments. Exit codes: 0 success, 1 invalid scene, 2 usage or input error.
import { Command, CommanderError, InvalidArgumentError, type Option } from "commander";
import { EXPORT_FORMATS, exportFormat, exportOptionsFor, type ExportOptions } from "../export/formats";
import { FILTER_RULES, type FilterRule } from "../collision-filter";
import { CollisionWorld } from "../collision-world";
import type { OverlapPair } from "../overlaps";
import type { CastHit } from "../scene-query";
import { vec2, type Vec2 } from "../vec2";
import { formatProblem } from "../scene/errors";
import { findShapeByIdOrName, shapeLookupProblem, someIds } from "../scene/find-shape";
import { parseScene, serializeScene } from "../scene/io";
import { importTiled } from "../import/tiled";
import { relativePath } from "../scene/file-paths";
import { tiledMapSourceProblem } from "../tiled/file-types";
import { bakeIntoImport, tiledJson } from "./bake-tiles";
import { mergeIntoTiledMap } from "../tiled/merge";
import { rayLogLineJsonSchemaText, sceneJsonSchemaText } from "../scene/json-schema";
import { sceneLayers, type Scene, type Shape } from "../scene/types";
import { checkOutputFolder, readBytesFile, readTextFile, UserError, writeBytesFile, writeTextFile } from "./files";
import { DEFAULT_GODOT_ROOT } from "../export/godot";
import { nodeName } from "../export/godot-names";
import { forwardSlashes, prepareExportImages, type PreparedImages } from "./export-images";
import path from "node:path";
import { NOTHING_CHECKED_EXIT, replay, type ReplayOptions } from "./replay";
import { checkOutputPaths, realPathOf } from "./output-paths";
import { looksLikeRayLog } from "../replay/ray-log";
import { loadMapForImport, loadTiledMapFile, type TiledMapFile } from "./tiled-map";
import { DEFAULT_TILE_SIZE, keptTileSize } from "../export/tiled";
import { tiledBaseOf } from "../tiled/merge-base";
import { mergeSummary, writeMapAsFile } from "../tiled/write-back";
import { formatPath } from "../scene/errors";
import { DEFAULT_TOLERANCE } from "../replay/compare";
import { replayHtmlReport } from "../replay/html-report";
import { probeRayLog } from "../replay/probe-log";
import { traceCommand, type TraceCommandOptions } from "./trace";
import { MAX_COORDINATE } from "../scene/field-rules";

export interface CliIO {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly readText: (path: string) => Promise<string>;
  /** Writes an output file (atomically, keeping a .bak); resolves to the backup kept, if any; throws UserError when it cannot. */
  readonly writeText: (path: string, text: string) => Promise<string | null | undefined>;
  /** Image files: `trace` reads one, `export` reads sizes and writes data: URL images next to the output (default: the file system). */
  readonly readBytes?: (path: string) => Promise<Uint8Array>;
  readonly writeBytes?: (path: string, bytes: Uint8Array) => Promise<void>;
  /** Refuses an output path whose folder does not exist (UserError naming it), before any work is done (default: no check). */
  readonly checkOutput?: (path: string) => Promise<void>;
  /** Progress for long runs, on a terminal only (absent when stderr is piped or in tests). */
  readonly progress?: (text: string) => void;
  /** The script `replay`'s worker threads run: the bundled binary itself; absent where none can start. */
  readonly workerScript?: string;
}

export const nodeIO: CliIO = {
  stdout: (t) => process.stdout.write(t),
  stderr: (t) => process.stderr.write(t),
  readText: readTextFile,
  writeText: writeTextFile,
  readBytes: readBytesFile,
  writeBytes: writeBytesFile,
  checkOutput: checkOutputFolder,
  ...(process.stderr.isTTY ? { progress: (t: string) => void process.stderr.write(t) } : {}),
  // Worker threads start the running script again: only the bundled .cjs can (not TypeScript sources).
  ...(process.argv[1]?.endsWith(".cjs") ? { workerScript: process.argv[1] } : {}),
};

export const VERSION = "0.1.0";

const SENSORS_HELP = "sensors stop it too (by default it passes through shapes with \"sensor\": true, as Box2D's and Godot's queries do)";

async function loadScene(io: CliIO, file: string): Promise<Scene> {
  const result = parseScene(await io.readText(file));
  if (!result.ok) {
    throw new UserError(result.problems.map((p) => formatProblem(p, file)).join("\n"), 1);
  }
  return result.scene;
}

/**
 * replay's scene: a scene that does not validate is an input error (exit 2, as 1 is a mismatch),
 * and a ray log given in its place (the arguments swapped) is named as one.
 */
async function loadReplayScene(io: CliIO, file: string): Promise<Scene> {
  const text = await io.readText(file);
  const result = parseScene(text);
  if (result.ok) return result.scene;
  if (looksLikeRayLog(text)) throw new UserError(`${file} looks like a ray log, not a scene: the scene comes first (collider-studio replay SCENE.json RAYS.jsonl)`);
  throw new UserError(`${result.problems.map((p) => formatProblem(p, file)).join("\n")}\n${file}: not a valid scene`);
}

/** Fixed-point number without a trailing "-0". */
function fixed(n: number, digits: number): string {
  const s = n.toFixed(digits);
  return /^-0\.?0*$/.test(s) ? s.slice(1) : s;
}

function table(rows: readonly (readonly string[])[]): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  return rows.map((r) => r.map((cell, c) => cell.padEnd(widths[c]!)).join("  ").trimEnd()).join("\n") + "\n";
}

async function validateCommand(io: CliIO, file: string): Promise<void> {
  const scene = await loadScene(io, file);
  const probes = scene.probes.length === 0 ? "" : `, ${scene.probes.length} probe${scene.probes.length === 1 ? "" : "s"}`;
  io.stdout(`${file}: valid (${scene.shapes.length} shape${scene.shapes.length === 1 ? "" : "s"}${probes})\n`);
}

/** The scene's shapes in a collision world: every query of the tool goes through it, as in the editor and replay. */
function worldOf(shapes: readonly Shape[], filter: FilterRule | undefined): CollisionWorld {
  const world = new CollisionWorld(filter === undefined ? {} : { filter });
  world.sync(shapes);
  return world;
}

/** A pair as `overlaps --json` prints it: sensor pairs carry "sensor": true. */
function pairJson(p: OverlapPair): Record<string, unknown> {
  return { a: p.a, b: p.b, depth: p.depth, normal: [p.normal.x, p.normal.y], points: p.points.map((q) => [q.x, q.y]), ...(p.sensor ? { sensor: true } : {}) };
}

/** Two lists of pairs, each in scene order, as one in scene order (by a's index, then b's). */
function inSceneOrder(shapes: readonly Shape[], solid: readonly OverlapPair[], sensor: readonly OverlapPair[]): OverlapPair[] {
  if (sensor.length === 0) return [...solid];
  const index = new Map(shapes.map((s, i) => [s.id, i]));
  const key = (p: OverlapPair): [number, number] => [index.get(p.a)!, index.get(p.b)!];
  return [...solid, ...sensor].sort((p, q) => {
    const [pa, pb] = key(p), [qa, qb] = key(q);
    return pa - qa || pb - qb;
  });
}

async function overlapsCommand(io: CliIO, file: string, opts: { json?: boolean; filter?: FilterRule }): Promise<void> {
  const scene = await loadScene(io, file);
  const world = worldOf(scene.shapes, opts.filter);
  // Overlap warnings are solid pairs only; a pair with a sensor (a trigger's contact) is listed apart.
  const pairs = world.overlaps(), triggers = world.sensorContacts();
  if (opts.json) {
    io.stdout(JSON.stringify({ pairs: inSceneOrder(scene.shapes, pairs, triggers).map(pairJson) }) + "\n");
    return;
  }
  const point = (x: number, y: number) => `(${fixed(x, 4)}, ${fixed(y, 4)})`;
  const rows = (list: readonly OverlapPair[]) => [["A", "B", "DEPTH", "NORMAL", "CONTACT POINTS"], ...list.map((p) => [p.a, p.b, fixed(p.depth, 4), point(p.normal.x, p.normal.y), p.points.map((q) => point(q.x, q.y)).join(" ")])];
  if (pairs.length === 0) io.stdout(`No overlaps among ${scene.shapes.length} shapes.\n`);
  else io.stdout(table(rows(pairs)) + `${pairs.length} overlapping pair${pairs.length === 1 ? "" : "s"}\n`);
  if (triggers.length > 0) {
    io.stdout(`\nTriggers (pairs with a sensor; not overlaps):\n` + table(rows(triggers)) + `${triggers.length} trigger contact${triggers.length === 1 ? "" : "s"}\n`);
  }
}

/** Parses collision bits for --mask: a whole number 0 to 0xffffffff, decimal or 0x hexadecimal. */
export function parseMask(text: string): number {
  const t = text.trim();
  const n = /^0x[0-9a-f]+$/i.test(t) ? Number.parseInt(t.slice(2), 16) : /^\d+$/.test(t) ? Number(t) : NaN;
  if (!Number.isInteger(n) || n < 0 || n > 0xffffffff) throw new InvalidArgumentError(`expected collision bits, a whole number from 0 to 0xffffffff (3 = layers 1 and 2), got "${text}"`);
  return n;
}

export function parseFilter(text: string): FilterRule {
  if (!(FILTER_RULES as readonly string[]).includes(text)) throw new InvalidArgumentError(`expected one of ${FILTER_RULES.join(", ")}, got "${text}"`);
  return text as FilterRule;
}

/** Parses "X,Y" (two finite numbers) for an option; commander reports the message and exits 2. */
export function parsePoint(text: string): Vec2 {
  const parts = text.split(",");
  const nums = parts.map((p) => (p.trim() === "" ? NaN : Number(p)));
  if (parts.length !== 2 || !nums.every(Number.isFinite)) {
    throw new InvalidArgumentError(`expected two numbers X,Y (for example 10,-2.5), got "${text}"`);
  }
  return vec2(nums[0]!, nums[1]!);
}

interface CastOptions {
  readonly json?: boolean;
  readonly all?: boolean;
  readonly mask?: number;
  readonly filter?: FilterRule;
  readonly includeSensors?: boolean;
}

/** The world query options the cast options give. */
function queryOptions(opts: CastOptions): { mode: "all" | "closest"; mask?: number; includeSensors?: boolean } {
  return { mode: opts.all ? "all" : "closest", ...(opts.mask === undefined ? {} : { mask: opts.mask }), ...(opts.includeSensors ? { includeSensors: true } : {}) };
}

function hitJson(h: CastHit): Record<string, unknown> {
  return { hit: true, shape: h.shape, fraction: h.fraction, point: [h.point.x, h.point.y], normal: [h.normal.x, h.normal.y], ...(h.startedInside ? { startedInside: true } : {}) };
}

/** Prints the closest hit (or every hit with --all) as JSON or as readable lines. */
function printHits(io: CliIO, hits: readonly CastHit[], opts: CastOptions, what: string): void {
  if (opts.json) {
    io.stdout(JSON.stringify(opts.all ? { hits: hits.map(hitJson) } : hits.length > 0 ? hitJson(hits[0]!) : { hit: false }) + "\n");
    return;
  }
  if (hits.length === 0) {
    io.stdout(`No hit: the ${what} reaches its end.\n`);
    return;
  }
  const point = (p: Vec2) => `(${fixed(p.x, 4)}, ${fixed(p.y, 4)})`;
  for (const h of hits) {
    const start = h.startedInside ? " (overlapping at the start)" : "";
    io.stdout(`hit ${h.shape} at fraction ${fixed(h.fraction, 6)}${start}: point ${point(h.point)}, normal ${point(h.normal)}\n`);
  }
}

async function raycastCommand(io: CliIO, file: string, opts: CastOptions & { from: Vec2; to: Vec2; reportInside?: boolean }): Promise<void> {
  const scene = await loadScene(io, file);
  const hits = worldOf(scene.shapes, undefined).raycast(opts.from, opts.to, { ...queryOptions(opts), reportInside: opts.reportInside ?? false });
  printHits(io, hits, opts, "ray");
}

/** At most ten ids, then how many more. */
/** The shape an option names by id or unique name; refused (exit 2) with what was given and what would do. */
function namedShape(scene: Scene, file: string, option: string, given: string): Shape {
  const found = findShapeByIdOrName(scene.shapes, given);
  if (found.ok) return found.shape;
  const problem = `${file}: ${option} ${JSON.stringify(given)}: ${shapeLookupProblem(found, given)}`;
  if (found.reason === "ambiguous") throw new UserError(problem);
  const ids = scene.shapes.map((s) => s.id);
  throw new UserError(`${problem} (${ids.length === 0 ? "the scene has no shapes" : `ids in the scene: ${someIds(ids)}`})`);
}

async function sweepCommand(io: CliIO, file: string, opts: CastOptions & { shape: string; to: Vec2 }): Promise<void> {
  const scene = await loadScene(io, file);
  const shape = namedShape(scene, file, "--shape", opts.shape);
  const hits = worldOf(scene.shapes, opts.filter).sweep(shape.id, opts.to, queryOptions(opts));
  printHits(io, hits, opts, "sweep");
}

async function probesCommand(io: CliIO, file: string, opts: { json?: boolean; includeSensors?: boolean; rayLog?: string }): Promise<void> {
  const scene = await loadScene(io, file);
  const world = worldOf(scene.shapes, undefined);
  if (opts.rayLog !== undefined) {
    checkOutputPaths([{ what: "the scene", path: file }], [{ what: "--ray-log", path: opts.rayLog }]);
    const log = probeRayLog(world, scene.probes, opts.includeSensors === true);
    if (log.rays === 0) throw new UserError(`${file} has no ray probes to write as a ray log${log.sweeps > 0 ? ` (its ${log.sweeps} sweep probe${log.sweeps === 1 ? "" : "s"} have no place in one)` : ""}`);
    const kept = await io.writeText(opts.rayLog, log.text);
    const left = log.sweeps === 0 ? "" : `; ${log.sweeps} sweep probe${log.sweeps === 1 ? "" : "s"} left out (a ray log holds rays)`;
    io.stderr(`${file}: wrote ${log.rays} ray${log.rays === 1 ? "" : "s"} with their hits as expectations to ${opts.rayLog}${keptNote(kept)}${left}\n`);
    return;
  }
  // A probe's own includeSensors lets sensors stop it; --include-sensors does for every probe.
  const results = scene.probes.map((p) => ({ probe: p, hit: world.probe(p, opts.includeSensors ? { includeSensors: true } : {}) }));
  if (opts.json) {
    const out = results.map(({ probe, hit }) => ({ id: probe.id, name: probe.name, type: probe.type, ...(hit ? hitJson(hit) : { hit: false }) }));
    io.stdout(JSON.stringify({ probes: out }) + "\n");
    return;
  }
  if (results.length === 0) {
    io.stdout(`${file} has no probes.\n`);
    return;
  }
  const point = (p: Vec2) => `(${fixed(p.x, 4)}, ${fixed(p.y, 4)})`;
  const rows = [["PROBE", "NAME", "TYPE", "HIT", "FRACTION", "POINT", "NORMAL"], ...results.map(({ probe, hit }) => [
    probe.id, probe.name, probe.type === "ray" ? "ray" : `sweep ${probe.shape}`,
    hit ? hit.shape : "-", hit ? fixed(hit.fraction, 6) + (hit.startedInside ? " (start)" : "") : "-", hit ? point(hit.point) : "-", hit ? point(hit.normal) : "-",
  ])];
  io.stdout(table(rows));
}

interface ExportCommandOptions {
  readonly format: string;
  readonly output?: string;
  readonly rootName?: string;
  readonly capsules?: string;
  readonly tileSize?: number;
  readonly ppm?: number;
  readonly filterBits?: string;
  readonly bodies?: string;
  readonly chainThickness?: number;
  readonly withImages?: boolean;
  readonly godotProject?: string;
  readonly into?: string;
}

/** Parses a whole number of worker threads, 0 to 16. */
function parseWorkers(text: string): number {
  const n = Number(text);
  if (!/^\d+$/.test(text.trim()) || n > 16) throw new InvalidArgumentError(`expected a whole number of workers from 0 to 16, got "${text}"`);
  return n;
}

/** Parses a finite number of at least 0 for an option. */
function parseNonNegative(text: string): number {
  const n = Number(text);
  if (text.trim() === "" || !Number.isFinite(n) || n < 0) throw new InvalidArgumentError(`expected a number of at least 0, got "${text}"`);
  return n;
}

/** Parses a positive finite number for an option. */
function parsePositive(text: string): number {
  const n = Number(text);
  if (text.trim() === "" || !Number.isFinite(n) || n <= 0) throw new InvalidArgumentError(`expected a number greater than 0, got "${text}"`);
  return n;
}

/**
 * A parser for an option whose values are words: refuses one that is an option ("--bodies -o
 * out.json" would take -o as the value and then find out.json one argument too many).
 */
function wordValue(option: string, values: string): (text: string) => string {
  return (text) => {
    if (text.startsWith("-")) throw new InvalidArgumentError(`${option} needs a value (${values}) right after it, got the option ${JSON.stringify(text)}`);
    return text;
  };
}

/** Parses a whole number for an option; commander reports the message and exits 2. */
function parseWhole(text: string): number {
  const n = Number(text);
  if (text.trim() === "" || !Number.isInteger(n) || n < 1) throw new InvalidArgumentError(`expected a whole number of at least 1, got "${text}"`);
  return n;
}

/** Parses an alpha threshold: a whole number from 0 to 255. */
function parseAlpha(text: string): number {
  const n = Number(text);
  if (!/^\d+$/.test(text.trim()) || n > 255) throw new InvalidArgumentError(`expected an alpha threshold, a whole number from 0 to 255, got "${text}"`);
  return n;
}

/** Parses a vertex limit: a whole number of at least 3. */
function parseMaxVertices(text: string): number {
  const n = Number(text);
  if (!/^\d+$/.test(text.trim()) || n < 3) throw new InvalidArgumentError(`expected a whole number of at least 3 (a piece needs three points), got "${text}"`);
  return n;
}

/** Parses a coordinate: a finite number within the format's ±1e15. */
function parseCoordinate(text: string): number {
  const n = Number(text);
  if (text.trim() === "" || !(Math.abs(n) <= MAX_COORDINATE)) throw new InvalidArgumentError(`expected a number from -1e15 to 1e15, got "${text}"`);
  return n;
}

/** Which --capsules values each format takes. */
const CAPSULE_MODES: Record<string, readonly string[]> = { tiled: ["capsule", "polygon"], box2d: ["circles-and-box", "polygon"] };

/** Refuses an option given for a format that does not read it. */
function onlyFor(format: string, option: string, given: unknown, formats: readonly string[]): void {
  if (given !== undefined && !formats.includes(format)) throw new UserError(`${option} does not apply to --format ${format} (only to ${formats.join(", ")})`);
}

/** --root-name as given, refused when Godot would not take it as a node name as it is. */
function checkedRootName(name: string): string {
  if (name.trim() === "") throw new UserError(`--root-name is empty: give the root node a name, or leave the option out for ${DEFAULT_GODOT_ROOT}`);
  const valid = nodeName(name, DEFAULT_GODOT_ROOT, DEFAULT_GODOT_ROOT);
  if (valid !== name) throw new UserError(`--root-name "${name}" is not a Godot node name (no . : @ / " % or control characters, no spaces at the ends): it would be "${valid}"`);
  return name;
}

function exportOptions(format: string, opts: ExportCommandOptions): ExportOptions {
  const options: { -readonly [K in keyof ExportOptions]: ExportOptions[K] } = {};
  onlyFor(format, "--root-name", opts.rootName, ["godot", "godot3"]);
  onlyFor(format, "--tile-size", opts.tileSize, ["tiled"]);
  onlyFor(format, "--ppm", opts.ppm, ["box2d"]);
  onlyFor(format, "--filter-bits", opts.filterBits, ["box2d"]);
  onlyFor(format, "--bodies", opts.bodies, ["phaser-matter"]);
  onlyFor(format, "--chain-thickness", opts.chainThickness, ["phaser-matter"]);
  onlyFor(format, "--with-images", opts.withImages, ["godot", "godot3"]);
  onlyFor(format, "--godot-project", opts.godotProject, ["godot", "godot3"]);
  if (opts.godotProject !== undefined && !opts.withImages) throw new UserError("--godot-project names where res:// starts, for --with-images: give both");
  if (opts.withImages) options.withImages = true;
  if (opts.rootName !== undefined) options.rootName = checkedRootName(opts.rootName);
  if (opts.tileSize !== undefined) options.tileSize = opts.tileSize;
  if (opts.ppm !== undefined) options.pixelsPerMeter = opts.ppm;
  if (opts.filterBits !== undefined) {
    if (opts.filterBits !== "16" && opts.filterBits !== "32") throw new UserError(`--filter-bits is 16 or 32, got "${opts.filterBits}"`);
    options.filterBits = opts.filterBits === "16" ? 16 : 32;
  }
  if (opts.bodies !== undefined) {
    if (opts.bodies !== "shape" && opts.bodies !== "layer") throw new UserError(`--bodies is shape or layer, got "${opts.bodies}"`);
    options.phaserBodies = opts.bodies;
  }
  if (opts.chainThickness !== undefined) options.chainThickness = opts.chainThickness;
  if (opts.capsules !== undefined) {
    const modes = CAPSULE_MODES[format];
    if (!modes) throw new UserError(`--capsules does not apply to --format ${format} (only to ${Object.keys(CAPSULE_MODES).join(", ")})`);
    if (!modes.includes(opts.capsules)) throw new UserError(`--capsules for ${format} is one of ${modes.join(", ")}, got "${opts.capsules}"`);
    if (format === "tiled") options.tiledCapsules = opts.capsules as "capsule" | "polygon";
    else options.box2dCapsules = opts.capsules as "circles-and-box" | "polygon";
  }
  return options;
}

/** Exports of scenes with at least this many shapes say what is under way on a terminal: smaller ones finish before it would be read. */
export const EXPORT_PROGRESS_SHAPES = 5_000;

const formatIds = () => EXPORT_FORMATS.map((f) => f.id).join(", ");

async function exportCommand(io: CliIO, file: string, opts: ExportCommandOptions): Promise<void> {
  const format = exportFormat(opts.format);
  if (!format) throw new UserError(`unknown format "${opts.format}" (expected one of ${formatIds()})\nUsage: collider-studio export <file> --format F [-o OUT]`);
  const flagOptions = exportOptions(format.id, opts);
  // The map of --into may be the output: writing the scene back into its map is what it is for.
  checkOutputPaths([{ what: "the scene", path: file }], [{ what: "-o", path: opts.output }]);
  if (opts.into !== undefined) {
    onlyFor(format.id, "--into", opts.into, ["tiled"]);
    if (opts.tileSize !== undefined) throw new UserError("--tile-size does not apply with --into: the map keeps its own tiles");
    await exportInto(io, file, opts.into, flagOptions, opts.output);
    return;
  }
  const scene = await loadScene(io, file);
  // The scene's Export Options for this format, a flag overriding each.
  const options = exportOptionsFor(scene, format, flagOptions);
  const output = opts.output === undefined || opts.output === "-" ? undefined : opts.output;
  // A missing folder fails now, not after the warnings about what the format leaves out.
  if (output !== undefined) await io.checkOutput?.(output);
  const sized = format.id === "tiled" && options.tileSize === undefined && scene.tiledMap ? await withMapTileSize(io, file, scene.tiledMap.src, options) : options;
  // Tiled writes image layers always, Godot sprites on request.
  const images: PreparedImages | undefined = format.imageNotes && (format.id === "tiled" || options.withImages) && (scene.images?.length ?? 0) > 0
    ? await prepareExportImages({ scene, sceneFile: file, output, format: format.id === "tiled" ? "tiled" : "godot", ...(opts.godotProject === undefined ? {} : { projectDir: opts.godotProject }) }, { readBytes: io.readBytes ?? readBytesFile })
    : undefined;
  const written = images ? { ...sized, images: images.options } : sized;
  const shown = io.progress !== undefined && scene.shapes.length >= EXPORT_PROGRESS_SHAPES;
  if (shown) io.progress!(`exporting ${scene.shapes.length.toLocaleString("en")} shapes as ${format.type.name}…`);
  let text: string;
  try {
    text = format.write(scene, written);
  } catch (err) {
    // Exporters refuse out-of-range options with a RangeError; say it as a usage error.
    if (err instanceof RangeError) throw new UserError(`${format.id}: ${err.message}`);
    throw err;
  } finally {
    if (shown) io.progress!("\r\u001b[K");
  }
  for (const line of format.leftOut?.(scene, written) ?? []) io.stderr(`${file}: ${line}\n`);
  if (images) {
    for (const line of images.warnings) io.stderr(`${file}: ${line}\n`);
    for (const note of format.imageNotes?.(scene, written) ?? []) io.stderr(`${file}: image "${note.image}": ${note.message}\n`);
    // Before the output, so it never names a file that is not there yet.
    for (const f of images.files) await (io.writeBytes ?? writeBytesFile)(f.path, f.bytes);
  }
  if (output === undefined) {
    io.stdout(text);
    return;
  }
  const kept = await io.writeText(output, text);
  const extracted = images?.folder === undefined ? "" : `; ${images.files.length} data: URL image${images.files.length === 1 ? "" : "s"} to ${path.join(path.dirname(output), path.basename(images.folder))}`;
  io.stderr(`${file}: exported ${scene.shapes.length} shape${scene.shapes.length === 1 ? "" : "s"} as ${format.type.name} to ${output}${keptNote(kept)}${extracted}\n`);
}

/**
 * A Tiled export of a scene imported from a Tiled map keeps that map's tile size (when square),
 * read from the map beside the scene; a map that cannot be read leaves the default, and says so.
 */
async function withMapTileSize(io: CliIO, file: string, src: string, options: ExportOptions): Promise<ExportOptions> {
  let map: TiledMapFile;
  try {
    map = await loadTiledMapFile(path.join(path.dirname(file), src), io.readText);
  } catch (err) {
    const why = err instanceof Error ? (err.message.split("\n")[0] ?? "") : String(err);
    io.stderr(`${file}: warning: cannot read ${src} for its tile size (${why}): the map's tiles are ${DEFAULT_TILE_SIZE}\n`);
    return options;
  }
  const size = keptTileSize(map.original.tilewidth, map.original.tileheight);
  return size === undefined ? options : { ...options, tileSize: size };
}

/**
 * `export --format tiled --into MAP.tmx|MAP.tmj`: the scene written back into the map it came from
 * (mergeIntoTiledMap), the map's other content kept, in the map's own format.
 */
async function exportInto(io: CliIO, file: string, into: string, flagOptions: ExportOptions, output: string | undefined): Promise<void> {
  const scene = await loadScene(io, file);
  const options = exportOptionsFor(scene, exportFormat("tiled")!, flagOptions);
  // The map as written (TMX or TMJ), and as its import reads it (external tilesets, templates applied).
  const map = await loadTiledMapFile(into, io.readText);
  const sceneDir = forwardSlashes(path.dirname(path.resolve(file)));
  const mapDir = forwardSlashes(path.dirname(path.resolve(into)));
  const merged = mergeIntoTiledMap(map.original, scene, { ...(options.tiledCapsules ? { capsules: options.tiledCapsules } : {}), mapDir, sceneDir, ...(map.resolved === map.original ? {} : { resolved: map.resolved }), locate: (at) => map.locate(formatPath(at)) });
  if (!merged.ok) throw new UserError(merged.problems.map((p) => formatProblem(p, into)).join("\n"), 1);
  if (scene.tiledMap && path.resolve(path.dirname(file), scene.tiledMap.src) !== path.resolve(into)) {
    io.stderr(`${file}: warning: the scene was imported from ${scene.tiledMap.src}, not ${into}: its shapes are matched to this map's objects by Tiled id and shape id all the same\n`);
  }
  for (const note of merged.report.notes) io.stderr(`${file}: ${note}\n`);
  const text = writeMapAsFile(merged.map, map.text);
  const summary = mergeSummary(merged.report);
  if (output === "-") {
    io.stdout(text);
    io.stderr(`${file}: merged with ${into} (to standard output; ${into} is unchanged): ${summary}\n`);
    return;
  }
  // Without -o the map itself is written (a safe write: a temporary file renamed over it), as Save to Map does.
  const target = output ?? into;
  const kept = await io.writeText(target, text);
  io.stderr(`${file}: written into ${into}${target === into ? "" : ` as ${output}`}: ${summary}${keptNote(kept)}\n`);
}

/** What an -o write says of the file it replaced: where it was kept. */
const keptNote = (backup: string | null | undefined): string => (backup ? ` (the file it replaced is kept as ${backup})` : "");

/** The tile layers of a map's layer list, in groups too. */
function countTileLayers(layers: unknown): number {
  if (!Array.isArray(layers)) return 0;
  return layers.reduce<number>((n, l: unknown) => {
    if (typeof l !== "object" || l === null) return n;
    const layer = l as { type?: unknown; layers?: unknown };
    return n + (layer.type === "tilelayer" ? 1 : layer.type === "group" ? countTileLayers(layer.layers) : 0);
  }, 0);
}

async function importCommand(io: CliIO, file: string, opts: { output?: string; strict?: boolean; bakeTileColliders?: boolean }): Promise<void> {
  // Image paths go from relative to the map to relative to the scene (standard output: the current folder).
  checkOutputPaths([{ what: "the map", path: file }], [{ what: "-o", path: opts.output }]);
  const sceneDir = opts.output === undefined || opts.output === "-" ? process.cwd() : path.dirname(path.resolve(opts.output));
  const map = await loadMapForImport(file, io.readText);
  // Tile layers are the map's backdrop, as in the editor: not lost (the map keeps them, export --into
  // too), so not "not imported" and not a --strict failure; the summary counts them.
  const result = importTiled(map.text, { mapDir: forwardSlashes(path.dirname(path.resolve(file))), sceneDir: forwardSlashes(sceneDir), mapFile: path.basename(file), tileLayersShown: true });
  if (!result.ok) throw new UserError(result.problems.map((p) => formatProblem(map.place(p), file)).join("\n"), 1);
  const tileLayers = countTileLayers(tiledJson(map.text).layers);
  const baked = opts.bakeTileColliders ? bakeIntoImport(file, tiledJson(map.text), result.scene, map.place) : undefined;
  // Baked tile layers are not "not imported".
  const skipped = result.skipped.filter((s) => !(s.object === 0 && baked?.tileLayers.has(s.layer)));
  const imported = baked?.scene ?? result.scene;
  // The scene remembers its map (the editor draws it as a backdrop), by a path from the scene's folder.
  const mapSrc = relativePath(forwardSlashes(sceneDir), forwardSlashes(path.resolve(file)));
  // With the objects as imported: the base of a later export --into's three-way merge.
  const scene = mapSrc !== null && tiledMapSourceProblem(mapSrc) === null ? { ...imported, tiledMap: { src: mapSrc, base: tiledBaseOf(result.scene.shapes, sceneLayers(result.scene)[0]!.id) } } : imported;
  for (const s of skipped) {
    const owner = s.object !== 0 ? `layer "${s.layer}", object ${s.object}${s.name === "" ? "" : ` "${s.name}"`}` : s.layer === "" ? "the map" : `layer "${s.layer}"`;
    const what = `${owner}${s.property === undefined ? "" : `, property "${s.property}"`}`;
    io.stderr(`${file}: not imported: ${what}: ${s.reason}\n`);
  }
  for (const line of baked?.lines ?? []) io.stderr(`${line}\n`);
  const text = serializeScene(scene);
  const kept = opts.output === undefined || opts.output === "-" ? (io.stdout(text), null) : await io.writeText(opts.output, text);
  const count = (n: number, what: string) => `${n} ${what}${n === 1 ? "" : "s"}`;
  const notDone = skipped.length + (baked?.lines.length ?? 0), how = baked?.lines.length ? "imported or baked" : "imported";
  const images = scene.images?.length ? `, ${count(scene.images.length, "image")}` : "";
  const backdropParts = [tileLayers === 0 ? "" : count(tileLayers, "tile layer"), result.tileObjects === 0 ? "" : count(result.tileObjects, "tile object")].filter((p) => p !== "");
  const backdrop = backdropParts.length === 0 ? "" : `; ${backdropParts.join(" and ")} left in the map as its backdrop`;
  const to = opts.output && opts.output !== "-" ? ` to ${opts.output}${keptNote(kept)}` : "";
  io.stderr(`${file}: imported ${count(result.scene.shapes.length, "shape")}${images}${to}${baked?.note ?? ""}${backdrop}${notDone === 0 ? "" : `; ${count(notDone, "item")} not ${how} (listed above)`}\n`);
  if (opts.strict && notDone > 0) throw new UserError(`${file}: --strict: ${count(notDone, "item")} could not be ${how}`, 1);
}

function buildProgram(io: CliIO, setExit: (code: number) => void): Command {
  const program = new Command("collider-studio")
    .description("Collider Studio: validate and query 2D collider scenes.")
    .version(VERSION, "-V, --version")
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .showHelpAfterError("Usage: collider-studio <validate|overlaps|raycast|sweep|probes|replay|export|import|trace|schema> [options] <file>   (collider-studio --help for more)");

  const run = (fn: () => Promise<void>) => async () => {
    try {
      await fn();
      setExit(0);
    } catch (err) {
      if (err instanceof UserError) {
        if (err.message !== "") io.stderr(err.message + "\n");
        setExit(err.exitCode);
      } else throw err;
    }
  };

  program
    .command("validate")
    .description("check a scene file; prints one line per problem (FILE:LINE:COLUMN: PATH: MESSAGE)")
    .argument("<file>", "scene file (.json)")
    .showHelpAfterError("Usage: collider-studio validate <file>")
    .action((file: string) => run(() => validateCommand(io, file))());

  program
    .command("overlaps")
    .description("list every overlapping pair of shapes with penetration depth and normal; pairs with a sensor are listed apart, as triggers")
    .argument("<file>", "scene file (.json)")
    .option("--json", 'print {"pairs": [{"a", "b", "depth", "normal": [nx, ny], "points": [[x, y], ...], "sensor"?: true}]}: every pair, those with a sensor (triggers, not overlaps) marked')
    .option("--filter <rule>", "which pairs interact by their collision bits: godot (either scans the other, default), box2d (both), none (every overlap)", parseFilter)
    .showHelpAfterError("Usage: collider-studio overlaps [--json] [--filter godot|box2d|none] <file>")
    .action((file: string, opts: { json?: boolean; filter?: FilterRule }) => run(() => overlapsCommand(io, file, opts))());

  program
    .command("raycast")
    .description("cast a ray through the scene; prints the first shape hit, the fraction along the ray, the point and the normal out of the shape")
    .argument("<file>", "scene file (.json)")
    .requiredOption("--from <X,Y>", "start of the ray, world units", parsePoint)
    .requiredOption("--to <X,Y>", "end of the ray, world units", parsePoint)
    .option("--json", 'print {"hit": false} or {"hit": true, "shape", "fraction", "point": [x, y], "normal": [nx, ny]}')
    .option("--all", 'every shape hit, nearest first (with --json: {"hits": [...]})')
    .option("--report-inside", "count shapes the ray starts inside, as hits at fraction 0 (normal against the ray)")
    .option("--mask <bits>", "only shapes on these collision layers (collisionLayer & bits ≠ 0; decimal or 0x hex; default all)", parseMask)
    .option("--include-sensors", SENSORS_HELP)
    .showHelpAfterError("Usage: collider-studio raycast <file> --from X,Y --to X,Y [--json] [--all] [--report-inside] [--mask BITS] [--include-sensors]")
    .action((file: string, opts: CastOptions & { from: Vec2; to: Vec2; reportInside?: boolean }) => run(() => raycastCommand(io, file, opts))());

  program
    .command("sweep")
    .description("move a shape (without turning it) from its position to X,Y; prints the first shape it hits, with the fraction of the move, the contact point and the normal out of the hit shape")
    .argument("<file>", "scene file (.json)")
    .requiredOption("--shape <id-or-name>", "the shape that moves: its id, or its name when no other shape has that name")
    .requiredOption("--to <X,Y>", "where the shape's position (x, y) ends, world units", parsePoint)
    .option("--json", 'print {"hit": false} or {"hit": true, "shape", "fraction", "point": [x, y], "normal": [nx, ny]}; "startedInside": true when overlapping at the start')
    .option("--mask <bits>", "only shapes on these collision layers (decimal or 0x hex; default all)", parseMask)
    .option("--filter <rule>", "which shapes the moving one meets by both shapes' bits: godot (default), box2d, none", parseFilter)
    .option("--all", 'every shape hit, nearest first (with --json: {"hits": [...]})')
    .option("--include-sensors", SENSORS_HELP)
    .showHelpAfterError("Usage: collider-studio sweep <file> --shape ID|NAME --to X,Y [--json] [--all] [--mask BITS] [--filter RULE] [--include-sensors]")
    .action((file: string, opts: CastOptions & { shape: string; to: Vec2 }) => run(() => sweepCommand(io, file, opts))());

  program
    .command("probes")
    .description("the result of every probe (ray or sweep) kept in the scene, as the editor shows them")
    .argument("<file>", "scene file (.json)")
    .option("--json", 'print {"probes": [{"id", "name", "type", "hit", "shape", "fraction", "point", "normal"}, ...]}')
    .option("--include-sensors", "sensors stop every probe (a probe with \"includeSensors\": true is stopped by them anyway; by default probes pass through sensors)")
    .option("--ray-log <out.jsonl>", "write the ray probes as a QA ray log, each with its hit now as \"expect\" (a baseline for replay)")
    .showHelpAfterError("Usage: collider-studio probes [--json] [--include-sensors] [--ray-log OUT] <file>")
    .action((file: string, opts: { json?: boolean; includeSensors?: boolean; rayLog?: string }) => run(() => probesCommand(io, file, opts))());

  program
    .command("export")
    .description("write the scene for a game engine or tool: godot (Godot 4 .tscn), godot3 (Godot 3 .tscn), tiled (Tiled map .tmj), box2d (b2dJson/RUBE .json), phaser-matter (PhysicsEditor JSON for Phaser's matter.add.fromPhysicsEditor); the scene's exportOptions (the editor's Export Options…) are the defaults the options below override; see the README for each format's conventions")
    .argument("<file>", "scene file (.json)")
    .requiredOption("--format <format>", `one of ${formatIds()}`)
    .option("-o, --output <file>", "write here (atomically; an existing file is kept as FILE.bak) instead of to standard output")
    .option("--root-name <name>", "godot, godot3: the root node's name (default Colliders)")
    .option("--capsules <mode>", "tiled: capsule (Tiled 1.12 capsule objects, default) or polygon (for older Tiled); box2d: circles-and-box (exact, default) or polygon (one 8-gon)", wordValue("--capsules", "capsule, polygon or circles-and-box"))
    .option("--tile-size <pixels>", `tiled: the map's tile size (default: the tile size of the map the scene was imported from, else the scene's grid size when whole, else ${DEFAULT_TILE_SIZE})`, parseWhole)
    .option("--ppm <pixels>", "box2d: scene pixels per metre (default 32)", parsePositive)
    .option("--filter-bits <16|32>", "box2d: 16 (Box2D v2.x, default; layers 17-32 dropped) or 32 (Box2D v3, planck)", wordValue("--filter-bits", "16 or 32"))
    .option("--bodies <shape|layer>", "phaser-matter: one Matter body per shape (default) or per layer and collision bits", wordValue("--bodies", "shape or layer"))
    .option("--chain-thickness <pixels>", "phaser-matter: a chain edge's quad thickness (default 1; Matter has no edges)", parsePositive)
    .option("--with-images", "godot, godot3: a Sprite2D (Godot 3: Sprite) per scene image, under the colliders, its texture a res:// path (tiled always writes image layers)")
    .option("--godot-project <dir>", "godot, godot3 with --with-images: the Godot project's folder, where res:// starts (default: the nearest folder with a project.godot, from the output's up)")
    .option("--into <map.tmx|map.tmj>", "tiled: write the scene back into this map (the one it was imported from), in place (-o OUT: to OUT; -o -: to standard output), as TMX or TMJ as the map is: its objects take the shapes' changes since the import, new shapes are added, deleted ones removed, edits made in Tiled since and everything else are kept")
    .showHelpAfterError("Usage: collider-studio export <file> --format F [-o OUT] [--into MAP.tmx|MAP.tmj]")
    .action((file: string, opts: ExportCommandOptions) => run(() => exportCommand(io, file, opts))());

  program
    .command("import")
    .description("turn a Tiled map (.tmx or .tmj) into a scene: rectangles, circular ellipses, polygons (concave too), polylines (as chains) and capsules, with external tilesets and templates read; every object it cannot bring is listed on stderr")
    .argument("<file>", "Tiled map (.tmx, or .tmj: Tiled's JSON map format)")
    .option("-o, --output <file>", "write the scene here (atomically; an existing file is kept as FILE.bak) instead of to standard output")
    .option("--strict", "exit 1 when any object could not be imported (or, with --bake-tile-colliders, baked)")
    .option("--bake-tile-colliders", "also bake the tiles' collision shapes (Tiled's Tile Collision Editor) into one layer per tile layer, boxes of adjacent tiles merged")
    .showHelpAfterError("Usage: collider-studio import <map.tmx|map.tmj> [-o scene.json] [--strict] [--bake-tile-colliders]")
    .action((file: string, opts: { output?: string; strict?: boolean; bakeTileColliders?: boolean }) => run(() => importCommand(io, file, opts))());

  program
    .command("trace")
    .description("trace the opaque pixels of a PNG image into convex polygons (with --concave, whole outlines; with --chains, closed chains along them) and write them as a scene, the image under them where it was traced (its path relative to the scene's folder); prints the blobs (an outline with its holes is one blob), holes and pieces found and the IoU of the pieces against the pixels")
    .argument("<image>", "PNG image (at most 16,384 pixels a side)")
    .requiredOption("-o, --output <file>", "write the scene here (atomically; an existing file is kept as FILE.bak); - for standard output")
    .option("--alpha <0-255>", "a pixel is opaque when its alpha is at least this (default 128)", parseAlpha)
    .option("--tolerance <pixels>", "how far the simplified outlines may stray from the pixels' edges (default 1; 0 follows them exactly)", parseNonNegative)
    .option("--max-vertices <n>", "the most points a convex piece may have, 3 or more (default 8, Box2D's limit)", parseMaxVertices)
    .option("--min-area <px²>", "leave out blobs of fewer opaque pixels than this and fill holes of fewer transparent ones: brush dust, antialiasing crumbs, pinholes (default 16, a 4 × 4 px speck; 0 keeps every pixel; when every blob is smaller, all are kept)", parseNonNegative)
    .option("--concave", "whole outlines, as the editor's Trace dialog has them: one concave polygon per blob instead of convex pieces; a blob with holes is cut straight down from each hole's leftmost and rightmost points into a few (a polygon cannot have a hole; the top, what is walked on, stays whole)")
    .option("--chains", "terrain edges: each blob's outline and each of its holes as a closed one-sided chain (solid from outside the opaque pixels), with no seam for a character to catch on, as Box2D's chain shapes, Godot's segments and Tiled's polylines have terrain; not with --concave")
    .option("--x <x>", "where the image's top-left corner lies in the world (default 0)", parseCoordinate)
    .option("--y <y>", "the same, y down (default 0)", parseCoordinate)
    .option("--scale <units>", "world units per pixel (default 1)", parsePositive)
    .showHelpAfterError("Usage: collider-studio trace <image.png> -o OUT.json [--alpha 128] [--tolerance 1] [--max-vertices 8] [--min-area 16] [--concave | --chains] [--x 0] [--y 0] [--scale 1]")
    .action((image: string, opts: TraceCommandOptions) => run(() => traceCommand(io, image, opts))());

  program
    .command("replay")
    .description("cast every ray of a QA ray log (JSON Lines) through the scene and compare with what was recorded: lost hits, new hits, other shapes, moved hit points (by point, or by fraction along the ray), turned normals (more than 0.5°)")
    .argument("<scene>", "scene file (.json)")
    .argument("<rays>", 'ray log (.jsonl): one {"id", "from": [x, y], "to": [x, y], "mask"?, "includeSensors"?, "frame"?, "time"?, "tag"?, "expect"?} per line')
    .option("--json", 'print {"results": [{"id", "name"?, "line", "hit", "shape", "fraction", "point", "normal", "status", "mismatch"?, "distance"?, "angle"?, "startsInside"?, "reason"?}, ...], "summary": {"total", "ok", "mismatch", "unchecked", "byKind", "tolerance", "skippedLines", "repeatedIds", "byShape"}} (only once the whole log was read; fields in docs/replay.md)')
    .option("--tolerance <units>", `how far a hit point may move and still be the same hit (default ${DEFAULT_TOLERANCE}; over it by float rounding, under a billionth of the coordinates, still counts as within; with only a fraction recorded, its distance along the ray)`, parseNonNegative)
    .option("--record <out.jsonl>", "write the log back with this run's results as \"expect\" (a new baseline; replaced only once the whole log was read, the old one kept as OUT.bak); --record onto RAYS.jsonl itself accepts this run as the log's new baseline, refused (exit 2) when --skip-bad-lines skipped lines: they would be lost")
    .option("--junit <out.xml>", "write JUnit XML: a test case per ray, grouped by tag; mismatches are failures")
    .option("--html <out.html>", "write one self-contained HTML report: the level, every mismatching ray (expected and actual hit), a sortable, filterable table")
    .option("--skip-bad-lines", "report malformed lines and replay the others, each an error test case in --junit (default: refuse the log)")
    .option("--workers <n>", "worker threads that replay the log (0: this thread; default: 2 for a log of 64 MB or more on two cores or more)", parseWorkers)
    .option("--include-sensors", 'sensors stop every ray (by default a ray passes through them unless its line says "includeSensors": true)')
    .option("--expect-rays <n>", "exit 2 (writing no output) unless the log holds exactly N rays: a log cut short at a line break is otherwise well formed", parseWhole)
    .option("--allow-unchecked", `exit 0 even when no ray was checked (an empty log, every line skipped, no ray with an "expect"); without it such a run exits ${NOTHING_CHECKED_EXIT}`)
    .addHelpText("after", `\nExit codes: 0 every checked ray as recorded; 1 a mismatch; 2 an input error (a missing or malformed file, an output that is an input, a ray count other than --expect-rays, or no ray checked without --allow-unchecked; --record may start a baseline from a log without expectations).`)
    .showHelpAfterError("Usage: collider-studio replay <scene.json> <rays.jsonl> [--json] [--tolerance T] [--record OUT] [--junit OUT] [--html OUT] [--skip-bad-lines] [--allow-unchecked] [--expect-rays N] [--workers N] [--include-sensors]")
    .action((sceneFile: string, rays: string, opts: ReplayOptions) => run(async () => {
      // --record onto the log itself accepts this run as the new baseline (the log is read whole
      // before the part file replaces it; the old one is kept as .bak; refused in replay() when lines
      // were skipped, as they would be lost). Any other clash is refused.
      const reports = [{ what: "--junit", path: opts.junit }, { what: "--html", path: opts.html }];
      const onLog = opts.record !== undefined && realPathOf(opts.record) === realPathOf(rays);
      checkOutputPaths([{ what: "the scene", path: sceneFile }, { what: "the ray log", path: rays }], onLog ? reports : [{ what: "--record", path: opts.record }, ...reports]);
      if (onLog) checkOutputPaths([{ what: "the scene", path: sceneFile }], [{ what: "--record", path: opts.record }, ...reports]);
      const scene = await loadReplayScene(io, sceneFile);
      const code = await replay(scene, sceneFile, rays, opts, io, (sc, results, summary, o) => replayHtmlReport(sc, results, summary, { ...o, title: `Replay of ${o.logName}` }));
      if (code !== 0) throw new UserError("", code);
    })());

  program
    .command("schema")
    .description("print the scene format (or with --ray-log, one line of a ray log) as JSON Schema (draft 2020-12), generated from the format's definition")
    .option("--ray-log", "the schema of one line of a ray log (collider-studio replay) instead")
    .showHelpAfterError("Usage: collider-studio schema [--ray-log]")
    .action((opts: { rayLog?: boolean }) => run(async () => io.stdout(opts.rayLog ? rayLogLineJsonSchemaText() : sceneJsonSchemaText()))());

  checkRequiredOptionsLast(program);
  return program;
}

/**
 * Commander checks required options before it looks for unknown ones, so `export --fromat godot`
 * said "required option '--format <format>' not specified" and never named `--fromat`. Here the
 * required options are checked in a preAction hook instead, after commander has refused unknown
 * options (with its "Did you mean") and missing arguments; the message is commander's own.
 */
function checkRequiredOptionsLast(program: Command): void {
  const required = new Map<Command, Option[]>();
  for (const command of program.commands) {
    const options = command.options.filter((o) => o.mandatory);
    for (const o of options) o.mandatory = false;
    if (options.length > 0) required.set(command, options);
  }
  program.hook("preAction", (_program, action) => {
    for (const o of required.get(action) ?? []) {
      if (action.getOptionValue(o.attributeName()) === undefined) action.error(`error: required option '${o.flags}' not specified`, { code: "commander.missingMandatoryOptionValue" });
    }
  });
}

/** Runs the tool on `argv` (without the node and script entries) and returns the exit code. */
export async function runCli(argv: readonly string[], io: CliIO = nodeIO): Promise<number> {
  let code = 0;
  const program = buildProgram(io, (c) => (code = c));
  if (argv.length === 0) {
    io.stderr(program.helpInformation());
    return 2;
  }
  try {
    await program.parseAsync([...argv], { from: "user" });
  } catch (err) {
    if (err instanceof CommanderError) {
      return err.code === "commander.helpDisplayed" || err.code === "commander.version" ? 0 : 2;
    }
    io.stderr(`collider-studio: internal error: ${err instanceof Error ? err.message : String(err)}\n`);
    return 70;
  }
  return code;
}
