// Writing back into a Tiled map edited in Tiled since the import: a three-way merge per object and
// per field against the scene's `tiledMap.base` (the objects as imported, or as last written).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { changesSinceMap, parseScene, serializeScene, type Scene, type Shape } from "../../../core/index";
import { importTiled } from "../../../core/import/tiled";
import { mergeIntoTiledMap } from "../../../core/tiled/merge";
import { writeSceneIntoMap } from "../../../core/tiled/write-back";
import { mergeShape } from "../../../core/tiled/merge-base";
import type { JsonObject } from "../../../core/tiled/types";
import { seedOf } from "../arbitraries";

const header = (next: number) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" renderorder="right-down" width="10" height="8" tilewidth="32" tileheight="32" infinite="0" nextlayerid="4" nextobjectid="${next}">`;
// The reviewer's map (m1/level.tmx), its tileset and tile object left out.
const LEVEL = `${header(20)}
 <group id="2" name="Level" offsetx="16" offsety="8">
  <objectgroup id="3" name="Colliders" color="#ff00ff">
   <object id="1" name="wall" type="Solid" x="32" y="32" width="64" height="32" rotation="30">
    <properties><property name="hp" type="int" value="3"/></properties>
   </object>
   <object id="2" name="coin" x="160" y="32" width="20" height="20"><ellipse/></object>
   <object id="3" name="ramp" x="200" y="100"><polygon points="0,0 40,0 40,-30"/></object>
   <object id="5" name="spawn" x="10" y="10"><point/></object>
  </objectgroup>
 </group>
</map>
`;
// As Tiled would write it after moving "ramp", deleting "coin" and adding object 20.
const EDITED = `${header(21)}
 <group id="2" name="Level" offsetx="16" offsety="8">
  <objectgroup id="3" name="Colliders" color="#ff00ff">
   <object id="1" name="wall" type="Solid" x="32" y="32" width="64" height="32" rotation="30">
    <properties><property name="hp" type="int" value="3"/></properties>
   </object>
   <object id="3" name="ramp" x="232" y="100"><polygon points="0,0 40,0 40,-30"/></object>
   <object id="5" name="spawn" x="10" y="10"><point/></object>
   <object id="20" name="tiledNew" x="10" y="200" width="30" height="10"/>
  </objectgroup>
 </group>
</map>
`;

async function imported(text: string): Promise<Scene> {
  const { loadTiledMap } = await import("../../../core/tiled/load");
  const loaded = await loadTiledMap("level.tmx", async () => text);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.problems));
  const r = importTiled(JSON.stringify(loaded.resolved), { mapFile: "level.tmx" });
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  // Through the scene file, as a saved scene carries its base.
  const again = parseScene(serializeScene(r.scene));
  if (!again.ok) throw new Error("unreadable scene");
  return again.scene;
}

async function writeInto(scene: Scene, text: string, restorable?: ReadonlyMap<string, number>) {
  const r = await writeSceneIntoMap(scene, "level.tmx", async () => text, restorable ? { restorable } : {});
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r;
}

async function objectsOf(text: string): Promise<Map<number, Shape>> {
  const { loadTiledMap } = await import("../../../core/tiled/load");
  const loaded = await loadTiledMap("level.tmx", async () => text);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.problems));
  const r = importTiled(JSON.stringify(loaded.resolved));
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return new Map(r.scene.shapes.map((s) => [s.tiledId!, s]));
}

const byTiled = (scene: Scene, id: number) => scene.shapes.find((s) => s.tiledId === id)!;
const edit = (scene: Scene, id: number, change: Partial<Shape>): Scene => ({ ...scene, shapes: scene.shapes.map((s) => (s.tiledId === id ? ({ ...s, ...change } as Shape) : s)) });

describe("writing back into a map edited in Tiled since the import", () => {
  it("an unchanged scene keeps Tiled's move, deletion and new object (the reviewer's export --into)", async () => {
    const scene = await imported(LEVEL);
    expect(Array.isArray(scene.tiledMap?.base)).toBe(true);
    const r = await writeInto(scene, EDITED);
    expect(r.report).toMatchObject({ updated: 0, added: 0, removed: 0, stayedDeleted: ['object 2 "coin"'], conflicts: [] });
    expect(r.text).toContain('<object id="3" name="ramp" x="232" y="100">');
    expect(r.text).toContain('<object id="20" name="tiledNew"');
    expect(r.text).not.toContain('name="coin"');
  });

  it("the scene's own edits are written beside Tiled's (the reviewer's Save to Map)", async () => {
    const scene = await imported(LEVEL);
    const wall = byTiled(scene, 1);
    const edited = edit(edit(scene, 1, { rotation: 45 }), 3, {});
    const r = await writeInto(edited, EDITED);
    const out = await objectsOf(r.text);
    expect(out.get(1)!.rotation).toBe(45);
    expect(out.get(1)!.x).toBeCloseTo(wall.x, 9);
    expect(out.get(3)!.x).toBeCloseTo(byTiled(scene, 3).x + 32, 9);
    expect(out.has(20)).toBe(true);
    expect(out.has(2)).toBe(false);
    expect(r.report).toMatchObject({ updated: 1, added: 0, removed: 0, conflicts: [] });
  });

  it("an object deleted in Tiled and changed in the scene comes back, and the outcome says so", async () => {
    const scene = await imported(LEVEL);
    const coin = byTiled(scene, 2);
    if (coin.type !== "circle") throw new Error("coin is a circle");
    const r = await writeInto(edit(scene, 2, { radius: 15 }), EDITED);
    const back = [...(await objectsOf(r.text)).values()].find((s) => s.name === "coin");
    expect(back).toMatchObject({ type: "circle", radius: 15 });
    expect(r.report.added).toBe(1);
    expect(r.report.conflicts).toEqual(['object 2 "coin" (deleted in the map, changed in the scene: added again)']);
  });

  it("a field both changed: the scene's wins and the outcome names the object and field; the other fields merge", async () => {
    const scene = await imported(LEVEL);
    const tiledTurned = EDITED.replace('rotation="30"', 'rotation="60"').replace('<property name="hp" type="int" value="3"/>', '<property name="hp" type="int" value="9"/>');
    const r = await writeInto(edit(scene, 1, { rotation: 45, name: "bigwall" }), tiledTurned);
    const wall = (await objectsOf(r.text)).get(1)!;
    expect(wall).toMatchObject({ rotation: 45, name: "bigwall", properties: [{ name: "hp", type: "int", value: 9 }] });
    expect(r.report.conflicts).toEqual(['object 1 "bigwall" (rotation)']);
  });

  it("a shape the scene deleted goes; an object Tiled added stays", async () => {
    const scene = await imported(LEVEL);
    const r = await writeInto({ ...scene, shapes: scene.shapes.filter((s) => s.tiledId !== 3) }, EDITED);
    const out = await objectsOf(r.text);
    expect([...out.keys()].sort()).toEqual([1, 20]);
    expect(r.report).toMatchObject({ removed: 1, conflicts: ['object 3 "ramp" (changed in the map, deleted in the scene: removed)'] });
  });

  it("the base the write gives back makes the next write keep Tiled's later edits and the scene's undo", async () => {
    const scene = await imported(LEVEL);
    const turned = edit(scene, 1, { rotation: 45 });
    const first = await writeInto(turned, LEVEL);
    const next: Scene = { ...turned, tiledMap: { src: "level.tmx", base: first.base } };
    // Tiled moves the ramp after the write; the scene undoes its turn.
    const later = first.text.replace('name="ramp" x="200"', 'name="ramp" x="240"');
    const undone = { ...next, shapes: next.shapes.map((s) => (s.tiledId === 1 ? byTiled(scene, 1) : s)) };
    expect(later).not.toBe(first.text);
    const second = await writeInto(undone, later);
    const out = await objectsOf(second.text);
    expect(out.get(1)!.rotation).toBe(30);
    expect(out.get(3)!.x).toBeCloseTo(byTiled(scene, 3).x + 40, 9);
    // And the same scene again changes nothing.
    const third = await writeInto({ ...undone, tiledMap: { src: "level.tmx", base: second.base } }, second.text);
    expect(third.text).toBe(second.text);
  });

  it("an object id once removed is never given again: not to a shape deleted, written and brought back by an undo, nor to a copy of an object deleted in Tiled", async () => {
    const scene = await imported(LEVEL);
    const first = await writeInto({ ...scene, shapes: scene.shapes.filter((s) => s.tiledId !== 3) }, LEVEL);
    expect([...(await objectsOf(first.text)).keys()]).not.toContain(3);
    const second = await writeInto({ ...scene, tiledMap: { src: "level.tmx", base: first.base } }, first.text);
    expect(second.report).toMatchObject({ added: 1, removed: 0 });
    expect((await objectsOf(second.text)).get(20)).toMatchObject({ name: "ramp" });
    expect((await objectsOf(second.text)).has(3)).toBe(false);
    // Deleted in Tiled (still in the base): the id is not given again, even to a copy of it.
    const coin = byTiled(scene, 2);
    const copied = await writeInto({ ...scene, shapes: [...scene.shapes.filter((s) => s !== coin), { ...coin, id: "coin-copy", x: coin.x + 50 }] }, EDITED);
    const out = await objectsOf(copied.text);
    expect(out.has(2)).toBe(false);
    expect(out.get(21)).toMatchObject({ name: "coin" });
  });

  it("an object a write removed takes its id again when the next write is told so (an undo brought its shape back), as Tiled's undo restores it; nextobjectid stays", async () => {
    const scene = await imported(LEVEL);
    const ramp = byTiled(scene, 3);
    const first = await writeInto({ ...scene, shapes: scene.shapes.filter((s) => s !== ramp) }, LEVEL);
    expect(first.report).toMatchObject({ removed: 1, removedObjects: [{ id: ramp.id, tiledId: 3 }] });
    const restorable = new Map(first.report.removedObjects.map((r) => [r.id, r.tiledId]));
    const undone = { ...scene, tiledMap: { src: "level.tmx", base: first.base } };
    const second = await writeInto(undone, first.text, restorable);
    expect(second.report).toMatchObject({ added: 1, removed: 0, removedObjects: [] });
    const out = await objectsOf(second.text);
    expect(out.get(3)).toMatchObject({ name: "ramp" });
    expect(out.has(20)).toBe(false);
    expect(second.text).toContain('nextobjectid="20"');
    // The restored object is the base's again: the same scene writes nothing new.
    const third = await writeInto({ ...undone, tiledMap: { src: "level.tmx", base: second.base } }, second.text, restorable);
    expect(third.text).toBe(second.text);
    // Drawn without a Tiled id (the object came from an earlier write): restored by its scene id alone.
    const { tiledId: _, ...drawn } = ramp;
    const byId = await writeInto({ ...undone, shapes: undone.shapes.map((s) => (s === ramp ? drawn : s)) }, first.text, restorable);
    expect((await objectsOf(byId.text)).get(3)).toMatchObject({ name: "ramp" });
    // Another shape, or a copy that carries the id under another scene id: a new id.
    const copy = await writeInto({ ...undone, shapes: [...undone.shapes.filter((s) => s !== ramp), { ...ramp, id: "ramp-copy" }] }, first.text, restorable);
    expect([...(await objectsOf(copy.text)).keys()].sort((x, y) => x - y)).toEqual([1, 2, 20]);
    // The object in the map again (Tiled's own undo restored it): it stays that object's.
    const held = await writeInto({ ...scene, shapes: [...scene.shapes, { ...ramp, id: "ramp-copy", x: ramp.x + 50 }] }, LEVEL, new Map([["ramp-copy", 3]]));
    const kept = await objectsOf(held.text);
    expect([kept.get(3)?.x, kept.get(20)?.x]).toEqual([ramp.x, ramp.x + 50]);
  });

  it("changesSinceMap counts what Save to Map would write: shapes added or changed since the base, and base objects deleted", async () => {
    const scene = await imported(LEVEL);
    expect(changesSinceMap(scene)).toBe(0);
    const box: Shape = { id: "b", type: "box", x: 5, y: 5, rotation: 0, width: 4, height: 4 };
    const edited = { ...edit(scene, 1, { rotation: 45 }), shapes: [...edit(scene, 1, { rotation: 45 }).shapes.filter((s) => s.tiledId !== 2), box] };
    expect(changesSinceMap(edited)).toBe(3);
    const written = await writeInto(edited, LEVEL);
    expect(changesSinceMap({ ...edited, tiledMap: { src: "level.tmx", base: written.base } })).toBe(0);
    expect(changesSinceMap({ ...scene, tiledMap: undefined })).toBeUndefined();
  });

  it("numbers are written clean: a rotated object dragged by (64, 32) is at x 96, y 64, not 96.00000000000001", async () => {
    const scene = await imported(LEVEL);
    const wall = byTiled(scene, 1);
    const r = await writeInto(edit(scene, 1, { x: wall.x + 64, y: wall.y + 32 }), LEVEL);
    expect(r.text).toContain('<object id="1" name="wall" type="Solid" x="96" y="64" width="64" height="32" rotation="30">');
  });

  it("a capsule written into a map saved by a Tiled older than 1.12 (which reads it as a rectangle) is named in a note; as polygons, none", async () => {
    const scene = await imported(LEVEL);
    const pill: Shape = { id: "pill", name: "pill", type: "capsule", x: 50, y: 50, rotation: 0, radius: 5, height: 20 };
    const r = await writeInto({ ...scene, shapes: [...scene.shapes, pill] }, LEVEL);
    expect(r.report.notes).toEqual(['object 20 "pill": written as capsule objects, which Tiled reads from 1.12; this map was saved by Tiled 1.8.2, which reads them as rectangles: for it, write capsules as polygons (the command line\'s export --into with --capsules polygon)']);
    const asPolygons = await writeSceneIntoMap({ ...scene, shapes: [...scene.shapes, pill] }, "level.tmx", async () => LEVEL, { capsules: "polygon" });
    expect(asPolygons.ok && asPolygons.report.notes).toEqual([]);
    const newer = await writeInto({ ...scene, shapes: [...scene.shapes, pill] }, LEVEL.replace('tiledversion="1.8.2"', 'tiledversion="1.12.0"'));
    expect(newer.report.notes).toEqual([]);
  });

  it("a layer an earlier write made for a scene layer since undone goes when empty; a map's own empty layer stays", async () => {
    const scene = await imported(LEVEL);
    const withLayer: Scene = { ...scene, layers: [...(scene.layers ?? []), { id: "extra", name: "Ground colliders" }], shapes: [...scene.shapes, { id: "b", type: "box", x: 5, y: 5, rotation: 0, width: 4, height: 4, layer: "extra" }] };
    const first = await writeInto(withLayer, LEVEL);
    expect(first.text).toContain('name="Ground colliders"');
    // Undone in the editor: the layer and its shape gone.
    const undone: Scene = { ...scene, tiledMap: { src: "level.tmx", base: first.base } };
    const second = await writeInto(undone, first.text);
    expect(second.text).not.toContain("Ground colliders");
    expect(second.report.removed).toBe(1);
    expect(second.report.notes).toEqual(['layer "Ground colliders": made by an earlier write for a layer the scene no longer has, and empty: removed from the map']);
    const emptyOwn = LEVEL.replace(" </group>", ' </group>\n <objectgroup id="9" name="Mine"/>');
    expect((await writeInto(scene, emptyOwn)).text).toContain('name="Mine"');
  });

  it("a copy of a shape (its tiledId too) is a new object, however like the original it is", async () => {
    const scene = await imported(LEVEL);
    const wall = byTiled(scene, 1);
    const r = await writeInto({ ...scene, shapes: [...scene.shapes, { ...wall, id: "wall-copy" }] }, LEVEL);
    expect(r.report).toMatchObject({ added: 1, stayedDeleted: [], conflicts: [] });
    // Its original deleted in Tiled since: the original stays deleted, the copy is still added, each named once.
    const coin = byTiled(scene, 2);
    const copied = await writeInto({ ...scene, shapes: [...scene.shapes, { ...coin, id: "coin-copy" }] }, EDITED);
    expect(copied.report).toMatchObject({ added: 1, stayedDeleted: ['object 2 "coin"'], conflicts: [] });
    expect(copied.text.match(/name="coin"/g)).toHaveLength(1);
  });

  it("a scene without a base (from an older build) merges against the map as it is, as before", async () => {
    const scene = await imported(LEVEL);
    const { base: _base, ...ref } = scene.tiledMap!;
    const r = await writeInto({ ...scene, tiledMap: ref }, EDITED);
    // Tiled's move is taken back and its deleted object added again: what the base is for.
    expect(r.text).toContain('name="ramp" x="200"');
    expect(r.text).toContain('name="coin"');
  });

  it("an unreadable base is reported and the merge goes on against the map as it is", async () => {
    const scene = await imported(LEVEL);
    const r = await writeInto({ ...scene, tiledMap: { src: "level.tmx", base: [{ type: "box" }] } }, EDITED);
    expect(r.report.notes[0]).toMatch(/^tiledMap\.base\[0\]: not a shape/);
  });
});

// The property: boxes without rotation, fields x, y, width, height, name and one property, each
// changed or not in the map and in the scene, objects deleted on either side and added on both,
// against a plain per-field reference.
interface Plain {
  x: number;
  y: number;
  w: number;
  h: number;
  name: string;
  hp: number | null;
}
const FIELDS = ["x", "y", "w", "h", "name", "hp"] as const;

function mapOf(objects: readonly [number, Plain][], next: number): JsonObject {
  return {
    type: "map",
    orientation: "orthogonal",
    width: 10,
    height: 10,
    tilewidth: 32,
    tileheight: 32,
    nextobjectid: next,
    nextlayerid: 2,
    layers: [
      {
        id: 1,
        name: "Colliders",
        type: "objectgroup",
        objects: objects.map(([id, p]) => ({
          id,
          name: p.name,
          x: p.x - p.w / 2,
          y: p.y - p.h / 2,
          width: p.w,
          height: p.h,
          rotation: 0,
          visible: true,
          ...(p.hp === null ? {} : { properties: [{ name: "hp", type: "int", value: p.hp }] }),
        })),
      },
    ],
  };
}
const plainOf = (s: Shape): Plain => {
  if (s.type !== "box") throw new Error("a box");
  const hp = s.properties?.find((p) => p.name === "hp");
  return { x: s.x, y: s.y, w: s.width, h: s.height, name: s.name ?? "", hp: hp === undefined ? null : Number(hp.value) };
};
const plainSort = (list: Plain[]) => list.map((p) => JSON.stringify(p)).sort();

const plainArb: fc.Arbitrary<Plain> = fc.record({
  x: fc.integer({ min: 0, max: 20 }).map((i) => i * 10),
  y: fc.integer({ min: 0, max: 20 }).map((i) => i * 10),
  w: fc.integer({ min: 1, max: 4 }).map((i) => i * 8),
  h: fc.integer({ min: 1, max: 4 }).map((i) => i * 8),
  name: fc.constantFrom("a", "b", "c", ""),
  hp: fc.option(fc.integer({ min: 0, max: 3 })),
});
/** One side's edit of an object: deleted, or some fields replaced. */
const sideEdit = fc.oneof({ arbitrary: fc.constant(null), weight: 1 }, { arbitrary: fc.record({ fields: fc.subarray([...FIELDS]), to: plainArb }), weight: 4 });

describe("the three-way merge, property", () => {
  it("matches a plain per-field reference merge", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(plainArb, sideEdit, sideEdit), { minLength: 1, maxLength: 5 }),
        fc.array(plainArb, { maxLength: 2 }),
        fc.array(plainArb, { maxLength: 2 }),
        async (objects, tiledAdds, sceneAdds) => {
          const apply = (b: Plain, e: { fields: readonly (typeof FIELDS)[number][]; to: Plain }): Plain => {
            const out = { ...b };
            for (const f of e.fields) Object.assign(out, { [f]: e.to[f] });
            return out;
          };
          const base = objects.map(([b], i) => [i + 1, b] as [number, Plain]);
          const baseMap = mapOf(base, objects.length + 1);
          const r = importTiled(JSON.stringify(baseMap), { mapFile: "m.tmj" });
          if (!r.ok) throw new Error(JSON.stringify(r.problems));
          const scene = r.scene;
          // The map in Tiled: edits, deletions, new objects.
          const theirs: [number, Plain][] = [];
          objects.forEach(([b, t], i) => {
            if (t !== null) theirs.push([i + 1, apply(b, t)]);
          });
          tiledAdds.forEach((p, i) => theirs.push([100 + i, p]));
          // The scene: edits, deletions, new shapes.
          const shapes: Shape[] = [];
          objects.forEach(([b, , s], i) => {
            if (s === null) return;
            const p = apply(b, s);
            const was = scene.shapes.find((x) => x.tiledId === i + 1)!;
            shapes.push({ ...was, type: "box", x: p.x, y: p.y, width: p.w, height: p.h, name: p.name, properties: p.hp === null ? [] : [{ name: "hp", type: "int", value: p.hp }] } as Shape);
          });
          sceneAdds.forEach((p, i) => shapes.push({ id: `new-${i}`, type: "box", rotation: 0, x: p.x, y: p.y, width: p.w, height: p.h, name: p.name, ...(p.hp === null ? {} : { properties: [{ name: "hp", type: "int", value: p.hp }] }) }));
          const merged = mergeIntoTiledMap(mapOf(theirs, 100 + tiledAdds.length), { ...scene, shapes });
          if (!merged.ok) throw new Error(JSON.stringify(merged.problems));

          // The reference.
          const expected: Plain[] = [];
          objects.forEach(([b, t, s]) => {
            const sp = s === null ? null : apply(b, s);
            const tp = t === null ? null : apply(b, t);
            const sChanged = sp !== null && FIELDS.some((f) => sp[f] !== b[f]);
            if (sp === null) return;
            if (tp === null) {
              if (sChanged) expected.push(sp);
              return;
            }
            const out = { ...tp };
            for (const f of FIELDS) if (sp[f] !== b[f]) Object.assign(out, { [f]: sp[f] });
            expected.push(out);
          });
          expected.push(...tiledAdds, ...sceneAdds);
          const back = importTiled(JSON.stringify(merged.map));
          if (!back.ok) throw new Error(JSON.stringify(back.problems));
          expect(plainSort(back.scene.shapes.map(plainOf))).toEqual(plainSort(expected));
        },
      ),
      { seed: seedOf("three-way merge"), numRuns: 150 },
    );
  });

  it("mergeShape: a field only the map changed is the map's, one only the scene changed the scene's", () => {
    const b: Shape = { id: "s", type: "circle", x: 0, y: 0, rotation: 0, radius: 5, name: "n" };
    const m = mergeShape(b, { ...b, x: 7, name: "t" }, { ...b, radius: 9, name: "o" });
    expect(m.shape).toEqual({ ...b, x: 7, radius: 9, name: "o" });
    expect(m.conflicts).toEqual(["name"]);
  });
});

describe("cleanNumber", () => {
  it("takes off arithmetic noise and keeps a number's own digits", async () => {
    const { cleanNumber } = await import("../../../core/export/tiled");
    expect([cleanNumber(96.00000000000001), cleanNumber(0.1 + 0.2), cleanNumber(-0), cleanNumber(-9.991657752543688), cleanNumber(40.399104422117276), cleanNumber(1e-20)]).toEqual([96, 0.3, 0, -9.991657752543688, 40.399104422117276, 1e-20]);
    fc.assert(fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (v) => Math.abs(cleanNumber(v) - v) <= Math.abs(v) * 1e-14));
  });
});
