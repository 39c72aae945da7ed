// Bake Tile Colliders: the collision shapes of every tile placed on a map's tile layers, in world
// coordinates, with the boxes of adjacent cells merged into long boxes (greedy rectangles, rows
// first), so a row of ground tiles is one box. Linear in the layer's cells: each distinct gid
// (flags included) is worked out once, then one scan of the rows joins runs and stacks equal runs.
//
// What merges: tiles whose collision is exactly one axis-aligned box (after flips) of the same
// "class": the same rectangle within the cell, the same collision layer and mask, both sensors or
// both solid, and the same custom properties. A class joins sideways only when its box spans the cell's full width, and
// downwards only when it spans the full height; a row of half-height platform boxes still joins
// into one. Everything else (chains among it) is placed tile by tile, as the tile's own shapes.
import { formatPath, type PathSegment, type SceneProblem } from "../scene/errors";
import { sceneLayers, type Layer, type Property, type Scene, type Shape } from "../scene/types";
import { decodeTileData } from "./layer-data";
import { tilePlacement, tileShapes, type TileShape } from "./tile-shapes";
import { gidOf, type JsonObject, type JsonValue } from "./types";

export { tileShapes, tilePlacement, tileTransform, type TileShape, type TilePlacement } from "./tile-shapes";

export interface BakeOptions {
  /** Bake hidden tile layers too (their scene layers are then hidden). Default false. */
  readonly includeHidden?: boolean;
  /** Most points of a polygon piece, at least 3. Default 8 (Box2D's limit). */
  readonly maxVertices?: number;
}

export interface BakedLayer {
  /** The tile layer's name with its groups': "Group/Layer". */
  readonly name: string;
  /** The tile layer's Tiled id. */
  readonly tiledId: number;
  readonly visible: boolean;
  /** Shapes the layer's tiles have, placed one by one (before boxes merge). */
  readonly tileShapes: number;
  /** Ids and names `<name>-1`, `<name>-2`, … in row order of their top-left cell; a layer named as an earlier one counts as `<name> (2)`. */
  readonly shapes: readonly Shape[];
}

/** A collision object (or a whole tile) that gave no shape, once per layer, tile, object and reason. */
export interface Unbaked {
  readonly layer: string;
  /** The first cell (in tiles, map-wide) where it happened, by rows. */
  readonly x: number;
  readonly y: number;
  /** How many cells of the layer hold it. */
  readonly cells: number;
  /** The tile's gid (flags cleared). */
  readonly tile: number;
  /** The object's id in the tile's collision objects; 0 for the tile as a whole. */
  readonly object: number;
  readonly reason: string;
}

/** Where an Unbaked happened, in the command line's and the editor's words: `layer "Ground", cell (3, 4) and 2 more cells, tile 7, object 2`. */
export function unbakedPlace(u: Unbaked): string {
  const more = u.cells - 1;
  const where = `cell (${u.x}, ${u.y})${more > 0 ? ` and ${more.toLocaleString("en")} more cell${more === 1 ? "" : "s"}` : ""}`;
  return `layer ${JSON.stringify(u.layer)}, ${where}, tile ${u.tile}${u.object === 0 ? "" : `, object ${u.object}`}`;
}

export type BakeResult =
  | {
      readonly ok: true;
      readonly layers: readonly BakedLayer[];
      readonly unbaked: readonly Unbaked[];
      /** Every tile layer read (named as BakedLayer's), with shapes or not. */
      readonly tileLayers: readonly string[];
    }
  | { readonly ok: false; readonly problems: readonly SceneProblem[] };

const isObject = (v: unknown): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);
const num = (v: JsonValue | undefined, fallback = 0): number => (typeof v === "number" && Number.isFinite(v) ? v : fallback);

/** What every cell holding one gid (flags included) gets. */
interface TileInfo {
  /** Its shapes in the cell's frame. */
  readonly shapes: readonly TileShape[];
  /** Its box class when its collision is one axis-aligned box; -1 otherwise. */
  readonly cls: number;
  /** Keys of what it could not bake (tile, object, reason). */
  readonly skipped: readonly string[];
}

/** A merge class: one box rectangle within the cell and what the box carries. */
interface BoxClass {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
  readonly across: boolean;
  readonly down: boolean;
  readonly collisionLayer: number | undefined;
  readonly collisionMask: number | undefined;
  readonly sensor: true | undefined;
  readonly properties: readonly Property[] | undefined;
}

/** Gids → shapes and box classes, shared by every layer of one map. */
class TileCatalog {
  private readonly infos = new Map<number, TileInfo>();
  private readonly classKeys = new Map<string, number>();
  readonly classes: BoxClass[] = [];
  /** (tile, object, reason) of each skipped key. */
  readonly skippedOf = new Map<string, { tile: number; object: number; reason: string }>();
  private readonly tileIndex = new Map<JsonObject, Map<number, JsonObject>>();

  constructor(
    private readonly tilesets: readonly { firstgid: number; tileset: JsonObject }[],
    private readonly tileWidth: number,
    private readonly tileHeight: number,
    private readonly maxVertices: number,
  ) {}

  info(raw: number): TileInfo {
    let info = this.infos.get(raw);
    if (info === undefined) {
      info = this.make(raw);
      this.infos.set(raw, info);
    }
    return info;
  }

  private skip(tile: number, object: number, reason: string): string {
    const key = `${tile}\u0000${object}\u0000${reason}`;
    if (!this.skippedOf.has(key)) this.skippedOf.set(key, { tile, object, reason });
    return key;
  }

  private tileOf(tileset: JsonObject, id: number): JsonObject | undefined {
    let index = this.tileIndex.get(tileset);
    if (index === undefined) {
      index = new Map();
      for (const t of Array.isArray(tileset.tiles) ? tileset.tiles : []) if (isObject(t) && typeof t.id === "number") index.set(t.id, t);
      this.tileIndex.set(tileset, index);
    }
    return index.get(id);
  }

  private make(raw: number): TileInfo {
    const gid = gidOf(raw);
    // Tilesets are in firstgid order: the last one starting at or before the gid holds it.
    let owner: { firstgid: number; tileset: JsonObject } | undefined;
    for (const t of this.tilesets) if (t.firstgid <= gid) owner = t;
    if (owner === undefined) return { shapes: [], cls: -1, skipped: [this.skip(gid, 0, `gid ${gid} is in no tileset`)] };
    const tile = this.tileOf(owner.tileset, gid - owner.firstgid);
    if (tile === undefined) return { shapes: [], cls: -1, skipped: [] };
    const placement = tilePlacement(owner.tileset, tile, this.tileWidth, this.tileHeight);
    if (typeof placement === "string") return { shapes: [], cls: -1, skipped: [this.skip(gid, 0, placement)] };
    const made = tileShapes(tile, raw, placement, this.maxVertices);
    const skipped = made.skipped.map((s) => this.skip(gid, s.object, s.reason));
    return { shapes: made.shapes, cls: made.shapes.length === 1 ? this.classOf(made.shapes[0]!) : -1, skipped };
  }

  /** The box class of a shape that is an axis-aligned box, else -1. */
  private classOf(s: TileShape): number {
    if (s.type !== "box" || !Number.isInteger(s.rotation / 90)) return -1;
    const across = Number.isInteger(s.rotation / 180);
    const hw = (across ? s.width : s.height) / 2, hh = (across ? s.height : s.width) / 2;
    const eps = 1e-9 * Math.max(this.tileWidth, this.tileHeight);
    const snap = (v: number) => (Math.abs(v) <= eps ? 0 : Math.abs(v - this.tileWidth) <= eps ? this.tileWidth : v);
    const snapY = (v: number) => (Math.abs(v) <= eps ? 0 : Math.abs(v - this.tileHeight) <= eps ? this.tileHeight : v);
    const x0 = snap(s.x - hw), x1 = snap(s.x + hw), y0 = snapY(s.y - hh), y1 = snapY(s.y + hh);
    const props = s.properties && [...s.properties].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const key = JSON.stringify([x0, y0, x1, y1, s.collisionLayer ?? null, s.collisionMask ?? null, s.sensor ?? false, props ?? null]);
    let cls = this.classKeys.get(key);
    if (cls === undefined) {
      cls = this.classes.length;
      this.classKeys.set(key, cls);
      this.classes.push({
        x0, y0, x1, y1,
        across: x0 === 0 && x1 === this.tileWidth,
        down: y0 === 0 && y1 === this.tileHeight,
        collisionLayer: s.collisionLayer,
        collisionMask: s.collisionMask,
        sensor: s.sensor,
        properties: s.properties,
      });
    }
    return cls;
  }
}

/** A row of cells: `length` gids from `data[start]`, the first at cell (x, y). */
interface Segment {
  readonly x: number;
  readonly y: number;
  readonly data: Uint32Array;
  readonly start: number;
  readonly length: number;
}

/** `base`, or `base-2`, `base-3`, … when taken; then taken. */
function freshId(taken: Set<string>, base: string, suffix = (n: number) => `${base}-${n}`): string {
  let id = base;
  for (let n = 2; taken.has(id); n++) id = suffix(n);
  taken.add(id);
  return id;
}

/**
 * One tile layer's shapes in world coordinates (the layer's origin at ox, oy), named `base-1`,
 * `base-2`, … in order, and what it could not bake, from its rows in (y, x) order.
 */
function bakeRows(rows: readonly Segment[], ox: number, oy: number, catalog: TileCatalog, tw: number, th: number, base: string) {
  const out: (Shape | null)[] = [];
  // Rectangles of cells: [x0, x1) × [y0, y1), with their class and output slot.
  const rx0: number[] = [], rx1: number[] = [], ry0: number[] = [], ry1: number[] = [], rcls: number[] = [], rslot: number[] = [];
  let prevOpen: number[] = [], open: number[] = [];
  let p = 0;
  let placed = 0;
  const skipped = new Map<string, { x: number; y: number; cells: number }>();
  let runCls = -1, runX0 = 0, runX1 = 0, rowY = 0;

  const closeRun = () => {
    if (runCls < 0) return;
    while (p < prevOpen.length && rx0[prevOpen[p]!]! < runX0) p++;
    const r = prevOpen[p];
    if (r !== undefined && rx0[r] === runX0 && rx1[r] === runX1 && rcls[r] === runCls && ry1[r] === rowY && catalog.classes[runCls]!.down) {
      ry1[r] = rowY + 1;
      open.push(r);
      p++;
    } else {
      open.push(rx0.length);
      rx0.push(runX0); rx1.push(runX1); ry0.push(rowY); ry1.push(rowY + 1); rcls.push(runCls); rslot.push(out.length);
      out.push(null);
    }
    runCls = -1;
  };

  for (let s = 0; s < rows.length; s++) {
    const seg = rows[s]!;
    if (s === 0 || seg.y !== rowY) {
      closeRun();
      [prevOpen, open] = [open, prevOpen];
      open.length = 0;
      p = 0;
      rowY = seg.y;
    }
    let lastRaw = 0, info: TileInfo | undefined;
    for (let i = 0; i < seg.length; i++) {
      const raw = seg.data[seg.start + i]!;
      const x = seg.x + i;
      if (gidOf(raw) === 0) {
        closeRun();
        continue;
      }
      if (raw !== lastRaw || info === undefined) {
        info = catalog.info(raw);
        lastRaw = raw;
      }
      placed += info.shapes.length;
      for (const key of info.skipped) {
        const seen = skipped.get(key);
        if (seen) seen.cells++;
        else skipped.set(key, { x, y: rowY, cells: 1 });
      }
      if (info.cls >= 0) {
        if (runCls === info.cls && runX1 === x && catalog.classes[runCls]!.across) {
          runX1++;
          continue;
        }
        closeRun();
        runCls = info.cls;
        runX0 = x;
        runX1 = x + 1;
        continue;
      }
      closeRun();
      const wx = ox + x * tw, wy = oy + rowY * th;
      for (const shape of info.shapes) {
        const id = `${base}-${out.length + 1}`;
        out.push({ ...shape, id, name: id, x: shape.x + wx, y: shape.y + wy });
      }
    }
  }
  closeRun();

  for (let r = 0; r < rx0.length; r++) {
    const c = catalog.classes[rcls[r]!]!;
    const left = ox + rx0[r]! * tw + c.x0, right = ox + (rx1[r]! - 1) * tw + c.x1;
    const top = oy + ry0[r]! * th + c.y0, bottom = oy + (ry1[r]! - 1) * th + c.y1;
    const id = `${base}-${rslot[r]! + 1}`;
    out[rslot[r]!] = {
      id,
      name: id,
      type: "box",
      x: (left + right) / 2,
      y: (top + bottom) / 2,
      rotation: 0,
      width: right - left,
      height: bottom - top,
      ...(c.collisionLayer !== undefined ? { collisionLayer: c.collisionLayer } : {}),
      ...(c.collisionMask !== undefined ? { collisionMask: c.collisionMask } : {}),
      ...(c.sensor ? { sensor: c.sensor } : {}),
      ...(c.properties !== undefined ? { properties: c.properties } : {}),
    };
  }
  // Every slot was filled by its rectangle.
  return { shapes: out as Shape[], placed, skipped };
}

/**
 * Bakes the collision shapes of every tile layer of `map` (Tiled's JSON model with every tileset
 * inlined, each with its `firstgid`, as loadTiledMap's `resolved`): each placed tile's collision
 * objects (tileShapes) in world coordinates (group and layer offsets, the map's tile size, tiles
 * standing on their cell's bottom-left corner, infinite maps' chunks), adjacent boxes merged (see
 * the file's head). Layers come bottom first; hidden ones are left out unless `includeHidden`, and
 * layers without shapes are left out. Orthogonal maps only. A map it cannot read (undecodable
 * layer data, a tileset not inlined) gives problems naming the JSON path; only a `maxVertices`
 * below 3 throws (a RangeError).
 */
export function bakeTileColliders(map: JsonObject, options: BakeOptions = {}): BakeResult {
  const maxVertices = options.maxVertices ?? 8;
  if (!Number.isInteger(maxVertices) || maxVertices < 3) throw new RangeError(`maxVertices must be a whole number of at least 3, got ${maxVertices}`);
  const problems: SceneProblem[] = [];
  const problem = (at: readonly PathSegment[], message: string) => problems.push({ path: formatPath(at), message });
  const orientation = map.orientation ?? "orthogonal";
  if (orientation !== "orthogonal") return { ok: false, problems: [{ path: "orientation", message: `only orthogonal maps can be baked, not ${JSON.stringify(orientation)}` }] };
  const tw = num(map.tilewidth), th = num(map.tileheight);
  if (!(tw > 0)) problem(["tilewidth"], "the map's tile width must be a positive number");
  if (!(th > 0)) problem(["tileheight"], "the map's tile height must be a positive number");
  const tilesets: { firstgid: number; tileset: JsonObject }[] = [];
  (Array.isArray(map.tilesets) ? map.tilesets : []).forEach((t: JsonValue, i: number) => {
    if (!isObject(t)) return problem(["tilesets", i], "a tileset must be an object");
    // A reference to a tileset file (only firstgid and source); an inlined one may keep its source.
    if (typeof t.source === "string" && t.tilewidth === undefined) return problem(["tilesets", i, "source"], `external tileset ${JSON.stringify(t.source)} is not loaded (baking needs every tileset inlined)`);
    const firstgid = num(t.firstgid, NaN);
    if (!Number.isInteger(firstgid) || firstgid < 1) return problem(["tilesets", i, "firstgid"], "expected a whole number of at least 1");
    tilesets.push({ firstgid, tileset: t });
  });
  if (problems.length > 0) return { ok: false, problems };
  tilesets.sort((a, b) => a.firstgid - b.firstgid);
  const catalog = new TileCatalog(tilesets, tw, th, maxVertices);
  const infinite = map.infinite === true;
  const layers: BakedLayer[] = [];
  const unbaked: Unbaked[] = [];
  const bases = new Set<string>();
  const tileLayers: string[] = [];

  const readRows = (layer: JsonObject, at: readonly PathSegment[]): Segment[] | null => {
    const lx = num(layer.x), ly = num(layer.y);
    const encoding = typeof layer.encoding === "string" ? layer.encoding : undefined;
    const compression = typeof layer.compression === "string" ? layer.compression : undefined;
    const decode = (data: JsonValue | undefined, where: readonly PathSegment[], width: number, height: number): Uint32Array | null => {
      if (!Number.isInteger(width) || !Number.isInteger(height) || width < 0 || height < 0) {
        problem(where, `width and height must be whole numbers, got ${width} × ${height}`);
        return null;
      }
      if (typeof data !== "string" && !Array.isArray(data)) {
        problem([...where, "data"], "expected the layer's tiles (an array of gids or a base64 string)");
        return null;
      }
      const decoded = decodeTileData(data as readonly number[] | string, encoding, compression, width * height);
      if (!decoded.ok) {
        problem([...where, "data"], decoded.message);
        return null;
      }
      return decoded.gids;
    };
    const rows: Segment[] = [];
    if (!infinite) {
      const width = num(layer.width, NaN), height = num(layer.height, NaN);
      const gids = decode(layer.data, at, width, height);
      if (!gids) return null;
      for (let j = 0; j < height; j++) rows.push({ x: lx, y: ly + j, data: gids, start: j * width, length: width });
      return rows;
    }
    const chunks = Array.isArray(layer.chunks) ? layer.chunks : [];
    for (const [k, chunk] of chunks.entries()) {
      const where = [...at, "chunks", k];
      if (!isObject(chunk)) {
        problem(where, "a chunk must be an object");
        return null;
      }
      const width = num(chunk.width, NaN), height = num(chunk.height, NaN);
      const gids = decode(chunk.data, where, width, height);
      if (!gids) return null;
      const cx = lx + num(chunk.x), cy = ly + num(chunk.y);
      for (let j = 0; j < height; j++) if (width > 0) rows.push({ x: cx, y: cy + j, data: gids, start: j * width, length: width });
    }
    rows.sort((a, b) => a.y - b.y || a.x - b.x);
    for (let s = 1; s < rows.length; s++) {
      const a = rows[s - 1]!, b = rows[s]!;
      if (a.y === b.y && b.x < a.x + a.length) {
        problem([...at, "chunks"], `chunks overlap at cell (${b.x}, ${b.y})`);
        return null;
      }
    }
    return rows;
  };

  const walk = (list: readonly JsonValue[], at: readonly PathSegment[], prefix: string, dx: number, dy: number, hidden: boolean) => {
    list.forEach((raw, i) => {
      const here = [...at, i];
      if (!isObject(raw)) return;
      const name = typeof raw.name === "string" ? raw.name : "";
      const path = prefix + name;
      const ox = dx + num(raw.offsetx), oy = dy + num(raw.offsety);
      const isHidden = hidden || raw.visible === false;
      if (raw.type === "group") {
        walk(Array.isArray(raw.layers) ? raw.layers : [], [...here, "layers"], `${path}/`, ox, oy, isHidden);
        return;
      }
      if (raw.type !== "tilelayer" || (isHidden && !options.includeHidden)) return;
      const rows = readRows(raw, here);
      if (!rows) return;
      tileLayers.push(path);
      // Ids `<base>-<n>` of different bases never meet (n is digits only), so bases are kept apart.
      const base = freshId(bases, path === "" ? "tiles" : path, (n) => `${path === "" ? "tiles" : path} (${n})`);
      const baked = bakeRows(rows, ox, oy, catalog, tw, th, base);
      for (const [key, where] of baked.skipped) unbaked.push({ layer: path, ...where, ...catalog.skippedOf.get(key)! });
      if (baked.shapes.length === 0) return;
      layers.push({ name: path, tiledId: num(raw.id), visible: !isHidden, tileShapes: baked.placed, shapes: baked.shapes });
    });
  };
  walk(Array.isArray(map.layers) ? map.layers : [], ["layers"], "", 0, 0, false);
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, layers, unbaked, tileLayers };
}

/**
 * `scene` with one more layer per baked tile layer, named after it ("Ground colliders"; hidden when the tile layer
 * is), above the scene's own. Ids already taken get a suffix (`-2`, `-3`, …).
 */
export function withBakedLayers(scene: Scene, baked: readonly BakedLayer[]): Scene {
  if (baked.length === 0) return scene;
  const layerIds = new Set((scene.layers ?? []).map((l) => l.id));
  const shapeIds = new Set(scene.shapes.map((s) => s.id));
  // A scene without layers has one implicit layer; it is written out when its shapes need it.
  const own: Layer[] = scene.layers?.length ? [...scene.layers] : scene.shapes.length > 0 ? [...sceneLayers(scene)] : [];
  for (const l of own) layerIds.add(l.id);
  const shapes: Shape[] = [...scene.shapes];
  // Baked ids are unique among themselves: only one the scene has needs another, which must miss
  // every id (built at the first clash, as baking a large map gives many).
  let all: Set<string> | undefined;
  const shapeId = (id: string) => (shapeIds.has(id) ? freshId((all ??= new Set([...shapeIds, ...baked.flatMap((b) => b.shapes.map((s) => s.id))])), id) : id);
  for (const b of baked) {
    const id = freshId(layerIds, `tiles-${b.tiledId}`);
    // Named apart from the tile layer it came from: written back into the map, the two sit side by side.
    own.push({ id, name: `${b.name} colliders`, ...(b.visible ? {} : { visible: false }) });
    const first = own.length === 1;
    for (const s of b.shapes) shapes.push({ ...s, id: shapeId(s.id), ...(first ? {} : { layer: id }) });
  }
  return { ...scene, layers: own, shapes };
}
