// Concave polygons, chains (open and closed, one-sided) and sensors through Tiled: exportTiled
// writes a polygon, a polyline, a polygon of class "chain" and bool properties sensor / oneSided;
// importTiled reads them back to the same scene, as written and after the real Tiled (1.8 here)
// converted the map to TMJ and to TMX; writing the scene back into its map (Save to Map, --into)
// keeps the objects' Tiled ids and round-trips an edited chain.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { exportTiled } from "../../core/export/tiled";
import { importTiled } from "../../core/import/tiled";
import { parseScene } from "../../core/scene/io";
import type { Scene, Shape } from "../../core/scene/types";
import { loadTiledMap } from "../../core/tiled/load";
import { mergeIntoTiledMap } from "../../core/tiled/merge";
import type { JsonObject } from "../../core/tiled/types";
import { writeSceneIntoMap } from "../../core/tiled/write-back";
import { NEEDS_TILED, SKIP_TILED, tiledExportMap } from "../core/tiled/tiled-app";

const SCENE_JSON = {
  format: "collider-studio-scene", version: 1,
  layers: [{ id: "ground", name: "Ground" }, { id: "pickups", name: "Pickups" }],
  shapes: [
    { id: "terrain", name: "Terrain", type: "polygon", x: 200, y: 320, rotation: 10, points: [[-100, -40], [-40, -40], [-20, 20], [20, 20], [40, -40], [100, -40], [100, 60], [-100, 60]], class: "Ground" },
    { id: "ridge", name: "Ridge", type: "chain", x: 420, y: 340, points: [[-80, 0], [-40, -30], [0, 10.5], [40, -20], [80, 0]], class: "Rock" },
    { id: "fence", name: "Fence", type: "chain", x: 300, y: 120, rotation: -15, closed: true, points: [[-60, -40], [60, -40], [60, 40], [0, 0], [-60, 40]] },
    { id: "platform", name: "Platform", type: "chain", x: 150, y: 160, oneSided: true, points: [[-60, 0], [60, 0]], collisionLayer: 2 },
    { id: "ring", name: "Ring", type: "chain", x: 560, y: 150, closed: true, oneSided: true, points: [[-30, -30], [30, -30], [30, 30], [-30, 30]] },
    { id: "coin", name: "Coin", type: "circle", x: 360, y: 240, radius: 12, sensor: true, layer: "pickups", properties: [{ name: "sensor", type: "string", value: "designer's" }, { name: "oneSided", type: "boolean", value: true }] },
    { id: "wire", name: "Wire", type: "chain", x: 120, y: 260, sensor: true, oneSided: true, points: [[-20, 0], [20, 0]], layer: "pickups" },
    { id: "box", name: "Box", type: "box", x: 40, y: 40, width: 20, height: 30 },
  ],
};

function loadScene(): Scene {
  const r = parseScene(JSON.stringify(SCENE_JSON));
  if (!r.ok) throw new Error(JSON.stringify(r));
  return r.scene;
}

/** A scene's shapes without Tiled ids, by id (the import gives them layer by layer), properties by name (as Tiled sorts them). */
const plain = (scene: Scene): Shape[] =>
  scene.shapes
    .map(({ tiledId: _, ...s }) => (s.properties ? { ...s, properties: [...s.properties].sort((a, b) => (a.name < b.name ? -1 : 1)) } : s) as Shape)
    .sort((a, b) => (a.id < b.id ? -1 : 1));

function imported(text: string): Scene {
  const r = importTiled(text);
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  expect(r.skipped).toEqual([]);
  return r.scene;
}

type Obj = Record<string, unknown>;
const objectsOf = (text: string): Obj[] => (JSON.parse(text) as { layers: { objects?: Obj[] }[] }).layers.flatMap((l) => l.objects ?? []);

const dir = mkdtempSync(join(tmpdir(), "tiled-chains-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("Tiled: the new kinds as Tiled objects", () => {
  const scene = loadScene();
  const text = exportTiled(scene);

  it("writes a polygon, a polyline, a polygon of class \"chain\" and bool properties sensor / oneSided (designers' of those names as user:)", () => {
    const byName = new Map(objectsOf(text).map((o) => [o.name, o]));
    expect(byName.get("Terrain")).toMatchObject({ type: "Ground", polygon: expect.any(Array) });
    expect(byName.get("Ridge")).toMatchObject({ type: "Rock", polyline: [{ x: -80, y: 0 }, { x: -40, y: -30 }, { x: 0, y: 10.5 }, { x: 40, y: -20 }, { x: 80, y: 0 }] });
    expect(byName.get("Ridge")!.polygon).toBeUndefined();
    expect(byName.get("Fence")).toMatchObject({ type: "chain", x: 300, y: 120, rotation: -15, polygon: expect.any(Array) });
    const props = (name: string) => (byName.get(name)!.properties as { name: string; type: string; value: unknown }[]).filter((p) => p.name !== "shape_id");
    expect(props("Platform")).toEqual([{ name: "collision_layer", type: "int", value: 2 }, { name: "oneSided", type: "bool", value: true }]);
    expect(props("Ring")).toEqual([{ name: "oneSided", type: "bool", value: true }]);
    expect(props("Wire")).toEqual([{ name: "oneSided", type: "bool", value: true }, { name: "sensor", type: "bool", value: true }]);
    expect(props("Coin")).toEqual([{ name: "sensor", type: "bool", value: true }, { name: "user:sensor", type: "string", value: "designer's" }, { name: "user:oneSided", type: "bool", value: true }]);
    expect(props("Box")).toEqual([]);
  });

  it("reads its own map back to the same scene (closed chains lose no class of theirs: they had none)", () => {
    expect(plain(imported(text))).toEqual(plain(scene));
  });

  it(`reads the map back after the real Tiled converted it to TMJ, and to TMX${NEEDS_TILED}`, { skip: SKIP_TILED, timeout: 60_000 }, async () => {
    const input = join(dir, "level.tmj");
    writeFileSync(input, text);
    tiledExportMap(input, join(dir, "tiled.tmj"), "json");
    expect(plain(imported(readFileSync(join(dir, "tiled.tmj"), "utf8")))).toEqual(plain(scene));
    tiledExportMap(input, join(dir, "tiled.tmx"), "tmx");
    const loaded = await loadTiledMap(join(dir, "tiled.tmx"), async (p) => readFileSync(p, "utf8"));
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.problems));
    // Tiled 1.8 writes TMX numbers with 6 significant digits: every coordinate here has fewer.
    expect(plain(imported(JSON.stringify(loaded.resolved)))).toEqual(plain(scene));
  });

  it("writing an edited scene back into the map keeps the Tiled ids and round-trips the chains, through Tiled too", { timeout: 60_000 }, async () => {
    const map = JSON.parse(text) as JsonObject;
    const fromMap = imported(text);
    const ids = new Map(fromMap.shapes.map((s) => [s.id, s.tiledId]));
    const edited: Scene = {
      ...fromMap,
      shapes: [
        ...fromMap.shapes.map((s): Shape => {
          if (s.id === "ridge" && s.type === "chain") return { ...s, points: [...s.points.slice(0, 4), [90, 5]], oneSided: true };
          if (s.id === "fence" && s.type === "chain") {
            const { closed: _, ...open } = s;
            return { ...open, class: "Fence" };
          }
          if (s.id === "ring" && s.type === "chain") {
            const { oneSided: _, ...twoSided } = s;
            return { ...twoSided, sensor: true };
          }
          if (s.id === "platform") return { ...s, x: 160 };
          return s;
        }),
        { id: "new-rail", type: "chain", x: 10, y: 400, rotation: 0, points: [[0, 0], [50, -10], [100, 0]], oneSided: true },
      ],
    };
    const merged = mergeIntoTiledMap(map, edited);
    if (!merged.ok) throw new Error(JSON.stringify(merged.problems));
    const out = JSON.stringify(merged.map, null, 2);
    const back = imported(out);
    for (const s of back.shapes) if (ids.has(s.id)) expect(s.tiledId, s.id).toBe(ids.get(s.id));
    expect(back.shapes.find((s) => s.id === "new-rail")!.tiledId).toBe(Math.max(...[...ids.values()].map(Number)) + 1);
    expect(plain(back)).toEqual(plain(edited));
    // The fence, opened, is a polyline now and its polygon went; the ring lost oneSided and gained sensor.
    const byName = new Map(objectsOf(out).map((o) => [o.name, o]));
    expect(byName.get("Fence")).toMatchObject({ type: "Fence", polyline: expect.any(Array) });
    expect(byName.get("Fence")!.polygon).toBeUndefined();
    expect((byName.get("Ring")!.properties as { name: string }[]).map((p) => p.name)).toEqual(["shape_id", "sensor"]);
    // The same through writeSceneIntoMap on a TMX map, read by the real Tiled.
    if (SKIP_TILED) return;
    const tmx = join(dir, "edit.tmx");
    const tmj = join(dir, "edit.tmj");
    writeFileSync(tmj, text);
    tiledExportMap(tmj, tmx, "tmx");
    const written = await writeSceneIntoMap(edited, tmx, async (p) => readFileSync(p, "utf8"));
    if (!written.ok) throw new Error(JSON.stringify(written.problems));
    writeFileSync(tmx, written.text);
    tiledExportMap(tmx, join(dir, "edit.out.tmj"), "json");
    const viaTiled = imported(readFileSync(join(dir, "edit.out.tmj"), "utf8"));
    expect(plain(viaTiled)).toEqual(plain(edited));
  });
});
