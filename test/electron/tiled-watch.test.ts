// The Tiled map's files watched as Tiled watches them (review: the backdrop was not reloaded when
// the map or a tileset changed in Tiled): each file the page read is watched through its folder; a
// change of content is reported once per burst, a touch that changes nothing and Save to Map's own
// write are not, a read for another scene forgets the earlier files; and with the real fs.watch, a
// tileset rewritten by rename (as Tiled saves) is reported.
import { watch as fsWatch } from "node:fs";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { createTiledFiles } from "../../electron/tiled-files";
import { createTiledWatch } from "../../electron/tiled-watch";
import { errnoError, fakeWatch, manualClock, tempDir } from "./helpers";

const SCENE = path.resolve("/game/maps/level.json");
const MAP = path.resolve("/game/maps/level.tmx");
const TILESET = path.resolve("/game/tiles/ground.tsx");

function setup() {
  const disk = new Map([[MAP, "<map/>"], [TILESET, "<tileset/>"]]);
  const clock = manualClock();
  const fake = fakeWatch();
  let changes = 0;
  const readText = vi.fn(async (file: string) => {
    const text = disk.get(file);
    if (text === undefined) throw errnoError("ENOENT");
    return text;
  });
  const tiled = createTiledWatch({ watch: fake.watch, readText, onChange: () => void changes++, setTimeout: clock.setTimeout, clearTimeout: clock.clearTimeout });
  const settle = async () => {
    clock.advance(300);
    await tiled.settled();
  };
  return { disk, clock, fake, tiled, settle, changes: () => changes };
}

describe("createTiledWatch", () => {
  it("watches the folders of the map and its tileset, and reports a change of either once per burst", async () => {
    const { disk, fake, tiled, settle, changes, clock } = setup();
    tiled.read(SCENE, MAP, "<map/>");
    tiled.read(SCENE, TILESET, "<tileset/>");
    tiled.read(SCENE, MAP, "<map/>");
    expect(fake.open().map((w) => w.folder)).toEqual([path.dirname(MAP), path.dirname(TILESET)]);
    expect(tiled.files).toEqual([MAP, TILESET]);
    disk.set(TILESET, "<tileset tilecount='2'/>");
    for (let i = 0; i < 4; i++) {
      fake.fire(path.dirname(TILESET), "ground.tsx");
      clock.advance(100);
    }
    expect(changes()).toBe(0);
    await settle();
    expect(changes()).toBe(1);
    // Another file in a watched folder, and a touch that changes nothing: no report.
    fake.fire(path.dirname(MAP), "notes.txt");
    fake.fire(path.dirname(MAP), "level.tmx");
    await settle();
    expect(changes()).toBe(1);
    // An event that names no file (some platforms): every watched file there is checked.
    disk.set(MAP, "<map version='1.8'/>");
    fake.fire(path.dirname(MAP), null);
    await settle();
    expect(changes()).toBe(2);
  });

  it("does not report Save to Map's own write, nor a file deleted on the way (Tiled's delete-then-write)", async () => {
    const { disk, fake, tiled, settle, changes } = setup();
    tiled.read(SCENE, MAP, "<map/>");
    tiled.wrote(MAP, "<map written/>");
    disk.set(MAP, "<map written/>");
    fake.fire(path.dirname(MAP), "level.tmx");
    await settle();
    disk.delete(MAP);
    fake.fire(path.dirname(MAP), "level.tmx");
    await settle();
    expect(changes()).toBe(0);
  });

  it("forgets the earlier scene's files when the page reads for another, and stops", async () => {
    const { disk, fake, tiled, settle, changes } = setup();
    tiled.read(SCENE, MAP, "<map/>");
    tiled.read(path.resolve("/other/scene.json"), TILESET, "<tileset/>");
    expect(fake.open().map((w) => w.folder)).toEqual([path.dirname(TILESET)]);
    disk.set(MAP, "<map changed/>");
    fake.fire(path.dirname(MAP), "level.tmx");
    await settle();
    expect(changes()).toBe(0);
    tiled.stop();
    expect(fake.open()).toEqual([]);
    expect(tiled.files).toEqual([]);
  });

  it("is told of each file tiled:read reads and each map tiled:write writes", async () => {
    const reads: string[][] = [];
    const writes: string[][] = [];
    const files = new Map<string, Uint8Array>([[MAP, new TextEncoder().encode("<map/>")]]);
    const tiledFiles = createTiledFiles({
      isAllowed: () => true,
      fs: { size: async (p) => files.get(p)?.length ?? Promise.reject(errnoError("ENOENT")), readBytes: async (p) => files.get(p)! },
      writeFs: { writeNewFile: async () => undefined, rename: async () => undefined, remove: async () => undefined, copy: async () => undefined },
      onRead: (scenePath, file, text) => reads.push([scenePath, file, text]),
      onWrite: (file, text) => writes.push([file, text]),
    });
    expect((await tiledFiles.read({ scenePath: SCENE, src: "level.tmx" })).ok).toBe(true);
    expect(reads).toEqual([[SCENE, MAP, "<map/>"]]);
    await tiledFiles.writeMap({ scenePath: SCENE, src: "level.tmx", text: "<map new/>" });
    expect(writes).toEqual([[MAP, "<map new/>"]]);
  });

  it("with the real fs.watch: a tileset replaced by rename, as Tiled saves, is reported", async () => {
    const dir = await tempDir();
    const tiles = path.join(dir, "tiles");
    await mkdir(tiles);
    const tsx = path.join(tiles, "ground.tsx");
    await writeFile(tsx, "<tileset/>");
    let changes = 0;
    const tiled = createTiledWatch({ watch: (folder, listener) => fsWatch(folder, listener), readText: (f) => readFile(f, "utf8"), onChange: () => void changes++, setTimeout: (run, ms) => setTimeout(run, ms), clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout), debounceMs: 50 });
    try {
      tiled.read(path.join(dir, "level.json"), tsx, "<tileset/>");
      await writeFile(path.join(tiles, "ground.tsx.new"), "<tileset tilecount='4'/>");
      await rename(path.join(tiles, "ground.tsx.new"), tsx);
      await vi.waitFor(() => expect(changes).toBe(1), { timeout: 5000 });
    } finally {
      tiled.stop();
    }
  });
});
