// TMX maps, TSX tilesets and TX templates → Tiled's JSON model, as Tiled 1.8 converts them
// (`tiled --export-map json`; src/libtiled/mapreader.cpp and maptovariantconverter.cpp): the
// fields and defaults it writes, layer and object ids given where the file has none, colours
// as Tiled prints them, old terrain types and Wang sets turned into the Wang sets of Tiled 1.5+.
// Unlike Tiled, each tile layer keeps its own encoding (csv and XML <tile> data as an array,
// base64 as the file's string with `encoding`/`compression`), file paths and property order are
// kept as written, `propertytype` is kept (Tiled 1.8 drops it without a project), and newer
// fields Tiled 1.8 does not know (class, capsule, opacity and blend mode, list properties,
// sub-rectangle tiles, image sizes of image layers) are read as newer Tiled writes them.
// Values Tiled would quietly read as 0 (a width of "ten") are problems here, with line and column.
import { formatPath, type PathSegment } from "../scene/errors";
import { decodeTileData } from "./layer-data";
import { pathSegments, type Locate, type TiledParse, type TiledProblem } from "./problems";
import type { JsonObject, JsonValue } from "./types";
import { parseXml, type XmlElement } from "./xml";

type Out = { [key: string]: JsonValue };
type Path = readonly PathSegment[];

const ORIENTATIONS = ["orthogonal", "isometric", "staggered", "hexagonal", "oblique"];
const RENDER_ORDERS = ["right-down", "right-up", "left-down", "left-up"];
const OBJECT_ALIGNMENTS = ["unspecified", "topleft", "top", "topright", "left", "center", "right", "bottomleft", "bottom", "bottomright"];
const COMPRESSIONS = ["", "zlib", "gzip", "zstd"];
/** Tiled's chunk size for infinite maps, and the least it accepts in editor settings. */
const CHUNK_SIZE = 16;
const CHUNK_SIZE_MIN = 4;
/** The colours Tiled gives Wang colours it makes (terrain types), in order (wangset.cpp). */
const DEFAULT_WANG_COLORS = ["#ff0000", "#00ff00", "#0000ff", "#ff7700", "#00e9ff", "#ff00d8", "#ffff00", "#a000ff", "#00ffa1", "#ffa8a8", "#b4a8ff", "#96ffa7", "#8e7848", "#5a5a5a", "#0e7a46"];
/** Wang ids hold up to this many colours (wangset.h). */
const MAX_WANG_COLORS = 254;

const INT = /^\s*[+-]?\d+\s*$/;
const DOUBLE = /^\s*[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?\s*$/;

/**
 * A colour as Tiled prints it (`colorToString`): "#rrggbb" when opaque, else "#aarrggbb";
 * `argb` gives "#aarrggbb" always (property values). Null when `text` is not a hex colour.
 */
export function tiledColor(text: string, argb = false): string | null {
  const t = text.trim().toLowerCase();
  let a = "ff", rgb: string;
  if (/^#[0-9a-f]{3}$/.test(t)) rgb = [...t.slice(1)].map((c) => c + c).join("");
  else if (/^#[0-9a-f]{6}$/.test(t)) rgb = t.slice(1);
  else if (/^#[0-9a-f]{8}$/.test(t)) [a, rgb] = [t.slice(1, 3), t.slice(3)];
  else return null;
  return argb || a !== "ff" ? `#${a}${rgb}` : `#${rgb}`;
}

class Reader {
  readonly problems: TiledProblem[] = [];
  /** Line and column of the element each path of the model came from (formatPath keys). */
  readonly places = new Map<string, { line: number; column: number }>();
  failed = false;

  constructor(readonly file: string) {}

  place(el: XmlElement, path: Path): void {
    this.places.set(formatPath(path), { line: el.line, column: el.column });
  }

  error(el: XmlElement, path: Path, message: string): void {
    this.failed = true;
    this.problems.push({ file: this.file, path: formatPath(path), message, line: el.line, column: el.column });
  }

  warn(el: XmlElement, path: Path, message: string): void {
    this.problems.push({ file: this.file, path: formatPath(path), message, line: el.line, column: el.column });
  }

  unknown(el: XmlElement, parent: XmlElement, path: Path): void {
    this.warn(el, path, `<${el.name}> in <${parent.name}> is not part of the format: ignored (as Tiled does)`);
  }

  /** An attribute Tiled reads with toInt(): absent → `fallback`, present and not a whole number → a problem. */
  int(el: XmlElement, name: string, path: Path, fallback: number): number {
    const v = el.attributes.get(name);
    if (v === undefined) return fallback;
    if (INT.test(v)) {
      const n = Number(v);
      if (Number.isSafeInteger(n)) return n;
    }
    this.error(el, path, `attribute ${name}="${v}" is not a whole number`);
    return fallback;
  }

  /** An attribute read with toUInt() (gids): a whole number from 0 to 2³²−1. */
  uint(el: XmlElement, name: string, path: Path): number {
    const v = el.attributes.get(name);
    if (v === undefined) return 0;
    const n = Number(v);
    if (/^\s*\+?\d+\s*$/.test(v) && n <= 0xffffffff) return n;
    this.error(el, path, `attribute ${name}="${v}" is not a gid (a whole number from 0 to 4294967295)`);
    return 0;
  }

  /** An attribute read with toDouble(): a finite number. */
  double(el: XmlElement, name: string, path: Path, fallback: number): number {
    const v = el.attributes.get(name);
    if (v === undefined) return fallback;
    if (DOUBLE.test(v)) {
      const n = Number(v);
      if (Number.isFinite(n)) return n;
    }
    this.error(el, path, `attribute ${name}="${v}" is not a number`);
    return fallback;
  }

  /** A 0/1 attribute (Tiled reads any whole number, non-zero meaning true). */
  flag(el: XmlElement, name: string, path: Path, fallback: boolean): boolean {
    const v = el.attributes.get(name);
    if (v === undefined) return fallback;
    return this.int(el, name, path, fallback ? 1 : 0) !== 0;
  }

  choice(el: XmlElement, name: string, path: Path, allowed: readonly string[], fallback: string): string {
    const v = el.attributes.get(name);
    if (v === undefined) return fallback;
    if (allowed.includes(v)) return v;
    this.error(el, path, `attribute ${name}="${v}" is not one of ${allowed.map((a) => `"${a}"`).join(", ")}`);
    return fallback;
  }

  /** A colour attribute as Tiled writes it back: normalized when it is a hex colour, else as written. */
  color(el: XmlElement, name: string): string | undefined {
    const v = el.attributes.get(name);
    if (v === undefined || v === "") return undefined;
    return tiledColor(v) ?? v;
  }
}

const attr = (el: XmlElement, name: string): string | undefined => el.attributes.get(name);
const nonEmpty = (el: XmlElement, name: string): string | undefined => {
  const v = el.attributes.get(name);
  return v === undefined || v === "" ? undefined : v;
};

// ---------------------------------------------------------------- properties

/** Qt's QString → bool: false for "", "0" and "false" (any case). */
const qtBool = (text: string): boolean => !["", "0", "false"].includes(text.trim().toLowerCase());

/** A property's or list item's value from its type and text; `members` reads a class value's nested <properties>. */
function propertyValue(r: Reader, el: XmlElement, path: Path, type: string): JsonValue {
  const given = attr(el, "value");
  // Multi-line strings are written as the element's text (Tiled reads it when the attribute is empty).
  const text = given !== undefined && given !== "" ? given : el.text.trim() === "" ? given ?? "" : el.text;
  switch (type) {
    case "string":
    case "file":
      return text;
    case "int":
    case "object":
      if (text.trim() === "") return 0;
      if (INT.test(text)) return Number(text);
      r.error(el, path, `${type} property value "${text}" is not a whole number`);
      return 0;
    case "float":
      if (text.trim() === "") return 0;
      if (DOUBLE.test(text) && Number.isFinite(Number(text))) return Number(text);
      r.error(el, path, `float property value "${text}" is not a number`);
      return 0;
    case "bool":
      return qtBool(text);
    case "color":
      return text === "" ? "" : tiledColor(text, true) ?? text;
    case "class": {
      const value: Out = {};
      for (const child of el.children) {
        if (child.name !== "properties") continue;
        for (const p of child.children) {
          if (p.name !== "property") continue;
          const name = attr(p, "name") ?? "";
          // defineProperty: a member named "__proto__" is a member, as JSON.parse makes it.
          Object.defineProperty(value, name, { value: propertyValue(r, p, [...path, name], attr(p, "type") ?? "string"), enumerable: true, writable: true, configurable: true });
        }
      }
      return value;
    }
    case "list":
      return listItems(r, el, path);
    default:
      r.warn(el, path, `unknown property type "${type}": its value is kept as text`);
      return text;
  }
}

function listItems(r: Reader, el: XmlElement, path: Path): JsonValue[] {
  const items: JsonValue[] = [];
  for (const child of el.children) {
    if (child.name !== "item") continue;
    const type = attr(child, "type") ?? "string";
    const at = [...path, items.length];
    const propertytype = nonEmpty(child, "propertytype");
    items.push({ type, value: propertyValue(r, child, at, type), ...(propertytype === undefined ? {} : { propertytype }) });
  }
  return items;
}

function readProperties(r: Reader, el: XmlElement, path: Path): Out[] {
  const out: Out[] = [];
  for (const p of el.children) {
    if (p.name !== "property") {
      r.unknown(p, el, path);
      continue;
    }
    const at = [...path, out.length];
    r.place(p, at);
    const type = attr(p, "type") ?? "string";
    const prop: Out = { name: attr(p, "name") ?? "", type, value: propertyValue(r, p, [...at, "value"], type) };
    const propertytype = nonEmpty(p, "propertytype");
    if (propertytype !== undefined) prop.propertytype = propertytype;
    out.push(prop);
  }
  return out;
}

/** Adds the <properties> children of `el` (merged, as Tiled does) to `out.properties` when there are any. */
function addProperties(r: Reader, el: XmlElement, out: Out, path: Path): void {
  const all: Out[] = [];
  for (const child of el.children) if (child.name === "properties") all.push(...readProperties(r, child, [...path, "properties"]));
  if (all.length > 0) out.properties = all;
}

// ---------------------------------------------------------------- tile data

/** Tiled's CSV: comma-separated gids, whitespace anywhere between them, an optional trailing comma. */
function csvGids(text: string): { readonly ok: true; readonly gids: number[] } | { readonly ok: false; readonly message: string } {
  const parts = text.split(",");
  if (parts.length > 1 && parts[parts.length - 1]!.trim() === "") parts.pop();
  const gids: number[] = [];
  for (const [i, part] of parts.entries()) {
    const t = part.trim();
    if (t === "") {
      gids.push(0);
      continue;
    }
    const n = Number(t);
    if (!/^\d+$/.test(t) || n > 0xffffffff) return { ok: false, message: `tile ${i}: "${t.slice(0, 20)}" is not a gid` };
    gids.push(n);
  }
  return { ok: true, gids };
}

interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** One rectangle of tile data (a finite layer's, or a chunk's) in its encoding; the gids when they could be read. */
function readTileData(r: Reader, el: XmlElement, path: Path, encoding: string, compression: string, rect: Rect): { data: JsonValue; gids: Uint32Array | null } {
  const count = rect.width * rect.height;
  if (encoding === "") {
    const gids: number[] = [];
    for (const child of el.children) {
      if (child.name === "tile") gids.push(r.uint(child, "gid", path));
      else if (child.name !== "chunk") r.unknown(child, el, path);
    }
    if (gids.length !== count) {
      r.error(el, path, `expected ${count} <tile> elements (${rect.width} × ${rect.height}), found ${gids.length}`);
      return { data: gids, gids: null };
    }
    return { data: gids, gids: Uint32Array.from(gids) };
  }
  if (encoding === "csv") {
    const parsed = csvGids(el.text);
    if (!parsed.ok) {
      r.error(el, path, parsed.message);
      return { data: [], gids: null };
    }
    if (parsed.gids.length !== count) {
      r.error(el, path, `expected ${count} tiles (${rect.width} × ${rect.height}), found ${parsed.gids.length}`);
      return { data: parsed.gids, gids: null };
    }
    return { data: parsed.gids, gids: Uint32Array.from(parsed.gids) };
  }
  const text = el.text.replace(/\s+/g, "");
  const decoded = decodeTileData(text, "base64", compression, count);
  if (!decoded.ok) {
    r.error(el, path, `${compression === "" ? "base64" : `base64 ${compression}`} data: ${decoded.message}`);
    return { data: text, gids: null };
  }
  return { data: text, gids: decoded.gids };
}

/** What Tiled reports as an infinite layer's bounds: the 16-aligned squares holding a tile (tilelayer.cpp, setCell). */
function chunkBounds(chunks: readonly { rect: Rect; gids: Uint32Array }[]): Rect {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const { rect, gids } of chunks) {
    for (let i = 0; i < gids.length; i++) {
      if (gids[i] === 0) continue;
      const x = rect.x + (i % rect.width), y = rect.y + Math.floor(i / rect.width);
      x0 = Math.min(x0, x - (x & (CHUNK_SIZE - 1)));
      y0 = Math.min(y0, y - (y & (CHUNK_SIZE - 1)));
      x1 = Math.max(x1, x - (x & (CHUNK_SIZE - 1)) + CHUNK_SIZE);
      y1 = Math.max(y1, y - (y & (CHUNK_SIZE - 1)) + CHUNK_SIZE);
    }
  }
  return x0 === Infinity ? { x: 0, y: 0, width: 0, height: 0 } : { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

// ---------------------------------------------------------------- layers

interface MapContext {
  readonly infinite: boolean;
}

/** The attributes every layer has (readLayerAttributes, addLayerAttributes). */
function layerAttributes(r: Reader, el: XmlElement, out: Out, path: Path): void {
  r.place(el, path);
  out.id = r.int(el, "id", path, 0);
  out.name = attr(el, "name") ?? "";
  const cls = nonEmpty(el, "class");
  if (cls !== undefined) out.class = cls;
  out.x = r.int(el, "x", path, 0);
  out.y = r.int(el, "y", path, 0);
  out.visible = r.flag(el, "visible", path, true);
  if (r.flag(el, "locked", path, false)) out.locked = true;
  out.opacity = r.double(el, "opacity", path, 1);
  // Image layers kept their offset in x and y before Tiled 1.0: it moved to offsetx/offsety.
  const legacyImageOffset = el.name === "imagelayer" && !el.attributes.has("offsetx");
  const ox = legacyImageOffset ? (out.x as number) : r.double(el, "offsetx", path, 0);
  const oy = legacyImageOffset ? (out.y as number) : r.double(el, "offsety", path, 0);
  if (ox !== 0 || oy !== 0) {
    out.offsetx = ox;
    out.offsety = oy;
  }
  const px = r.double(el, "parallaxx", path, 1), py = r.double(el, "parallaxy", path, 1);
  if (px !== 1) out.parallaxx = px;
  if (py !== 1) out.parallaxy = py;
  const tint = r.color(el, "tintcolor");
  if (tint !== undefined) out.tintcolor = tint;
  const mode = nonEmpty(el, "mode");
  if (mode !== undefined && mode !== "normal") out.mode = mode;
}

function readTileLayer(r: Reader, el: XmlElement, path: Path, map: MapContext): Out {
  const out: Out = { type: "tilelayer" };
  layerAttributes(r, el, out, path);
  out.width = r.int(el, "width", path, 0);
  out.height = r.int(el, "height", path, 0);
  addProperties(r, el, out, path);
  for (const data of el.children) {
    if (data.name === "properties") continue;
    if (data.name !== "data") {
      r.unknown(data, el, path);
      continue;
    }
    const encoding = attr(data, "encoding") ?? "";
    const compression = attr(data, "compression") ?? "";
    if (encoding !== "" && encoding !== "csv" && encoding !== "base64") {
      r.error(data, [...path, "encoding"], `unknown encoding "${encoding}" (Tiled writes csv or base64)`);
      continue;
    }
    if (encoding === "base64" && !COMPRESSIONS.includes(compression)) {
      r.error(data, [...path, "compression"], `unknown compression "${compression}" (Tiled writes zlib, gzip or zstd)`);
      continue;
    }
    if (encoding === "base64") {
      out.encoding = "base64";
      out.compression = compression;
    }
    r.place(data, [...path, "data"]);
    const chunkElements = data.children.filter((c) => c.name === "chunk");
    if (chunkElements.length === 0) {
      out.data = readTileData(r, data, [...path, "data"], encoding, compression, { x: 0, y: 0, width: out.width as number, height: out.height as number }).data;
      continue;
    }
    const chunks: Out[] = [];
    const read: { rect: Rect; gids: Uint32Array }[] = [];
    for (const c of chunkElements) {
      const at = [...path, "chunks", chunks.length];
      r.place(c, at);
      const rect = { x: r.int(c, "x", at, 0), y: r.int(c, "y", at, 0), width: r.int(c, "width", at, 0), height: r.int(c, "height", at, 0) };
      const { data: cells, gids } = readTileData(r, c, [...at, "data"], encoding, compression, rect);
      chunks.push({ ...rect, data: cells });
      if (gids) read.push({ rect, gids });
    }
    out.chunks = chunks;
    if (map.infinite) {
      const bounds = chunkBounds(read);
      out.startx = bounds.x;
      out.starty = bounds.y;
      out.width = bounds.width;
      out.height = bounds.height;
    }
  }
  // A layer without <data> is empty: Tiled writes its cells, all 0.
  if (out.data === undefined && out.chunks === undefined) {
    if (map.infinite) out.chunks = [];
    else out.data = new Array<number>((out.width as number) * (out.height as number)).fill(0);
  }
  return out;
}

function readPoints(r: Reader, el: XmlElement, path: Path): Out[] {
  const points: Out[] = [];
  for (const pair of (attr(el, "points") ?? "").split(" ")) {
    if (pair === "") continue;
    const [xs, ys, extra] = pair.split(",");
    const x = Number(xs), y = Number(ys);
    if (extra !== undefined || xs === undefined || ys === undefined || !DOUBLE.test(xs) || !DOUBLE.test(ys) || !Number.isFinite(x) || !Number.isFinite(y)) {
      r.error(el, path, `points: "${pair.slice(0, 40)}" is not x,y`);
      return points;
    }
    points.push({ x, y });
  }
  return points;
}

function readText(r: Reader, el: XmlElement, path: Path): Out {
  const out: Out = { text: el.text };
  const family = attr(el, "fontfamily");
  if (family !== undefined && family !== "sans-serif") out.fontfamily = family;
  const size = r.int(el, "pixelsize", path, 16);
  if (size > 0 && size !== 16) out.pixelsize = size;
  // Tiled reads these as 1 = on, anything else off (kerning: anything else than 1 is off).
  const on = (name: string, fallback: number) => r.int(el, name, path, fallback) === 1;
  if (on("wrap", 0)) out.wrap = true;
  const color = r.color(el, "color");
  if (color !== undefined && color !== "#000000") out.color = color;
  if (on("bold", 0)) out.bold = true;
  if (on("italic", 0)) out.italic = true;
  if (on("underline", 0)) out.underline = true;
  if (on("strikeout", 0)) out.strikeout = true;
  if (!on("kerning", 1)) out.kerning = false;
  const halign = attr(el, "halign");
  if (halign === "center" || halign === "right" || halign === "justify") out.halign = halign;
  const valign = attr(el, "valign");
  if (valign === "center" || valign === "bottom") out.valign = valign;
  return out;
}

/**
 * One object. A template instance gets only what it sets itself (Tiled writes the rest from the
 * template); `templateBase` is the object of a template file, which has no id or position.
 */
function readObject(r: Reader, el: XmlElement, path: Path, templateBase = false): Out {
  r.place(el, path);
  const template = nonEmpty(el, "template");
  const instance = template !== undefined;
  const out: Out = {};
  if (instance) {
    out.template = template;
    r.place(el, [...path, "template"]);
  }
  const id = r.int(el, "id", path, 0);
  if (id !== 0) out.id = id;
  const name = attr(el, "name") ?? "";
  if (!instance || name !== "") out.name = name;
  // Tiled 1.9 saved the object's class as `class`; other versions as `type`.
  const type = attr(el, "type"), cls = attr(el, "class");
  if (type !== undefined || cls === undefined) {
    if (!instance || (type ?? "") !== "") out.type = type ?? "";
  }
  if (cls !== undefined && (!instance || cls !== "")) out.class = cls;
  const gid = r.uint(el, "gid", path);
  if (gid !== 0) out.gid = gid;
  if (!templateBase) {
    out.x = r.double(el, "x", path, 0);
    out.y = r.double(el, "y", path, 0);
  }
  const width = r.double(el, "width", path, 0), height = r.double(el, "height", path, 0);
  if (!instance || (width > 0 && height > 0)) {
    out.width = width;
    out.height = height;
  }
  if (!instance || el.attributes.has("rotation")) out.rotation = r.double(el, "rotation", path, 0);
  if (!instance || el.attributes.has("visible")) out.visible = r.flag(el, "visible", path, true);
  if (el.attributes.has("opacity")) {
    const opacity = r.double(el, "opacity", path, 1);
    if (instance || opacity !== 1) out.opacity = opacity;
  }
  for (const child of el.children) {
    switch (child.name) {
      case "properties":
        break;
      case "polygon":
      case "polyline":
        r.place(child, [...path, child.name]);
        out[child.name] = readPoints(r, child, [...path, child.name]);
        break;
      case "ellipse":
      case "point":
      case "capsule":
        out[child.name] = true;
        break;
      case "text":
        r.place(child, [...path, "text"]);
        out.text = readText(r, child, [...path, "text"]);
        break;
      default:
        r.unknown(child, el, path);
    }
  }
  addProperties(r, el, out, path);
  return out;
}

function readObjectGroup(r: Reader, el: XmlElement, path: Path): Out {
  const out: Out = { type: "objectgroup" };
  layerAttributes(r, el, out, path);
  const color = r.color(el, "color");
  if (color !== undefined) out.color = color;
  out.draworder = r.choice(el, "draworder", path, ["topdown", "index"], "topdown");
  const objects: Out[] = [];
  for (const child of el.children) {
    if (child.name === "object") objects.push(readObject(r, child, [...path, "objects", objects.length]));
    else if (child.name !== "properties") r.unknown(child, el, path);
  }
  out.objects = objects;
  addProperties(r, el, out, path);
  return out;
}

function readImageLayer(r: Reader, el: XmlElement, path: Path): Out {
  const out: Out = { type: "imagelayer" };
  layerAttributes(r, el, out, path);
  out.image = "";
  if (r.flag(el, "repeatx", path, false)) out.repeatx = true;
  if (r.flag(el, "repeaty", path, false)) out.repeaty = true;
  for (const child of el.children) {
    if (child.name === "image") {
      out.image = attr(child, "source") ?? "";
      const trans = transparentColor(child);
      if (trans !== undefined) out.transparentcolor = trans;
      // Tiled 1.11.1+ writes the image's size; 1.8 reads it from the file.
      const w = r.int(child, "width", path, 0), h = r.int(child, "height", path, 0);
      if (w > 0) out.imagewidth = w;
      if (h > 0) out.imageheight = h;
      if (out.image === "" && child.children.some((c) => c.name === "data")) r.error(child, [...path, "image"], "embedded image data is not supported (give the image as a file)");
    } else if (child.name !== "properties") r.unknown(child, el, path);
  }
  addProperties(r, el, out, path);
  return out;
}

/** `trans` of an <image>: "#rrggbb" as Tiled writes `transparentcolor` (the file may leave out the "#"). */
function transparentColor(el: XmlElement): string | undefined {
  const trans = nonEmpty(el, "trans");
  if (trans === undefined) return undefined;
  const c = tiledColor(trans.startsWith("#") ? trans : `#${trans}`, true);
  return c === null ? trans : `#${c.slice(3)}`;
}

function readLayers(r: Reader, el: XmlElement, path: Path, map: MapContext, layers: Out[]): boolean {
  const at = [...path, "layers", layers.length];
  switch (el.name) {
    case "layer":
      layers.push(readTileLayer(r, el, at, map));
      return true;
    case "objectgroup":
      layers.push(readObjectGroup(r, el, at));
      return true;
    case "imagelayer":
      layers.push(readImageLayer(r, el, at));
      return true;
    case "group": {
      const out: Out = { type: "group" };
      layerAttributes(r, el, out, at);
      const children: Out[] = [];
      for (const child of el.children) if (!readLayers(r, child, at, map, children) && child.name !== "properties") r.unknown(child, el, at);
      out.layers = children;
      addProperties(r, el, out, at);
      layers.push(out);
      return true;
    }
    default:
      return false;
  }
}

// ---------------------------------------------------------------- tilesets

function readAnimation(r: Reader, el: XmlElement, path: Path): Out[] {
  const frames: Out[] = [];
  for (const f of el.children) {
    if (f.name !== "frame") {
      r.unknown(f, el, path);
      continue;
    }
    frames.push({ tileid: r.int(f, "tileid", path, 0), duration: r.int(f, "duration", path, 0) });
  }
  return frames;
}

/** Wang sets being read: terrain types become the first, as Tiled 1.5+ does. */
interface WangState {
  readonly sets: Out[];
  /** The Wang set made from <terraintypes>, which tiles' `terrain` attributes fill. */
  terrains: { readonly set: Out; readonly tiles: Map<number, number[]> } | undefined;
}

function readTerrainTypes(r: Reader, el: XmlElement, path: Path, wang: WangState): void {
  const colors: Out[] = [];
  for (const t of el.children) {
    if (t.name !== "terrain") {
      r.unknown(t, el, path);
      continue;
    }
    const color: Out = { color: DEFAULT_WANG_COLORS[colors.length % DEFAULT_WANG_COLORS.length]!, name: attr(t, "name") ?? "", probability: 1, tile: r.int(t, "tile", path, 0) };
    addProperties(r, t, color, [...path, "colors", colors.length]);
    colors.push(color);
  }
  if (colors.length === 0) return;
  const set: Out = { name: "Terrains", type: "corner", tile: -1, colors, wangtiles: [] };
  wang.sets.push(set);
  wang.terrains = { set, tiles: new Map() };
}

function readWangSets(r: Reader, el: XmlElement, path: Path, wang: WangState): void {
  for (const ws of el.children) {
    if (ws.name !== "wangset") {
      r.unknown(ws, el, path);
      continue;
    }
    const at = [...path, wang.sets.length];
    const set: Out = { name: attr(ws, "name") ?? "" };
    const cls = nonEmpty(ws, "class");
    if (cls !== undefined) set.class = cls;
    const typeAttr = attr(ws, "type");
    let type = typeAttr === "edge" || typeAttr === "corner" ? typeAttr : "mixed";
    set.tile = r.int(ws, "tile", at, 0);
    const colors: Out[] = [];
    // Before Tiled 1.5, corner and edge colours were apart and Wang ids indexed each list.
    const cornerColors: number[] = [], edgeColors: number[] = [];
    const tiles: { el: XmlElement; tileid: number; wangid: number[] }[] = [];
    const props: Out = {};
    for (const c of ws.children) {
      if (c.name === "properties") continue;
      if (c.name === "wangcolor" || c.name === "wangcornercolor" || c.name === "wangedgecolor") {
        const color: Out = { color: tiledColor(attr(c, "color") ?? "") ?? "#000000", name: attr(c, "name") ?? "" };
        const ccls = nonEmpty(c, "class");
        if (ccls !== undefined) color.class = ccls;
        color.probability = r.double(c, "probability", at, 0);
        color.tile = r.int(c, "tile", at, 0);
        addProperties(r, c, color, [...at, "colors", colors.length]);
        colors.push(color);
        if (c.name === "wangcornercolor") cornerColors.push(colors.length);
        if (c.name === "wangedgecolor") edgeColors.push(colors.length);
      } else if (c.name === "wangtile") {
        const text = attr(c, "wangid") ?? "";
        let wangid: number[];
        if (text.includes(",")) wangid = text.split(",").map((s) => (INT.test(s) ? Number(s) : NaN));
        else {
          const n = /^\s*(?:0x)?[0-9a-fA-F]+\s*$/.test(text) ? Number.parseInt(text.trim().replace(/^0x/i, ""), 16) : NaN;
          wangid = Array.from({ length: 8 }, (_, i) => (Number.isFinite(n) ? Math.floor(n / 16 ** i) % 16 : NaN));
        }
        tiles.push({ el: c, tileid: r.int(c, "tileid", at, 0), wangid });
      } else r.unknown(c, ws, at);
    }
    if (cornerColors.length === 0 && edgeColors.length > 0) type = "edge";
    if (edgeColors.length === 0 && cornerColors.length > 0) type = "corner";
    set.type = type;
    set.colors = colors;
    const wangtiles: Out[] = [];
    for (const t of tiles) {
      const ids = t.wangid.map((color, i) => {
        // Corners are the odd indexes (top right, bottom right, bottom left, top left).
        const list = i % 2 === 1 ? cornerColors : edgeColors;
        return list.length > 0 && color > 0 && color <= list.length ? list[color - 1]! : color;
      });
      if (ids.length !== 8 || ids.some((c) => !Number.isInteger(c) || c < 0 || c > colors.length)) {
        r.error(t.el, [...at, "wangtiles"], `invalid wangid "${attr(t.el, "wangid") ?? ""}" for tile ${t.tileid}`);
        continue;
      }
      wangtiles.push({ tileid: t.tileid, wangid: ids });
    }
    wangtiles.sort((a, b) => (a.tileid as number) - (b.tileid as number));
    set.wangtiles = wangtiles;
    addProperties(r, ws, props, at);
    if (props.properties !== undefined) set.properties = props.properties;
    wang.sets.push(set);
  }
}

function readTile(r: Reader, el: XmlElement, path: Path, wang: WangState): Out | null {
  r.place(el, path);
  const id = r.int(el, "id", path, 0);
  if (id < 0) {
    r.error(el, path, `invalid tile id ${id}`);
    return null;
  }
  const out: Out = { id };
  const type = nonEmpty(el, "type");
  if (type !== undefined) out.type = type;
  const cls = nonEmpty(el, "class");
  if (cls !== undefined) out.class = cls;
  if (nonEmpty(el, "probability") !== undefined) {
    const p = r.double(el, "probability", path, 1);
    if (p !== 1) out.probability = p;
  }
  // Tiled 1.9+: the part of the image this tile shows.
  for (const key of ["x", "y", "width", "height"]) if (el.attributes.has(key)) out[key] = r.int(el, key, path, 0);
  const terrain = attr(el, "terrain");
  if (terrain !== undefined && terrain !== "" && wang.terrains) {
    const quadrants = terrain.split(",");
    if (quadrants.length === 4) {
      // Top left, top right, bottom left, bottom right → Wang id indexes 7, 1, 5, 3.
      const wangid = [0, 0, 0, 0, 0, 0, 0, 0];
      [7, 1, 5, 3].forEach((index, q) => {
        const t = quadrants[q]!.trim();
        wangid[index] = t === "" ? 0 : INT.test(t) ? Number(t) + 1 : -1;
      });
      if (wangid.some((c) => c !== 0)) wang.terrains.tiles.set(id, wangid);
    }
  }
  for (const child of el.children) {
    switch (child.name) {
      case "properties":
        break;
      case "image": {
        const source = attr(child, "source") ?? "";
        if (source === "") {
          r.error(child, [...path, "image"], "embedded image data is not supported (give the image as a file)");
          break;
        }
        out.image = source;
        const w = r.int(child, "width", path, 0), h = r.int(child, "height", path, 0);
        if (w > 0 || h > 0) {
          out.imagewidth = w;
          out.imageheight = h;
        }
        break;
      }
      case "objectgroup": {
        const group = readObjectGroup(r, child, [...path, "objectgroup"]);
        if (group.id === 0) delete group.id;
        out.objectgroup = group;
        break;
      }
      case "animation":
        out.animation = readAnimation(r, child, [...path, "animation"]);
        break;
      default:
        r.unknown(child, el, path);
    }
  }
  addProperties(r, el, out, path);
  // Properties set on a tile's collision group before Tiled 1.1 belong to the tile.
  const group = out.objectgroup as Out | undefined;
  if (group?.properties !== undefined) {
    const own = (out.properties ?? []) as Out[];
    const names = new Set(own.map((p) => p.name));
    out.properties = [...(group.properties as Out[]).filter((p) => !names.has(p.name)), ...own];
    delete group.properties;
  }
  return out;
}

/** A tileset: a reference {firstgid, source}, embedded in a map (`firstgid` > 0), or a TSX file's root (`firstgid` 0). */
function readTileset(r: Reader, el: XmlElement, path: Path, inMap: boolean): Out {
  r.place(el, path);
  const out: Out = {};
  if (inMap) {
    const firstgid = r.uint(el, "firstgid", path);
    if (firstgid < 1) r.error(el, [...path, "firstgid"], "a tileset's firstgid must be at least 1");
    out.firstgid = firstgid;
    const source = nonEmpty(el, "source");
    if (source !== undefined) {
      r.place(el, [...path, "source"]);
      out.source = source;
      return out;
    }
  } else {
    out.type = "tileset";
    const version = attr(el, "version"), tiledversion = attr(el, "tiledversion");
    if (version !== undefined) out.version = version;
    if (tiledversion !== undefined) out.tiledversion = tiledversion;
  }
  out.name = attr(el, "name") ?? "";
  const cls = nonEmpty(el, "class");
  if (cls !== undefined) out.class = cls;
  const tilewidth = r.int(el, "tilewidth", path, 0), tileheight = r.int(el, "tileheight", path, 0);
  if (tilewidth < 0 || tileheight < 0) r.error(el, path, `invalid tile size ${tilewidth} × ${tileheight}`);
  out.tilewidth = tilewidth;
  out.tileheight = tileheight;
  const spacing = r.int(el, "spacing", path, 0), margin = r.int(el, "margin", path, 0);
  out.spacing = spacing;
  out.margin = margin;
  const alignment = r.choice(el, "objectalignment", path, OBJECT_ALIGNMENTS, "unspecified");
  if (alignment !== "unspecified") out.objectalignment = alignment;
  const renderSize = r.choice(el, "tilerendersize", path, ["tile", "grid"], "tile");
  if (renderSize !== "tile") out.tilerendersize = renderSize;
  const fill = r.choice(el, "fillmode", path, ["stretch", "preserve-aspect-fit"], "stretch");
  if (fill !== "stretch") out.fillmode = fill;
  const bg = r.color(el, "backgroundcolor");
  if (bg !== undefined) out.backgroundcolor = bg;

  const wang: WangState = { sets: [], terrains: undefined };
  const tiles: Out[] = [];
  let image: XmlElement | undefined;
  for (const child of el.children) {
    switch (child.name) {
      case "properties":
        break;
      case "image":
        image = child;
        if (tilewidth === 0 || tileheight === 0) r.error(el, path, `a tileset image needs a tile size (found ${tilewidth} × ${tileheight})`);
        break;
      case "tile": {
        const tile = readTile(r, child, [...path, "tiles", tiles.length], wang);
        if (tile) tiles.push(tile);
        break;
      }
      case "tileoffset": {
        const x = r.int(child, "x", path, 0), y = r.int(child, "y", path, 0);
        if (x !== 0 || y !== 0) out.tileoffset = { x, y };
        break;
      }
      case "grid": {
        const orientation = r.choice(child, "orientation", path, ["orthogonal", "isometric"], "orthogonal");
        const w = r.int(child, "width", path, 0), h = r.int(child, "height", path, 0);
        const [gw, gh] = w > 0 && h > 0 ? [w, h] : [tilewidth, tileheight];
        if (orientation !== "orthogonal" || gw !== tilewidth || gh !== tileheight) out.grid = { orientation, width: gw, height: gh };
        break;
      }
      case "transformations": {
        const t = { hflip: r.flag(child, "hflip", path, false), vflip: r.flag(child, "vflip", path, false), rotate: r.flag(child, "rotate", path, false), preferuntransformed: r.flag(child, "preferuntransformed", path, false) };
        if (t.hflip || t.vflip || t.rotate || t.preferuntransformed) out.transformations = t;
        break;
      }
      case "editorsettings":
        if (!inMap) {
          const exp = child.children.find((c) => c.name === "export");
          if (exp) out.editorsettings = { export: { target: attr(exp, "target") ?? "", format: attr(exp, "format") ?? "" } };
        }
        break;
      case "terraintypes":
        readTerrainTypes(r, child, [...path, "wangsets"], wang);
        break;
      case "wangsets":
        readWangSets(r, child, [...path, "wangsets"], wang);
        break;
      default:
        r.unknown(child, el, path);
    }
  }
  const imageWidth = image ? r.int(image, "width", path, 0) : 0, imageHeight = image ? r.int(image, "height", path, 0) : 0;
  // Tiled counts the tiles an image holds itself (tileset.cpp, columnCountForWidth); the file's counts match it.
  const columnsOf = (w: number) => (tilewidth + spacing > 0 ? Math.max(0, Math.floor((w - margin + spacing) / (tilewidth + spacing))) : 0);
  const rowsOf = (h: number) => (tileheight + spacing > 0 ? Math.max(0, Math.floor((h - margin + spacing) / (tileheight + spacing))) : 0);
  const columns = r.int(el, "columns", path, image ? columnsOf(imageWidth) : 0);
  out.tilecount = r.int(el, "tilecount", path, image ? columnsOf(imageWidth) * rowsOf(imageHeight) : tiles.length);
  out.columns = columns;
  if (image) {
    out.image = attr(image, "source") ?? "";
    if (out.image === "") r.error(image, [...path, "image"], "embedded image data is not supported (give the image as a file)");
    const trans = transparentColor(image);
    if (trans !== undefined) out.transparentcolor = trans;
    if (imageWidth > 0) out.imagewidth = imageWidth;
    if (imageHeight > 0) out.imageheight = imageHeight;
  }
  addProperties(r, el, out, path);
  // Tiled writes a tile only when it holds something beyond its id.
  const kept = tiles.filter((t) => Object.keys(t).length > 1);
  if (kept.length > 0) out.tiles = kept;
  if (wang.terrains) {
    wang.terrains.set.wangtiles = [...wang.terrains.tiles].sort((a, b) => a[0] - b[0]).map(([tileid, wangid]) => ({ tileid, wangid }));
    const colors = (wang.terrains.set.colors as Out[]).length;
    for (const [tileid, wangid] of wang.terrains.tiles) if (wangid.some((c) => c > colors || c < 0)) r.error(el, [...path, "tiles"], `tile ${tileid}: terrain "${wangid.join(",")}" names a terrain type that does not exist`);
  }
  if (wang.sets.length > 0) {
    if (wang.sets.some((s) => (s.colors as Out[]).length > MAX_WANG_COLORS)) r.error(el, [...path, "wangsets"], `a Wang set has more than ${MAX_WANG_COLORS} colours`);
    out.wangsets = wang.sets;
  }
  return out;
}

// ---------------------------------------------------------------- files

/** Gives ids to layers and objects without one, in document order, as Tiled does when it loads a map (map.cpp, adoptLayer). */
function assignIds(layers: readonly Out[], next: { layer: number; object: number }): void {
  for (const layer of layers) {
    if (layer.id === 0) layer.id = next.layer++;
    if (layer.type === "objectgroup") {
      for (const o of layer.objects as Out[]) {
        if (o.id === undefined) o.id = next.object++;
      }
    }
    if (layer.type === "group") assignIds(layer.layers as Out[], next);
  }
}

function readMap(r: Reader, el: XmlElement): Out {
  const out: Out = { type: "map" };
  const version = attr(el, "version"), tiledversion = attr(el, "tiledversion");
  if (version !== undefined) out.version = version;
  if (tiledversion !== undefined) out.tiledversion = tiledversion;
  const cls = nonEmpty(el, "class");
  if (cls !== undefined) out.class = cls;
  const orientation = attr(el, "orientation");
  if (orientation === undefined || !ORIENTATIONS.includes(orientation)) r.error(el, ["orientation"], orientation === undefined ? "the map has no orientation" : `unsupported map orientation "${orientation}"`);
  out.orientation = orientation ?? "orthogonal";
  out.renderorder = r.choice(el, "renderorder", ["renderorder"], RENDER_ORDERS, "right-down");
  out.width = r.int(el, "width", [], 0);
  out.height = r.int(el, "height", [], 0);
  out.tilewidth = r.int(el, "tilewidth", [], 0);
  out.tileheight = r.int(el, "tileheight", [], 0);
  const infinite = r.flag(el, "infinite", [], false);
  out.infinite = infinite;
  const nextLayerId = r.int(el, "nextlayerid", [], 0), nextObjectId = r.int(el, "nextobjectid", [], 0);
  out.compressionlevel = r.int(el, "compressionlevel", [], -1);
  if (orientation === "hexagonal") out.hexsidelength = r.int(el, "hexsidelength", [], 0);
  if (orientation === "staggered" || orientation === "hexagonal") {
    out.staggeraxis = r.choice(el, "staggeraxis", ["staggeraxis"], ["x", "y"], "y");
    out.staggerindex = r.choice(el, "staggerindex", ["staggerindex"], ["odd", "even"], "odd");
  }
  const skewx = r.int(el, "skewx", [], 0), skewy = r.int(el, "skewy", [], 0);
  if (skewx !== 0) out.skewx = skewx;
  if (skewy !== 0) out.skewy = skewy;
  const pox = r.double(el, "parallaxoriginx", [], 0), poy = r.double(el, "parallaxoriginy", [], 0);
  if (pox !== 0 || poy !== 0) {
    out.parallaxoriginx = pox;
    out.parallaxoriginy = poy;
  }
  const bg = r.color(el, "backgroundcolor");
  if (bg !== undefined) out.backgroundcolor = bg;

  const tilesets: Out[] = [];
  const layers: Out[] = [];
  const map: MapContext = { infinite };
  for (const child of el.children) {
    if (child.name === "tileset") tilesets.push(readTileset(r, child, ["tilesets", tilesets.length], true));
    else if (child.name === "editorsettings") {
      const settings: Out = {};
      for (const s of child.children) {
        if (s.name === "chunksize") {
          const w = r.int(s, "width", ["editorsettings"], 0), h = r.int(s, "height", ["editorsettings"], 0);
          const cw = w === 0 ? CHUNK_SIZE : Math.max(CHUNK_SIZE_MIN, w), ch = h === 0 ? CHUNK_SIZE : Math.max(CHUNK_SIZE_MIN, h);
          if (cw !== CHUNK_SIZE || ch !== CHUNK_SIZE) settings.chunksize = { width: cw, height: ch };
        } else if (s.name === "export") {
          const target = attr(s, "target") ?? "", format = attr(s, "format") ?? "";
          const exp: Out = {};
          if (target !== "" && target !== ".") exp.target = target;
          if (format !== "") exp.format = format;
          if (Object.keys(exp).length > 0) settings.export = exp;
        } else r.unknown(s, child, ["editorsettings"]);
      }
      if (Object.keys(settings).length > 0) out.editorsettings = settings;
    } else if (!readLayers(r, child, [], map, layers) && child.name !== "properties") r.unknown(child, el, []);
  }
  addProperties(r, el, out, []);
  const next = { layer: nextLayerId === 0 ? 1 : nextLayerId, object: nextObjectId === 0 ? 1 : nextObjectId };
  assignIds(layers, next);
  out.nextlayerid = next.layer;
  out.nextobjectid = next.object;
  out.tilesets = tilesets;
  out.layers = layers;
  return out;
}

function readTemplate(r: Reader, el: XmlElement): Out {
  const out: Out = { type: "template" };
  for (const child of el.children) {
    if (child.name === "tileset") out.tileset = readTileset(r, child, ["tileset"], true);
    else if (child.name === "object") out.object = readObject(r, child, ["object"], true);
    else r.unknown(child, el, []);
  }
  if (out.object === undefined) r.error(el, ["object"], "the template has no <object>");
  return out;
}

const ROOTS = { map: "map", tileset: "tileset", template: "template" } as const;
type Kind = keyof typeof ROOTS;

function parse(text: string, file: string, kind: Kind): TiledParse<JsonObject> {
  const xml = parseXml(text);
  if (!xml.ok) return { ok: false, problems: [{ file, path: "", message: xml.message, line: xml.line, column: xml.column }] };
  const r = new Reader(file);
  const root = xml.root;
  r.place(root, []);
  if (root.name !== ROOTS[kind]) {
    r.error(root, [], `not a Tiled ${kind} file: the root element is <${root.name}>, expected <${ROOTS[kind]}>`);
    return { ok: false, problems: r.problems };
  }
  const value = kind === "map" ? readMap(r, root) : kind === "tileset" ? readTileset(r, root, [], false) : readTemplate(r, root);
  if (r.failed) return { ok: false, problems: r.problems };
  const locate: Locate = (path) => {
    const segments = pathSegments(path);
    for (let n = segments.length; n >= 0; n--) {
      const at = r.places.get(formatPath(segments.slice(0, n)));
      if (at) return at;
    }
    return undefined;
  };
  return { ok: true, value, problems: r.problems, locate };
}

/** A TMX map as Tiled's JSON model (what `tiled --export-map json` writes, see the file comment for the differences). */
export const parseTmx = (text: string, file: string): TiledParse<JsonObject> => parse(text, file, "map");
/** A TSX tileset file as Tiled's JSON tileset (TSJ). */
export const parseTsx = (text: string, file: string): TiledParse<JsonObject> => parse(text, file, "tileset");
/** A TX template file as Tiled's JSON template (TJ). */
export const parseTx = (text: string, file: string): TiledParse<JsonObject> => parse(text, file, "template");
