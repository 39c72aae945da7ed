import { describe, expect, it } from "vitest";
import type { Scene, Shape } from "../../core";
import { CANVAS_TOP, SceneTargets } from "./editor-targets";

const circle = (id: string, layer: string, x: number, y: number, radius = 20): Shape => ({ id, layer, type: "circle", x, y, radius, rotation: 0 });

const scene = (shapes: Shape[], extra: Partial<Scene> = {}): Scene => ({
  format: "collider-studio-scene",
  version: 1,
  shapes,
  probes: [],
  layers: [{ id: "bottom", name: "Bottom" }, { id: "top", name: "Top" }],
  ...extra,
});

describe("SceneTargets", () => {
  it("picks the shape of the upper layer, even when it comes first in the scene", () => {
    const t = new SceneTargets(scene([circle("upper", "top", 100, 100), circle("lower", "bottom", 105, 100)]));
    expect(t.topAt(102, 100 + CANVAS_TOP)?.id).toBe("upper");
    // Within one layer, the later shape is on top.
    const same = new SceneTargets(scene([circle("first", "bottom", 100, 100), circle("second", "bottom", 105, 100)]));
    expect(same.topAt(102, 100 + CANVAS_TOP)?.id).toBe("second");
  });

  it("skips hidden and locked layers, which the pointer cannot pick", () => {
    const layers = [{ id: "bottom", name: "Bottom" }, { id: "top", name: "Top", locked: true }, { id: "off", name: "Off", visible: false }];
    const t = new SceneTargets(scene([circle("under", "bottom", 100, 100), circle("locked", "top", 100, 100), circle("hidden", "off", 100, 100)], { layers }));
    expect(t.topAt(100, 100 + CANVAS_TOP)?.id).toBe("under");
  });

  it("maps page to world by the canvas's top edge", () => {
    const t = new SceneTargets(scene([circle("c", "bottom", 100, 100, 5)]));
    expect(t.topAt(100, 100 + CANVAS_TOP)?.id).toBe("c");
    expect(t.topAt(100, 100)).toBeUndefined();
  });

  it("finds empty points clear of shapes and probe lines", () => {
    const rayScene = scene([circle("c", "bottom", 50, 50, 10)], { probes: [{ id: "r", name: "", type: "ray", from: [0, 200], to: [400, 200] }] });
    const t = new SceneTargets(rayScene);
    expect(t.emptyAround(50, 50 + CANVAS_TOP, 8)).toBe(false);
    expect(t.emptyAround(50, 70 + CANVAS_TOP, 8)).toBe(true);
    expect(t.emptyAround(200, 205 + CANVAS_TOP, 8)).toBe(false);
    const p = t.emptyPoint({ minX: 40, minY: 40 + CANVAS_TOP, maxX: 100, maxY: 100 + CANVAS_TOP }, 8);
    expect(t.emptyAround(p.x, p.y, 8)).toBe(true);
  });

  it("aims clicks at shapes on top at their centre, apart from each other, never at a covered one", () => {
    const shapes = [circle("a", "bottom", 100, 100), circle("covered", "bottom", 300, 100, 5), circle("cover", "top", 300, 100, 30), circle("near-a", "bottom", 130, 100), circle("b", "bottom", 500, 100)];
    const targets = new SceneTargets(scene(shapes)).clickTargets({ minX: 0, minY: 0, maxX: 1000, maxY: 1000 }, 10, 90);
    expect(targets.map((x) => x.shape.id)).toEqual(["a", "cover", "b"]);
    for (const x of targets) expect([x.x, x.y]).toEqual([x.shape.x, x.shape.y + CANVAS_TOP]);
  });
});
