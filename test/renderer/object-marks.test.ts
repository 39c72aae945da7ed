// The objects of a Tiled map the scene holds no collider for (a point such as the player's spawn,
// an ellipse that is not a circle, a text object) were listed once at import and then not drawn:
// the backdrop now reads them from their object layer and places them as Tiled does. Positions
// here are worked out by hand: the layer's offset (its group's added), an ellipse turned about its
// (x, y), a text object's box.
import { describe, expect, it } from "vitest";
import type { JsonObject } from "../../core/tiled/types";
import { buildBackdrop, drawnSummary, type BackdropMap, type ObjectLayerDraw } from "../../renderer/tiled-map/model";
import { placeMark } from "../../renderer/tiled-map/object-marks";
import { drawnBounds } from "../../renderer/tiled-map/tile-objects";

const objects: JsonObject[] = [
  { id: 1, name: "spawn", type: "", x: 40, y: 50, width: 0, height: 0, rotation: 0, visible: true, point: true },
  { id: 2, name: "pond", type: "", x: 100, y: 0, width: 40, height: 20, rotation: 90, visible: true, ellipse: true },
  { id: 3, name: "note", type: "", x: 0, y: 0, width: 80, height: 30, rotation: 0, visible: true, text: { text: "Hello\nthere", pixelsize: 12, halign: "center", wrap: true } },
  // The scene's, or not drawn: a circle, a rectangle, a hidden point, a zero-size ellipse, a tile object.
  { id: 4, name: "ring", type: "", x: 0, y: 0, width: 30, height: 30, rotation: 0, visible: true, ellipse: true },
  { id: 5, name: "wall", type: "", x: 0, y: 0, width: 30, height: 10, rotation: 0, visible: true },
  { id: 6, name: "secret", type: "", x: 1, y: 1, width: 0, height: 0, rotation: 0, visible: false, point: true },
  { id: 7, name: "", type: "", x: 1, y: 1, width: 0, height: 5, rotation: 0, visible: true, ellipse: true },
  { id: 8, name: "", type: "", x: 0, y: 16, width: 16, height: 16, rotation: 0, visible: true, gid: 1 },
];

const map = (layers: JsonObject[]): BackdropMap => {
  const b = buildBackdrop({ orientation: "orthogonal", tilewidth: 16, tileheight: 16, width: 10, height: 10, tilesets: [{ firstgid: 1, name: "t", image: "t.png", imagewidth: 16, imageheight: 16, tilewidth: 16, tileheight: 16, columns: 1, tilecount: 1 }], layers }, "maps/level.tmj");
  if (!b.ok) throw new Error(b.problems.join("; "));
  return b.map;
};

const inGroup = (layer: JsonObject): JsonObject[] => [{ type: "group", name: "g", offsetx: 5, offsety: 0, opacity: 0.5, layers: [layer] }];
const objectLayer = (rest: JsonObject = {}): JsonObject => ({ type: "objectgroup", name: "Notes", offsetx: 10, offsety: 20, opacity: 0.8, objects, ...rest });
const only = (m: BackdropMap): ObjectLayerDraw => {
  const layer = m.layers[0];
  if (layer?.kind !== "objects") throw new Error("no object layer");
  return layer;
};

const close = (got: readonly (readonly [number, number])[] | readonly [number, number], want: readonly (readonly [number, number])[] | readonly [number, number]) => {
  expect(got.flat().map((v) => Number(v.toFixed(9)))).toEqual(want.flat().map((v) => Number(v.toFixed(9)) + 0));
};

describe("objects the scene holds no collider for, drawn with the backdrop", () => {
  it("reads a point, an ellipse that is not a circle and a text object, and nothing else, with the layer's offset, opacity and visibility", () => {
    const layer = only(map(inGroup(objectLayer())));
    expect(layer.marks.map((m) => `${m.kind} ${m.name}`)).toEqual(["point spawn", "ellipse pond", "text note"]);
    expect(layer.objects).toHaveLength(1);
    expect([layer.offsetX, layer.offsetY, layer.opacity, layer.visible]).toEqual([15, 20, 0.4, true]);
    expect(layer.marks[2]).toMatchObject({ text: "Hello\nthere", pixelSize: 12, wrap: true, align: { h: "center", v: "top" }, fontFamily: "sans-serif" });
    expect(only(map(inGroup(objectLayer({ visible: false })))).visible).toBe(false);
  });

  it("keeps a layer holding only marks (a spawn point and notes), and counts it as a layer drawn", () => {
    const m = map([objectLayer({ objects: objects.slice(0, 1) })]);
    expect(only(m).objects).toEqual([]);
    expect(drawnSummary(m)).toBe("1 layer");
    // A layer of the scene's shapes only draws nothing.
    expect(map([objectLayer({ objects: objects.slice(3, 5) })]).layers).toEqual([]);
  });

  it("places a point at its (x, y) plus the layer's offset, its name above it", () => {
    const [spawn] = only(map(inGroup(objectLayer()))).marks;
    const at = placeMark(spawn!, { offsetX: 15, offsetY: 20 });
    close(at.outline, [[55, 70]]);
    close(at.label, [55, 70]);
  });

  it("turns an ellipse about its (x, y): 90° clockwise, its 40 × 20 box stands 20 wide and 40 tall left of x", () => {
    const pond = only(map(inGroup(objectLayer()))).marks[1]!;
    const at = placeMark(pond, { offsetX: 15, offsetY: 20 });
    // Local (u, v) turns to (−v, u), then moves to (115, 20).
    const xs = at.outline.map(([x]) => x), ys = at.outline.map(([, y]) => y);
    expect([Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)].map((v) => Number(v.toFixed(9)))).toEqual([95, 115, 20, 60]);
    // The end of its long axis, local (40, 10), is at (115 − 10, 20 + 40).
    close(at.outline[0]!, [105, 60]);
    // Every point on the ellipse of centre (105, 40), half-axes 10 across and 20 down.
    for (const [x, y] of at.outline) expect(((x - 105) / 10) ** 2 + ((y - 40) / 20) ** 2).toBeCloseTo(1, 9);
    close(at.label, [105, 20]);
  });

  it("puts a text object's box at its (x, y) plus the offset, and maps its own pixels there for its text", () => {
    const note = only(map(inGroup(objectLayer()))).marks[2]!;
    if (note.kind !== "text") throw new Error("not the text");
    const at = placeMark(note, { offsetX: 15, offsetY: 20 });
    close(at.outline, [[15, 20], [95, 20], [95, 50], [15, 50]]);
    expect(at.m).toEqual({ a: 1, b: 0, c: 0, d: 1, e: 15, f: 20 });
    close(at.label, [55, 20]);
    // Turned 30° about its corner, its far corner moves with it.
    const turned = placeMark({ ...note, rotation: 30 }, { offsetX: 0, offsetY: 0 });
    const c = Math.cos(Math.PI / 6), s = Math.sin(Math.PI / 6);
    close(turned.outline[2]!, [80 * c - 30 * s, 80 * s + 30 * c]);
  });

  it("count in the rectangle the map draws (Fit to View frames a spawn point beyond the tiles); a hidden layer's do not", () => {
    const ground: JsonObject = { type: "tilelayer", name: "ground", width: 2, height: 1, data: [1, 1] };
    const box = drawnBounds(map([ground, objectLayer({ objects: objects.slice(0, 1) }), objectLayer({ visible: false, objects: [{ ...objects[0]!, x: -900 }] })]))!;
    expect([box.minX, box.minY, box.maxX, box.maxY]).toEqual([0, 0, 50, 70]);
  });
});
