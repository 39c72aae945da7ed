// The mini-map without a browser: the level's bounds fitted to the panel, panel points to world
// points and back, the canvas's view as a frame, centring the view on a clicked point, the
// shapes' pixels (layer colours, hidden layers left out, overlaps over every layer), the region a
// drag step redraws, and View → Mini-map as a remembered action.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Layer, Shape } from "../../core";
import { actionById } from "../../renderer/actions/registry";
import { menuChecks } from "../../renderer/actions/menu-model";
import { clearRegion, emptyPixels, pixelOf, planMiniMapShapes, type MiniMapPath } from "../../renderer/app/minimap/draw-minimap";
import { centredOn, clipFrame, fitMiniMap, MIN_FRAME, MINIMAP_MIN_HEIGHT, MINIMAP_PADDING, panelToWorld, viewFrame, worldToPanel } from "../../renderer/app/minimap/minimap-geometry";
import { unionBounds } from "../../renderer/store/view";
import { regionOf } from "../../renderer/app/minimap/painter";
import { followShapesBounds } from "../../renderer/app/minimap/level-bounds";
import { loadGridPreference, MINIMAP_STORAGE_KEY } from "../../renderer/app/grid-preference";
import { Editor } from "../../renderer/editor/editor";
import { screenToWorld } from "../../renderer/store/view";

describe("mini-map geometry", () => {
  const level = { minX: -1000, minY: 0, maxX: 5000, maxY: 3000 };

  it("fits a 6000 × 3000 level to the panel's width, its height following, the level centred", () => {
    const fit = fitMiniMap(level, 280, 170);
    expect(fit.width).toBe(280);
    expect(fit.height).toBe(Math.round((280 - 2 * MINIMAP_PADDING) / 2 + 2 * MINIMAP_PADDING));
    expect(fit.scale).toBeCloseTo((280 - 2 * MINIMAP_PADDING) / 6000);
    // The level's corners land inside the padding, its centre in the middle.
    expect(worldToPanel(fit, { x: -1000, y: 0 }).x).toBeCloseTo(MINIMAP_PADDING);
    expect(worldToPanel(fit, { x: 5000, y: 3000 }).x).toBeCloseTo(280 - MINIMAP_PADDING);
    expect(worldToPanel(fit, { x: 2000, y: 1500 })).toEqual({ x: 140, y: fit.height / 2 });
  });

  it("caps a tall level's height and centres it across; a wide one keeps a height to click in", () => {
    const tall = fitMiniMap({ minX: 0, minY: 0, maxX: 100, maxY: 10_000 }, 280, 170);
    expect(tall.height).toBe(170);
    expect(worldToPanel(tall, { x: 50, y: 5000 })).toEqual({ x: 140, y: 85 });
    expect(worldToPanel(tall, { x: 0, y: 10_000 }).y).toBeCloseTo(170 - MINIMAP_PADDING);
    const wide = fitMiniMap({ minX: 0, minY: 0, maxX: 100_000, maxY: 10 }, 280, 170);
    expect(wide.height).toBe(MINIMAP_MIN_HEIGHT);
    // One point: shown, not an infinite scale.
    const point = fitMiniMap({ minX: 5, minY: 5, maxX: 5, maxY: 5 }, 280, 170);
    expect(Number.isFinite(point.scale)).toBe(true);
    expect(worldToPanel(point, { x: 5, y: 5 })).toEqual({ x: 140, y: point.height / 2 });
  });

  it("maps panel points to world points and back", () => {
    const fit = fitMiniMap(level, 280, 170);
    for (const p of [{ x: 0, y: 0 }, { x: 123.5, y: 77.25 }, { x: 280, y: fit.height }]) {
      const back = worldToPanel(fit, panelToWorld(fit, p));
      expect(back.x).toBeCloseTo(p.x, 9);
      expect(back.y).toBeCloseTo(p.y, 9);
    }
  });

  it("unites the shapes', images' and map's bounds, skipping what is missing", () => {
    expect(unionBounds([null, { minX: 0, minY: 0, maxX: 10, maxY: 10 }, { minX: -5, minY: 2, maxX: 3, maxY: 40 }])).toEqual({ minX: -5, minY: 0, maxX: 10, maxY: 40 });
    expect(unionBounds([null])).toBeNull();
  });

  it("draws the canvas's visible rectangle as the frame, and centring on a point puts it mid-canvas at the same zoom", () => {
    const fit = fitMiniMap(level, 280, 170);
    const canvas = { width: 800, height: 600 };
    const view = { x: 100, y: -50, scale: 2 };
    const frame = viewFrame(fit, view, canvas);
    const topLeft = screenToWorld(view, { x: 0, y: 0 }), bottomRight = screenToWorld(view, { x: 800, y: 600 });
    expect(frame.x).toBeCloseTo(worldToPanel(fit, topLeft).x);
    expect(frame.y).toBeCloseTo(worldToPanel(fit, topLeft).y);
    expect(frame.x + frame.width).toBeCloseTo(worldToPanel(fit, bottomRight).x);
    expect(frame.y + frame.height).toBeCloseTo(worldToPanel(fit, bottomRight).y);
    const centred = centredOn(view, canvas, { x: 4000, y: 2500 });
    expect(centred.scale).toBe(2);
    expect(screenToWorld(centred, { x: 400, y: 300 })).toEqual({ x: 4000, y: 2500 });
    const moved = viewFrame(fit, centred, canvas);
    expect(moved.x + moved.width / 2).toBeCloseTo(worldToPanel(fit, { x: 4000, y: 2500 }).x);
  });

  it("draws a frame zoomed far in at least MIN_FRAME across, and clips one zoomed far out to the panel", () => {
    const fit = fitMiniMap(level, 280, 170);
    const tiny = clipFrame({ x: 100, y: 50, width: 0.5, height: 0.25 }, fit)!;
    expect(tiny.width).toBe(MIN_FRAME);
    expect(tiny.x + tiny.width / 2).toBeCloseTo(100.25);
    const huge = clipFrame({ x: -1e7, y: -1e7, width: 2e7, height: 2e7 }, fit)!;
    expect(huge).toEqual({ x: -2, y: -2, width: 284, height: fit.height + 4 });
    expect(clipFrame({ x: 500, y: 0, width: 10, height: 10 }, fit)).toBeNull();
  });
});

describe("mini-map shapes' pixels", () => {
  const layers: Layer[] = [{ id: "ground", name: "Ground", color: "#0000ff" }, { id: "props", name: "Props", color: "#00ff00" }, { id: "off", name: "Off", color: "#ffffff", visible: false }];
  const colours = new Map(layers.map((l) => [l.id, l.color!]));
  const paint = { colours, overlap: "#ff0000" };
  // 1 world unit = 0.1 panel pixel: every shape below is tiny.
  const fit = { scale: 0.1, x: 0, y: 0, width: 20, height: 20 };
  const box = (id: string, x: number, y: number, layer: string, extra: Partial<Shape> = {}): Shape => ({ id, type: "box", x, y, rotation: 0, width: 8, height: 8, layer, ...extra }) as Shape;
  const noPath = (): MiniMapPath => ({ moveTo() {}, lineTo() {}, arc() {}, closePath() {} });
  const at = (px: ReturnType<typeof emptyPixels>, c: number, r: number) => px.data[r * px.width + c];

  it("writes each shown shape in its layer's colour, a layer over the one below, the overlap colour over all; hidden ones not at all", () => {
    const px = emptyPixels(20, 20, 1);
    const shapes = [box("p", 55, 55, "props"), box("g", 55, 55, "ground"), box("lone", 105, 25, "ground"), box("hid", 155, 155, "off"), box("h2", 155, 25, "ground", { visible: false }), box("red", 25, 155, "ground")];
    const { drawn } = planMiniMapShapes(shapes, layers, new Set(["red"]), fit, paint, px, noPath);
    expect(drawn).toBe(4);
    expect(at(px, 5, 5)).toBe(pixelOf("#00ff00", 0.85)); // props over ground though drawn first
    expect(at(px, 10, 2)).toBe(pixelOf("#0000ff", 0.85));
    expect(at(px, 2, 15)).toBe(pixelOf("#ff0000", 1));
    expect(at(px, 15, 15)).toBe(0);
    expect(at(px, 15, 2)).toBe(0);
  });

  it("sends shapes a few pixels across to the outlines instead, chains to the stroked path", () => {
    const calls: string[] = [];
    const path = (name: string): MiniMapPath => ({ moveTo: () => void calls.push(`${name}.moveTo`), lineTo() {}, arc() {}, closePath() {} });
    let n = 0;
    const newPath = () => path(["ground.fill", "ground.stroke", "props.fill", "props.stroke", "off.fill", "off.stroke", "overlap.fill", "overlap.stroke"][n++]!);
    const big = box("big", 100, 100, "ground", { width: 80, height: 80 } as Partial<Shape>);
    const chain: Shape = { id: "c", type: "chain", x: 0, y: 0, rotation: 0, points: [[0, 0], [100, 0], [100, 100]], layer: "props" };
    const px = emptyPixels(20, 20, 1);
    const out = planMiniMapShapes([big, chain], layers, new Set(), fit, paint, px, newPath);
    expect(calls).toEqual(["ground.fill.moveTo", "props.stroke.moveTo"]);
    expect(out.byLayer.get("ground")!.used).toBe(true);
    expect(px.data.every((p) => p === 0)).toBe(true);
  });

  it("redraws only inside a region: clearRegion empties it, and writing there leaves the rest alone", () => {
    const px = emptyPixels(20, 20, 1);
    planMiniMapShapes([box("a", 25, 25, "ground"), box("b", 155, 155, "ground")], layers, new Set(), fit, paint, px, noPath);
    const region = regionOf({ minX: 0, minY: 0, maxX: 50, maxY: 50 }, fit, 20, 20, 1)!;
    expect(region).toEqual({ c0: 0, r0: 0, c1: 6, r1: 6 });
    clearRegion(px, region);
    expect(at(px, 2, 2)).toBe(0);
    expect(at(px, 15, 15)).toBe(pixelOf("#0000ff", 0.85));
    // "a" now overlaps something: red inside the region; a shape beyond it is not written.
    planMiniMapShapes([box("a", 25, 25, "ground"), box("far", 105, 105, "props")], layers, new Set(["a"]), fit, paint, px, noPath, undefined, region);
    expect(at(px, 2, 2)).toBe(pixelOf("#ff0000", 1));
    expect(at(px, 10, 10)).toBe(0);
    expect(regionOf({ minX: 500, minY: 500, maxX: 600, maxY: 600 }, fit, 20, 20, 1)).toBeNull();
  });
});

describe("mini-map level bounds through a drag", () => {
  const circle = (id: string, x: number, y: number): Shape => ({ id, type: "circle", x, y, rotation: 0, radius: 5 });
  const noWorld = () => false;
  const shapes = [circle("a", 0, 0), circle("mid", 50, 50), circle("b", 100, 100)];

  it("follows a few replaced shapes clear of the edges without a pass over all, and takes a full pass when an edge shape moved", () => {
    const first = followShapesBounds(null, shapes, noWorld);
    expect(first.box).toEqual({ minX: -5, minY: -5, maxX: 105, maxY: 105 });
    // The middle shape dragged past the edge: the level grows, no box read.
    let reads = 0;
    const counting = () => (reads++, false);
    const out = followShapesBounds(first, [shapes[0]!, circle("mid", 200, 50), shapes[2]!], counting);
    expect(out.box).toEqual({ minX: -5, minY: -5, maxX: 205, maxY: 105 });
    expect(reads).toBe(0);
    // The edge shape "b" dragged inward: the level shrinks, from a full pass.
    const inward = followShapesBounds(first, [shapes[0]!, shapes[1]!, circle("b", 60, 60)], counting);
    expect(inward.box).toEqual({ minX: -5, minY: -5, maxX: 65, maxY: 65 });
    expect(reads).toBe(3);
    // The same array: the same answer.
    expect(followShapesBounds(inward, inward.shapes, counting)).toBe(inward);
  });
});

describe("View → Mini-map", () => {
  beforeEach(() => {
    const kept = new Map<string, string>();
    vi.stubGlobal("localStorage", { getItem: (k: string) => kept.get(k) ?? null, setItem: (k: string, v: string) => void kept.set(k, v) });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("is hidden at first, as in Tiled; the action shows it, checked in the menu; the choice is read back on the next run", () => {
    const editor = new Editor();
    loadGridPreference(editor);
    expect(editor.getState().showMiniMap).toBe(false);
    const action = actionById("view.toggleMiniMap")!;
    expect(action.label).toBe("Mini-map");
    expect(action.group).toBe("View");
    const before = menuChecks(editor);
    action.run(editor);
    expect(editor.getState().showMiniMap).toBe(true);
    expect(action.checked?.(editor)).toBe(true);
    expect(menuChecks(editor)).not.toBe(before);
    localStorage.setItem(MINIMAP_STORAGE_KEY, "true");
    const next = new Editor();
    loadGridPreference(next);
    expect(next.getState().showMiniMap).toBe(true);
  });
});
