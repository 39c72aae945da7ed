// Tiled's JSON model → TMX (and a tileset → TSX), written as Tiled 1.8 writes them
// (src/libtiled/mapwriter.cpp): defaults left out, one-space indentation. parseTmx of the result
// gives the model back for everything parseTmx reads. Each tile layer is written in its own
// encoding; base64 data is written as it is (a zstd layer keeps its string: there is no zstd
// compressor here), and an array of gids given a base64 encoding is encoded first.
// Class property members are written with types taken from their JSON values (int for whole
// numbers, float, bool, string, class for objects, list for arrays): Tiled's JSON keeps no member
// types, and Tiled reads members by the project's class definition anyway.
// Models from TMJ files may leave out what Tiled would write; what is missing takes Tiled's default.
// A value that cannot be written (a gid that is not a number, a string with a character XML
// cannot hold) throws a RangeError naming its place in the model.
import { formatPath, type PathSegment } from "../scene/errors";
import { encodeTileData } from "./layer-data";
import type { JsonObject, JsonValue, TileCompression } from "./types";
import { escapeXmlAttribute, escapeXmlText, firstNonXmlChar } from "./xml";

type Path = readonly PathSegment[];

interface Node {
  readonly name: string;
  readonly attrs: [string, string][];
  readonly children: Node[];
  /** Character data; written as given (formatting whitespace included), escaped. */
  text?: string;
}

const node = (name: string, attrs: [string, string][] = [], children: Node[] = []): Node => ({ name, attrs, children });

function serialize(n: Node, depth: number, out: string[]): void {
  const indent = " ".repeat(depth);
  const open = `${indent}<${n.name}${n.attrs.map(([k, v]) => ` ${k}="${escapeXmlAttribute(v)}"`).join("")}`;
  if (n.children.length === 0 && (n.text === undefined || n.text === "")) out.push(`${open}/>\n`);
  else if (n.children.length === 0) out.push(`${open}>${escapeXmlText(n.text!)}</${n.name}>\n`);
  else {
    out.push(`${open}>\n`);
    for (const c of n.children) serialize(c, depth + 1, out);
    out.push(`${indent}</${n.name}>\n`);
  }
}

const fail = (path: Path, message: string): never => {
  throw new RangeError(`${formatPath(path) || "map"}: ${message}`);
};

const isObject = (v: unknown): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);

/** A string (or number) of the model as it can go into XML; refuses characters XML 1.0 cannot hold. */
function xmlString(v: JsonValue | undefined, path: Path, fallback = ""): string {
  if (v === undefined || v === null) return fallback;
  if (typeof v === "number") return String(v);
  if (typeof v !== "string") return fail(path, `expected a string, got ${JSON.stringify(v)}`);
  const bad = firstNonXmlChar(v);
  if (bad >= 0) fail(path, `character U+${v.codePointAt(bad)!.toString(16).toUpperCase().padStart(4, "0")} cannot be written in XML`);
  return v;
}

/** Reads fields of the model, refusing what cannot be written. */
class Fields {
  constructor(readonly obj: JsonObject, readonly path: Path) {}

  has(key: string): boolean {
    return this.obj[key] !== undefined;
  }

  str(key: string, fallback = ""): string {
    return xmlString(this.obj[key], [...this.path, key], fallback);
  }

  num(key: string, fallback: number): number {
    const v = this.obj[key];
    if (v === undefined || v === null) return fallback;
    if (typeof v !== "number" || !Number.isFinite(v)) return fail([...this.path, key], `expected a number, got ${JSON.stringify(v)}`);
    return v;
  }

  int(key: string, fallback: number): number {
    const v = this.num(key, fallback);
    if (!Number.isInteger(v)) fail([...this.path, key], `expected a whole number, got ${v}`);
    return v;
  }

  bool(key: string, fallback: boolean): boolean {
    const v = this.obj[key];
    if (v === undefined || v === null) return fallback;
    if (typeof v !== "boolean") return fail([...this.path, key], `expected true or false, got ${JSON.stringify(v)}`);
    return v;
  }

  array(key: string): readonly JsonValue[] {
    const v = this.obj[key];
    if (v === undefined || v === null) return [];
    if (!Array.isArray(v)) return fail([...this.path, key], "expected an array");
    return v as readonly JsonValue[];
  }

  objects(key: string): Fields[] {
    return this.array(key).map((v, i) => (isObject(v) ? new Fields(v, [...this.path, key, i]) : fail([...this.path, key, i], "expected an object")));
  }

  object(key: string): Fields | undefined {
    const v = this.obj[key];
    if (v === undefined || v === null) return undefined;
    return isObject(v) ? new Fields(v, [...this.path, key]) : fail([...this.path, key], "expected an object");
  }
}

const num = (n: number): string => String(n);
const flag = (b: boolean): string => (b ? "1" : "0");

// ---------------------------------------------------------------- properties

/** The TMX type of a class member or list value Tiled's JSON gives without one. */
function inferredType(v: JsonValue): string {
  if (typeof v === "boolean") return "bool";
  if (typeof v === "number") return Number.isInteger(v) ? "int" : "float";
  if (Array.isArray(v)) return "list";
  if (isObject(v)) return "class";
  return "string";
}

/** Sets a property's (or item's) value on `n`: an attribute, text for multi-line strings, or nested elements. */
function writeValue(n: Node, type: string, value: JsonValue | undefined, path: Path): void {
  const check = (ok: boolean, what: string) => ok || fail(path, `a ${type} property needs ${what}, got ${JSON.stringify(value)}`);
  switch (type) {
    case "class": {
      if (value === undefined || value === null) return;
      check(isObject(value), "an object of member values");
      const members = Object.entries(value as JsonObject).filter((e): e is [string, JsonValue] => e[1] !== undefined);
      if (members.length === 0) return;
      const props = node("properties");
      for (const [name, v] of members) {
        const p = node("property", [["name", xmlString(name, [...path, name])]]);
        const t = inferredType(v);
        if (t !== "string") p.attrs.push(["type", t]);
        writeValue(p, t, v, [...path, name]);
        props.children.push(p);
      }
      n.children.push(props);
      return;
    }
    case "list": {
      check(Array.isArray(value) || value === undefined, "an array of items");
      for (const [i, item] of (Array.isArray(value) ? value : []).entries()) {
        const at = [...path, i];
        // Items are {type, value, propertytype?}; a bare value (a class member's list) takes its JSON type.
        const f = isObject(item) && "value" in item ? new Fields(item, at) : undefined;
        const t = f ? f.str("type", "string") : inferredType(item as JsonValue);
        const itemNode = node("item");
        if (t !== "string") itemNode.attrs.push(["type", t]);
        if (f?.has("propertytype")) itemNode.attrs.push(["propertytype", f.str("propertytype")]);
        writeValue(itemNode, t, f ? f.obj.value : (item as JsonValue), f ? [...at, "value"] : at);
        n.children.push(itemNode);
      }
      return;
    }
    case "int":
    case "object":
      check(typeof value === "number" && Number.isInteger(value), "a whole number");
      n.attrs.push(["value", num(value as number)]);
      return;
    case "float":
      check(typeof value === "number" && Number.isFinite(value), "a number");
      n.attrs.push(["value", num(value as number)]);
      return;
    case "bool":
      check(typeof value === "boolean", "true or false");
      n.attrs.push(["value", value ? "true" : "false"]);
      return;
    default: {
      const text = xmlString(value, path);
      // Tiled writes multi-line strings as text; whitespace-only text would read back as "", so those stay an attribute.
      if (type === "string" && text.includes("\n") && text.trim() !== "") n.text = text;
      else n.attrs.push(["value", text]);
    }
  }
}

function properties(f: Fields): Node[] {
  const list = f.objects("properties");
  if (list.length === 0) return [];
  const props = node("properties");
  for (const p of list) {
    const type = p.str("type", "string");
    const n = node("property", [["name", p.str("name")]]);
    if (type !== "string") n.attrs.push(["type", type]);
    if (p.has("propertytype")) n.attrs.push(["propertytype", p.str("propertytype")]);
    writeValue(n, type, p.obj.value, [...p.path, "value"]);
    props.children.push(n);
  }
  return [props];
}

// ---------------------------------------------------------------- tile data

/** Gids Tiled's CSV way: a row per line, commas between and after every row but the last. */
function csv(gids: readonly JsonValue[], width: number, path: Path): string {
  let out = "\n";
  for (let i = 0; i < gids.length; i++) {
    const g = gids[i];
    if (typeof g !== "number" || !Number.isInteger(g) || g < 0 || g > 0xffffffff) fail([...path, i], `not a gid: ${JSON.stringify(g)}`);
    out += num(g as number);
    if (i < gids.length - 1) out += ",";
    if (width > 0 && (i + 1) % width === 0) out += "\n";
  }
  return width > 0 && gids.length % width === 0 ? out : `${out}\n`;
}

function dataText(data: JsonValue | undefined, encoding: string, compression: string, width: number, path: Path, indent: string): string {
  if (encoding !== "base64") {
    if (!Array.isArray(data)) return fail(path, `${encoding === "" ? "csv" : encoding} data must be an array of gids`);
    return csv(data as readonly JsonValue[], width, path);
  }
  let text: string;
  if (typeof data === "string") text = data.replace(/\s+/g, "");
  else if (Array.isArray(data)) {
    if (compression === "zstd") return fail(path, "an array of gids cannot be written as zstd (no compressor here): give the original base64 string");
    const gids = new Uint32Array(data.length);
    for (const [i, g] of data.entries()) {
      if (typeof g !== "number" || !Number.isInteger(g) || g < 0 || g > 0xffffffff) fail([...path, i], `not a gid: ${JSON.stringify(g)}`);
      gids[i] = g as number;
    }
    text = encodeTileData(gids, "base64", compression as TileCompression) as string;
  } else return fail(path, "base64 data must be a string (or an array of gids to encode)");
  if (!/^[A-Za-z0-9+/=]*$/.test(text)) fail(path, "base64 data holds characters outside base64");
  return `\n${indent}${text}\n${indent.slice(1)}`;
}

function tileLayerData(f: Fields, depth: number): Node {
  const encoding = f.str("encoding", "csv");
  const compression = f.str("compression", "");
  if (encoding !== "csv" && encoding !== "base64") fail([...f.path, "encoding"], `unknown encoding "${encoding}" (csv or base64)`);
  if (!["", "zlib", "gzip", "zstd"].includes(compression)) fail([...f.path, "compression"], `unknown compression "${compression}" (zlib, gzip or zstd)`);
  const data = node("data", [["encoding", encoding]]);
  if (encoding === "base64" && compression !== "") data.attrs.push(["compression", compression]);
  const indent = " ".repeat(depth + 2);
  if (f.has("chunks")) {
    for (const c of f.objects("chunks")) {
      const width = c.int("width", 0);
      const chunk = node("chunk", [["x", num(c.int("x", 0))], ["y", num(c.int("y", 0))], ["width", num(width)], ["height", num(c.int("height", 0))]]);
      chunk.text = dataText(c.obj.data, encoding, compression, width, [...c.path, "data"], indent + " ");
      data.children.push(chunk);
    }
  } else data.text = dataText(f.obj.data, encoding, compression, f.int("width", 0), [...f.path, "data"], indent);
  return data;
}

// ---------------------------------------------------------------- layers and objects

function layerAttributes(f: Fields, n: Node, tileLayer: boolean): void {
  const a = n.attrs;
  const id = f.int("id", 0);
  if (id !== 0) a.push(["id", num(id)]);
  const name = f.str("name");
  if (name !== "") a.push(["name", name]);
  if (f.has("class")) a.push(["class", f.str("class")]);
  const x = f.int("x", 0), y = f.int("y", 0);
  if (x !== 0) a.push(["x", num(x)]);
  if (y !== 0) a.push(["y", num(y)]);
  if (tileLayer) a.push(["width", num(f.int("width", 0))], ["height", num(f.int("height", 0))]);
  if (!f.bool("visible", true)) a.push(["visible", "0"]);
  if (f.bool("locked", false)) a.push(["locked", "1"]);
  const opacity = f.num("opacity", 1);
  if (opacity !== 1) a.push(["opacity", num(opacity)]);
  if (f.has("tintcolor")) a.push(["tintcolor", f.str("tintcolor")]);
  const ox = f.num("offsetx", 0), oy = f.num("offsety", 0);
  // An image layer without offsetx takes its offset from x and y (TMX before Tiled 1.0): always write it then.
  if (ox !== 0 || oy !== 0 || (n.name === "imagelayer" && (x !== 0 || y !== 0))) a.push(["offsetx", num(ox)], ["offsety", num(oy)]);
  const px = f.num("parallaxx", 1), py = f.num("parallaxy", 1);
  if (px !== 1) a.push(["parallaxx", num(px)]);
  if (py !== 1) a.push(["parallaxy", num(py)]);
  if (f.has("mode") && f.str("mode") !== "normal") a.push(["mode", f.str("mode")]);
}

function points(list: Fields[]): string {
  return list.map((p) => `${num(p.num("x", 0))},${num(p.num("y", 0))}`).join(" ");
}

function textNode(f: Fields): Node {
  const n = node("text");
  const a = n.attrs;
  const family = f.str("fontfamily", "sans-serif");
  if (family !== "sans-serif") a.push(["fontfamily", family]);
  const size = f.int("pixelsize", 16);
  if (size !== 16) a.push(["pixelsize", num(size)]);
  if (f.bool("wrap", false)) a.push(["wrap", "1"]);
  if (f.has("color")) a.push(["color", f.str("color")]);
  for (const key of ["bold", "italic", "underline", "strikeout"]) if (f.bool(key, false)) a.push([key, "1"]);
  if (!f.bool("kerning", true)) a.push(["kerning", "0"]);
  const halign = f.str("halign", "left"), valign = f.str("valign", "top");
  if (halign !== "left") a.push(["halign", halign]);
  if (valign !== "top") a.push(["valign", valign]);
  n.text = f.str("text");
  return n;
}

function objectNode(f: Fields): Node {
  const n = node("object");
  const a = n.attrs;
  const instance = f.has("template");
  if (f.has("id")) a.push(["id", num(f.int("id", 0))]);
  if (instance) a.push(["template", f.str("template")]);
  for (const key of ["name", "type"]) {
    const v = f.str(key);
    if (instance ? f.has(key) : v !== "") a.push([key, v]);
  }
  if (f.has("class")) a.push(["class", f.str("class")]);
  if (f.has("gid")) {
    const gid = f.int("gid", 0);
    if (gid < 0 || gid > 0xffffffff) fail([...f.path, "gid"], `not a gid: ${gid}`);
    a.push(["gid", num(gid)]);
  }
  if (f.has("x") || f.has("y")) a.push(["x", num(f.num("x", 0))], ["y", num(f.num("y", 0))]);
  const width = f.num("width", 0), height = f.num("height", 0);
  if (instance ? f.has("width") || f.has("height") : width !== 0) a.push(["width", num(width)]);
  if (instance ? f.has("width") || f.has("height") : height !== 0) a.push(["height", num(height)]);
  const rotation = f.num("rotation", 0);
  if (instance ? f.has("rotation") : rotation !== 0) a.push(["rotation", num(rotation)]);
  const visible = f.bool("visible", true);
  if (instance ? f.has("visible") : !visible) a.push(["visible", flag(visible)]);
  if (f.has("opacity")) a.push(["opacity", num(f.num("opacity", 1))]);
  n.children.push(...properties(f));
  for (const shape of ["polygon", "polyline"]) if (f.has(shape)) n.children.push(node(shape, [["points", points(f.objects(shape))]]));
  for (const shape of ["ellipse", "point", "capsule"]) if (f.bool(shape, false)) n.children.push(node(shape));
  const text = f.object("text");
  if (text) n.children.push(textNode(text));
  return n;
}

function objectGroupNode(f: Fields): Node {
  const n = node("objectgroup");
  if (f.has("color")) n.attrs.push(["color", f.str("color")]);
  const draworder = f.str("draworder", "topdown");
  if (draworder !== "topdown") n.attrs.push(["draworder", draworder]);
  layerAttributes(f, n, false);
  n.children.push(...properties(f), ...f.objects("objects").map(objectNode));
  return n;
}

function imageNode(f: Fields, source: string, widthKey: string, heightKey: string): Node {
  const n = node("image", [["source", source]]);
  if (f.has("transparentcolor")) n.attrs.push(["trans", f.str("transparentcolor").replace(/^#/, "")]);
  const w = f.int(widthKey, 0), h = f.int(heightKey, 0);
  if (w > 0) n.attrs.push(["width", num(w)]);
  if (h > 0) n.attrs.push(["height", num(h)]);
  return n;
}

/** What writeTmx keeps of the file a map was read from (write-back: Save to Map, `export --into`). */
export interface TmxWriteOptions {
  /**
   * The `width` and `height` a tile layer's element had in the file, by layer id: an infinite map's
   * JSON model has its chunks' bounds there instead (as Tiled's JSON export does), which a TMX
   * written back must not take in their place.
   */
  readonly tileLayerSizes?: ReadonlyMap<number, { readonly width: string; readonly height: string }>;
}

function layerNodes(list: Fields[], depth: number, options: TmxWriteOptions): Node[] {
  return list.map((f) => {
    const type = f.str("type");
    switch (type) {
      case "tilelayer": {
        const n = node("layer");
        layerAttributes(f, n, true);
        const own = options.tileLayerSizes?.get(f.int("id", 0));
        if (own) for (const attr of n.attrs) attr[1] = attr[0] === "width" ? own.width : attr[0] === "height" ? own.height : attr[1];
        n.children.push(...properties(f), tileLayerData(f, depth));
        return n;
      }
      case "objectgroup":
        return objectGroupNode(f);
      case "imagelayer": {
        const n = node("imagelayer");
        layerAttributes(f, n, false);
        if (f.bool("repeatx", false)) n.attrs.push(["repeatx", "1"]);
        if (f.bool("repeaty", false)) n.attrs.push(["repeaty", "1"]);
        const image = f.str("image");
        if (image !== "") n.children.push(imageNode(f, image, "imagewidth", "imageheight"));
        n.children.push(...properties(f));
        return n;
      }
      case "group": {
        const n = node("group");
        layerAttributes(f, n, false);
        n.children.push(...properties(f), ...layerNodes(f.objects("layers"), depth + 1, options));
        return n;
      }
      default:
        return fail([...f.path, "type"], `unknown layer type "${type}" (tilelayer, objectgroup, imagelayer or group)`);
    }
  });
}

// ---------------------------------------------------------------- tilesets

function wangColorNode(c: Fields, name: string): Node {
  const n = node(name, [["name", c.str("name")]]);
  if (c.has("class")) n.attrs.push(["class", c.str("class")]);
  n.attrs.push(["color", c.str("color", "#000000")], ["tile", num(c.int("tile", -1))], ["probability", num(c.num("probability", 1))]);
  n.children.push(...properties(c));
  return n;
}

function wangSetsNode(f: Fields): Node[] {
  const sets = f.objects("wangsets");
  if (sets.length === 0) return [];
  const n = node("wangsets");
  for (const s of sets) {
    const ws = node("wangset", [["name", s.str("name")]]);
    if (s.has("class")) ws.attrs.push(["class", s.str("class")]);
    ws.attrs.push(["type", s.str("type", "mixed")], ["tile", num(s.int("tile", -1))]);
    // Tiled 1.4's JSON kept corner and edge colours apart.
    for (const c of s.objects("cornercolors")) ws.children.push(wangColorNode(c, "wangcornercolor"));
    for (const c of s.objects("edgecolors")) ws.children.push(wangColorNode(c, "wangedgecolor"));
    for (const c of s.objects("colors")) ws.children.push(wangColorNode(c, "wangcolor"));
    for (const t of s.objects("wangtiles")) {
      const ids = t.array("wangid");
      if (ids.some((v) => typeof v !== "number" || !Number.isInteger(v))) fail([...t.path, "wangid"], "expected whole numbers");
      ws.children.push(node("wangtile", [["tileid", num(t.int("tileid", 0))], ["wangid", ids.join(",")]]));
    }
    ws.children.push(...properties(s));
    n.children.push(ws);
  }
  return [n];
}

function tileNode(t: Fields): Node {
  const n = node("tile", [["id", num(t.int("id", 0))]]);
  for (const key of ["type", "class"]) if (t.has(key)) n.attrs.push([key, t.str(key)]);
  const probability = t.num("probability", 1);
  if (probability !== 1) n.attrs.push(["probability", num(probability)]);
  for (const key of ["x", "y", "width", "height"]) if (t.has(key)) n.attrs.push([key, num(t.int(key, 0))]);
  // Tiled 1.4's JSON gave terrain corners as indexes, -1 for none.
  if (t.has("terrain")) n.attrs.push(["terrain", t.array("terrain").map((v) => (typeof v === "number" && v >= 0 ? num(v) : "")).join(",")]);
  n.children.push(...properties(t));
  const image = t.str("image");
  if (image !== "") n.children.push(imageNode(t, image, "imagewidth", "imageheight"));
  const group = t.object("objectgroup");
  if (group) n.children.push(objectGroupNode(group));
  const frames = t.objects("animation");
  if (frames.length > 0) n.children.push(node("animation", [], frames.map((fr) => node("frame", [["tileid", num(fr.int("tileid", 0))], ["duration", num(fr.int("duration", 0))]]))));
  return n;
}

function tilesetNode(f: Fields, inMap: boolean): Node {
  const n = node("tileset");
  const a = n.attrs;
  if (inMap) {
    a.push(["firstgid", num(f.int("firstgid", 1))]);
    if (f.has("source")) {
      a.push(["source", f.str("source")]);
      return n;
    }
  } else {
    for (const key of ["version", "tiledversion"]) if (f.has(key)) a.push([key, f.str(key)]);
  }
  a.push(["name", f.str("name")]);
  if (f.has("class")) a.push(["class", f.str("class")]);
  const tw = f.int("tilewidth", 0), th = f.int("tileheight", 0);
  a.push(["tilewidth", num(tw)], ["tileheight", num(th)]);
  const spacing = f.int("spacing", 0), margin = f.int("margin", 0);
  if (spacing !== 0) a.push(["spacing", num(spacing)]);
  if (margin !== 0) a.push(["margin", num(margin)]);
  if (f.has("tilecount")) a.push(["tilecount", num(f.int("tilecount", 0))]);
  if (f.has("columns")) a.push(["columns", num(f.int("columns", 0))]);
  if (f.has("backgroundcolor")) a.push(["backgroundcolor", f.str("backgroundcolor")]);
  const alignment = f.str("objectalignment", "unspecified");
  if (alignment !== "unspecified") a.push(["objectalignment", alignment]);
  for (const [key, fallback] of [["tilerendersize", "tile"], ["fillmode", "stretch"]] as const) {
    const v = f.str(key, fallback);
    if (v !== fallback) a.push([key, v]);
  }
  const settings = inMap ? undefined : f.object("editorsettings")?.object("export");
  if (settings) n.children.push(node("editorsettings", [], [node("export", [["target", settings.str("target")], ["format", settings.str("format")]])]));
  const offset = f.object("tileoffset");
  if (offset && (offset.int("x", 0) !== 0 || offset.int("y", 0) !== 0)) n.children.push(node("tileoffset", [["x", num(offset.int("x", 0))], ["y", num(offset.int("y", 0))]]));
  const grid = f.object("grid");
  if (grid) n.children.push(node("grid", [["orientation", grid.str("orientation", "orthogonal")], ["width", num(grid.int("width", tw))], ["height", num(grid.int("height", th))]]));
  const tr = f.object("transformations");
  if (tr) n.children.push(node("transformations", ["hflip", "vflip", "rotate", "preferuntransformed"].map((k) => [k, flag(tr.bool(k, false))])));
  n.children.push(...properties(f));
  const image = f.str("image");
  if (image !== "") n.children.push(imageNode(f, image, "imagewidth", "imageheight"));
  // Tiled 1.4's JSON kept terrain types; TMX has them as <terraintypes>.
  const terrains = f.objects("terrains");
  if (terrains.length > 0) n.children.push(node("terraintypes", [], terrains.map((t) => {
    const tn = node("terrain", [["name", t.str("name")], ["tile", num(t.int("tile", -1))]]);
    tn.children.push(...properties(t));
    return tn;
  })));
  n.children.push(...f.objects("tiles").map(tileNode), ...wangSetsNode(f));
  return n;
}

function document(root: Node): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>\n'];
  serialize(root, 0, out);
  return out.join("");
}

/** A map in Tiled's JSON model as TMX. Throws a RangeError naming the place of a value it cannot write. */
export function writeTmx(map: JsonObject, options: TmxWriteOptions = {}): string {
  const f = new Fields(map, []);
  const n = node("map");
  const a = n.attrs;
  for (const key of ["version", "tiledversion", "class"]) if (f.has(key)) a.push([key, f.str(key)]);
  a.push(["orientation", f.str("orientation", "orthogonal")], ["renderorder", f.str("renderorder", "right-down")]);
  const level = f.int("compressionlevel", -1);
  if (level !== -1) a.push(["compressionlevel", num(level)]);
  a.push(["width", num(f.int("width", 0))], ["height", num(f.int("height", 0))], ["tilewidth", num(f.int("tilewidth", 0))], ["tileheight", num(f.int("tileheight", 0))]);
  a.push(["infinite", flag(f.bool("infinite", false))]);
  for (const key of ["hexsidelength", "skewx", "skewy"]) if (f.has(key)) a.push([key, num(f.int(key, 0))]);
  for (const key of ["staggeraxis", "staggerindex"]) if (f.has(key)) a.push([key, f.str(key)]);
  const pox = f.num("parallaxoriginx", 0), poy = f.num("parallaxoriginy", 0);
  if (pox !== 0 || poy !== 0) a.push(["parallaxoriginx", num(pox)], ["parallaxoriginy", num(poy)]);
  if (f.has("backgroundcolor")) a.push(["backgroundcolor", f.str("backgroundcolor")]);
  for (const key of ["nextlayerid", "nextobjectid"]) if (f.has(key)) a.push([key, num(f.int(key, 1))]);

  const settings = f.object("editorsettings");
  if (settings) {
    const s = node("editorsettings");
    const chunk = settings.object("chunksize");
    if (chunk) s.children.push(node("chunksize", [["width", num(chunk.int("width", 16))], ["height", num(chunk.int("height", 16))]]));
    const exp = settings.object("export");
    if (exp) {
      const e = node("export");
      if (exp.has("target")) e.attrs.push(["target", exp.str("target")]);
      if (exp.has("format")) e.attrs.push(["format", exp.str("format")]);
      s.children.push(e);
    }
    if (s.children.length > 0) n.children.push(s);
  }
  n.children.push(...properties(f));
  n.children.push(...f.objects("tilesets").map((t) => tilesetNode(t, true)));
  n.children.push(...layerNodes(f.objects("layers"), 1, options));
  return document(n);
}

/** A tileset in Tiled's JSON model (a TSJ file's) as a TSX file. */
export function writeTsx(tileset: JsonObject): string {
  return document(tilesetNode(new Fields(tileset, []), false));
}
