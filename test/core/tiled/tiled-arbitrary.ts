// Random maps in Tiled's JSON model, in the form parseTmx gives (its defaults filled in, colours
// as Tiled prints them, ids everywhere), for round trips through writeTmx.
import fc from "fast-check";
import { encodeTileData } from "../../../core/tiled/layer-data";
import { firstNonXmlChar } from "../../../core/tiled/xml";

type Json = { [key: string]: unknown };

/** Strings XML can hold, with the characters that need escaping or survive line-end handling only as references. */
const text = fc.string({ unit: fc.oneof(fc.constantFrom("&", "<", ">", '"', "'", "\t", "\n", "\r", " ", "é", "😀", "a", "b"), fc.string({ unit: "binary", minLength: 1, maxLength: 1 })), maxLength: 12 }).filter((s) => firstNonXmlChar(s) < 0);
const name = fc.oneof(fc.constantFrom("", "a", "Walls", "x y"), text);
const nonEmpty = text.filter((s) => s !== "");
/** Finite numbers as Tiled's JSON keeps them (-0 reads back as 0). */
const double = fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }).map((v) => (Object.is(v, -0) ? 0 : v));
const small = fc.integer({ min: -50, max: 50 });
const hex2 = fc.integer({ min: 0, max: 255 }).map((n) => n.toString(16).padStart(2, "0"));
const rgb = fc.tuple(hex2, hex2, hex2).map((p) => p.join(""));
/** A colour as Tiled prints a layer's or map's: #rrggbb when opaque, else #aarrggbb. */
const color = fc.tuple(hex2, rgb).map(([a, c]) => (a === "ff" ? `#${c}` : `#${a}${c}`));
const gid = fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 40 }), fc.integer({ min: 0, max: 0xffffffff }));

/** `fields` with the optional ones (undefined) left out. */
const defined = (fields: Json): Json => Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });

type Value = { type: string; value: unknown };
const { member } = fc.letrec<{ member: unknown }>((tie) => ({
  member: fc.oneof({ depthSize: "small" }, fc.integer(), double, fc.boolean(), text, fc.dictionary(nonEmpty, tie("member"), { maxKeys: 3 })),
}));
const { typed } = fc.letrec<{ typed: Value }>((tie) => ({
  typed: fc.oneof(
    { depthSize: "small" },
    text.map((value) => ({ type: "string", value })),
    fc.integer().map((value) => ({ type: "int", value })),
    double.map((value) => ({ type: "float", value })),
    fc.boolean().map((value) => ({ type: "bool", value })),
    fc.oneof(fc.constant(""), fc.tuple(hex2, rgb).map(([a, c]) => `#${a}${c}`)).map((value) => ({ type: "color", value })),
    text.map((value) => ({ type: "file", value })),
    fc.nat().map((value) => ({ type: "object", value })),
    fc.dictionary(nonEmpty, member, { maxKeys: 3 }).map((value) => ({ type: "class", value })),
    fc.array(fc.tuple(tie("typed"), maybe(nonEmpty)).map(([v, propertytype]) => defined({ ...v, propertytype })), { maxLength: 3 }).map((value) => ({ type: "list", value })),
  ),
}));
const property = fc.tuple(name, typed, maybe(nonEmpty)).map(([n, v, propertytype]) => defined({ name: n, ...v, propertytype }));
const properties = maybe(fc.array(property, { minLength: 1, maxLength: 4 }));

const points = fc.array(fc.record({ x: double, y: double }), { maxLength: 4 });
const shape = fc.oneof(
  fc.constant({}),
  points.map((polygon) => ({ polygon })),
  points.map((polyline) => ({ polyline })),
  fc.constantFrom({ ellipse: true }, { point: true }, { capsule: true }),
  fc.record({
    text,
    fontfamily: maybe(fc.constantFrom("Arial", "serif")),
    pixelsize: maybe(fc.integer({ min: 1, max: 99 }).filter((n) => n !== 16)),
    wrap: maybe(fc.constant(true)),
    color: maybe(color.filter((c) => c !== "#000000")),
    bold: maybe(fc.constant(true)),
    italic: maybe(fc.constant(true)),
    underline: maybe(fc.constant(true)),
    strikeout: maybe(fc.constant(true)),
    kerning: maybe(fc.constant(false)),
    halign: maybe(fc.constantFrom("center", "right", "justify")),
    valign: maybe(fc.constantFrom("center", "bottom")),
  }).map((t) => ({ text: defined(t) })),
);

const plainObject = fc.record({ name, type: text, gid, x: double, y: double, width: double, height: double, rotation: double, visible: fc.boolean(), opacity: maybe(double.filter((o) => o !== 1)), properties, shape }).map(({ shape: s, gid: g, ...o }) => defined({ ...o, ...(g === 0 ? {} : { gid: g }), ...s }));
const instance = fc.record({ template: fc.constantFrom("t.tx", "../templates/a b.tx"), x: double, y: double, name: maybe(nonEmpty), type: maybe(nonEmpty), gid: maybe(gid.filter((g) => g !== 0)), size: maybe(fc.tuple(fc.double({ min: 0.5, max: 1e4, noNaN: true }), fc.double({ min: 0.5, max: 1e4, noNaN: true }))), rotation: maybe(double), visible: maybe(fc.boolean()), opacity: maybe(double), properties, shape }).map(({ size, shape: s, ...o }) => defined({ ...o, ...(size ? { width: size[0], height: size[1] } : {}), ...s }));
const object = fc.oneof({ weight: 3, arbitrary: plainObject }, { weight: 1, arbitrary: instance });

const layerCommon = fc.record({
  name,
  class: maybe(nonEmpty),
  x: small,
  y: small,
  visible: fc.boolean(),
  locked: maybe(fc.constant(true)),
  opacity: fc.double({ min: 0, max: 1, noNaN: true }).map((v) => (Object.is(v, -0) ? 0 : v)),
  offset: maybe(fc.tuple(double, double).filter(([a, b]) => a !== 0 || b !== 0)),
  parallaxx: maybe(double.filter((v) => v !== 1)),
  parallaxy: maybe(double.filter((v) => v !== 1)),
  tintcolor: maybe(color),
  mode: maybe(fc.constantFrom("multiply", "screen")),
  properties,
}).map(({ offset, ...l }) => defined({ ...l, ...(offset ? { offsetx: offset[0], offsety: offset[1] } : {}) }));

const tileLayer = fc.tuple(layerCommon, fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 4 }), fc.constantFrom("csv", "", "zlib", "gzip")).chain(([common, w, h, how]) =>
  fc.array(gid, { minLength: w * h, maxLength: w * h }).map((gids) => {
    const data = how === "csv" ? gids : encodeTileData(Uint32Array.from(gids), "base64", how as "" | "zlib" | "gzip");
    return { type: "tilelayer", ...common, width: w, height: h, ...(how === "csv" ? {} : { encoding: "base64", compression: how }), data };
  }),
);
const objectGroup = fc.tuple(layerCommon, maybe(color), fc.constantFrom("topdown", "index"), fc.array(object, { maxLength: 4 })).map(([common, c, draworder, objects]) => defined({ type: "objectgroup", ...common, color: c, draworder, objects }));
const imageLayer = fc.tuple(layerCommon, fc.option(fc.record({ image: nonEmpty, transparentcolor: maybe(rgb.map((c) => `#${c}`)), size: maybe(fc.tuple(fc.integer({ min: 1, max: 4096 }), fc.integer({ min: 1, max: 4096 }))) }), { nil: undefined }), maybe(fc.constant(true)), maybe(fc.constant(true))).map(([common, img, repeatx, repeaty]) =>
  defined({ type: "imagelayer", ...common, image: img?.image ?? "", transparentcolor: img?.transparentcolor, imagewidth: img?.size?.[0], imageheight: img?.size?.[1], repeatx, repeaty }),
);
const { layer } = fc.letrec<{ layer: Json }>((tie) => ({
  layer: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    tileLayer,
    objectGroup,
    imageLayer,
    fc.tuple(layerCommon, fc.array(tie("layer"), { maxLength: 3 })).map(([common, layers]) => ({ type: "group", ...common, layers })),
  ),
}));

const tile = fc.record({
  id: fc.nat({ max: 50 }),
  type: maybe(nonEmpty),
  class: maybe(nonEmpty),
  probability: maybe(double.filter((p) => p !== 1)),
  rect: maybe(fc.tuple(fc.nat(), fc.nat(), fc.nat(), fc.nat())),
  properties,
  image: maybe(fc.tuple(nonEmpty, fc.integer({ min: 1, max: 512 }), fc.integer({ min: 1, max: 512 }))),
  objectgroup: maybe(fc.tuple(fc.constantFrom("topdown", "index"), fc.array(plainObject, { minLength: 1, maxLength: 2 }))),
  animation: maybe(fc.array(fc.record({ tileid: fc.nat({ max: 50 }), duration: fc.nat({ max: 5000 }) }), { minLength: 1, maxLength: 3 })),
}).map(({ rect, image, objectgroup, ...t }) => defined({
  ...t,
  ...(rect ? { x: rect[0], y: rect[1], width: rect[2], height: rect[3] } : {}),
  ...(image ? { image: image[0], imagewidth: image[1], imageheight: image[2] } : {}),
  ...(objectgroup ? { objectgroup: { type: "objectgroup", name: "", x: 0, y: 0, visible: true, opacity: 1, draworder: objectgroup[0], objects: objectgroup[1] } } : {}),
})).filter((t) => Object.keys(t).length > 1);

const wangColor = fc.record({ color, name: text, class: maybe(nonEmpty), probability: double, tile: fc.integer({ min: -1, max: 50 }), properties }).map(defined);
const wangSet = fc.tuple(fc.array(wangColor, { minLength: 1, maxLength: 4 }), fc.record({ name: text, class: maybe(nonEmpty), tile: fc.integer({ min: -1, max: 50 }), type: fc.constantFrom("corner", "edge", "mixed"), properties })).chain(([colors, set]) =>
  fc.array(fc.record({ tileid: fc.nat({ max: 50 }), wangid: fc.array(fc.integer({ min: 0, max: colors.length }), { minLength: 8, maxLength: 8 }) }), { maxLength: 3 }).map((tiles) => defined({ ...set, colors, wangtiles: [...tiles].sort((a, b) => a.tileid - b.tileid) })),
);

const embedded = fc.record({
  name: text,
  class: maybe(nonEmpty),
  tilewidth: fc.integer({ min: 1, max: 64 }),
  tileheight: fc.integer({ min: 1, max: 64 }),
  spacing: fc.nat({ max: 4 }),
  margin: fc.nat({ max: 4 }),
  tilecount: fc.nat({ max: 100 }),
  columns: fc.nat({ max: 10 }),
  objectalignment: maybe(fc.constantFrom("topleft", "bottom", "center")),
  tilerendersize: maybe(fc.constant("grid")),
  fillmode: maybe(fc.constant("preserve-aspect-fit")),
  backgroundcolor: maybe(color),
  tileoffset: maybe(fc.record({ x: small, y: small }).filter((o) => o.x !== 0 || o.y !== 0)),
  isoGrid: maybe(fc.record({ width: fc.integer({ min: 1, max: 64 }), height: fc.integer({ min: 1, max: 64 }) })),
  transformations: maybe(fc.record({ hflip: fc.boolean(), vflip: fc.boolean(), rotate: fc.boolean(), preferuntransformed: fc.constant(true) })),
  properties,
  image: maybe(fc.record({ image: nonEmpty, transparentcolor: maybe(rgb.map((c) => `#${c}`)), imagewidth: fc.integer({ min: 1, max: 4096 }), imageheight: fc.integer({ min: 1, max: 4096 }) })),
  tiles: maybe(fc.array(tile, { minLength: 1, maxLength: 3 })),
  wangsets: maybe(fc.array(wangSet, { minLength: 1, maxLength: 2 })),
}).map(({ isoGrid, image, ...t }) => defined({ ...t, ...(isoGrid ? { grid: { orientation: "isometric", ...isoGrid } } : {}), ...image }));

const tilesets = fc.array(fc.oneof(fc.record({ source: fc.constantFrom("t.tsx", "../tilesets/a b.tsj") }), embedded), { maxLength: 3 }).map((list) => {
  let firstgid = 1;
  return list.map((t) => {
    const out = { firstgid, ...t };
    firstgid += 100;
    return out;
  });
});

/** A map as parseTmx gives it (finite; every layer and object with an id). */
export const tiledMap = fc.record({
  version: maybe(fc.constantFrom("1.8", "1.10")),
  tiledversion: maybe(fc.constantFrom("1.8.2", "1.10.2")),
  class: maybe(nonEmpty),
  orientation: fc.constantFrom("orthogonal", "isometric", "staggered", "hexagonal"),
  renderorder: fc.constantFrom("right-down", "right-up", "left-down", "left-up"),
  width: fc.nat({ max: 100 }),
  height: fc.nat({ max: 100 }),
  tilewidth: fc.integer({ min: 1, max: 64 }),
  tileheight: fc.integer({ min: 1, max: 64 }),
  compressionlevel: fc.integer({ min: -1, max: 9 }),
  stagger: fc.record({ hexsidelength: fc.nat({ max: 32 }), staggeraxis: fc.constantFrom("x", "y"), staggerindex: fc.constantFrom("odd", "even") }),
  parallaxorigin: maybe(fc.tuple(double, double).filter(([a, b]) => a !== 0 || b !== 0)),
  backgroundcolor: maybe(color),
  chunksize: maybe(fc.tuple(fc.integer({ min: 4, max: 64 }), fc.integer({ min: 4, max: 64 })).filter(([w, h]) => w !== 16 || h !== 16)),
  properties,
  tilesets,
  layers: fc.array(layer, { maxLength: 4 }),
}).map(({ stagger, parallaxorigin, chunksize, ...m }) => {
  // Ids in document order, as Tiled gives them.
  const next = { layer: 1, object: 1 };
  const number = (layers: Json[]): Json[] => layers.map((l) => {
    const out: Json = { ...l, id: next.layer++ };
    if (Array.isArray(l.objects)) out.objects = (l.objects as Json[]).map((o) => ({ ...o, id: next.object++ }));
    if (Array.isArray(l.layers)) out.layers = number(l.layers as Json[]);
    return out;
  });
  const layers = number(m.layers as Json[]);
  return defined({
    type: "map",
    ...m,
    infinite: false,
    ...(m.orientation === "hexagonal" ? { hexsidelength: stagger.hexsidelength } : {}),
    ...(m.orientation === "hexagonal" || m.orientation === "staggered" ? { staggeraxis: stagger.staggeraxis, staggerindex: stagger.staggerindex } : {}),
    ...(parallaxorigin ? { parallaxoriginx: parallaxorigin[0], parallaxoriginy: parallaxorigin[1] } : {}),
    ...(chunksize ? { editorsettings: { chunksize: { width: chunksize[0], height: chunksize[1] } } } : {}),
    layers,
    nextlayerid: next.layer,
    nextobjectid: next.object,
  });
});
