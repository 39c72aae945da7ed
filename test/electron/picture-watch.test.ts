// The scene's pictures watched as LDtk, Godot and Tiled watch theirs (the editor kept drawing the
// old level art after an artist re-exported it, until the scene was reopened): each picture the
// page read through image:read is watched through its folder; a change of its bytes is reported
// once per burst, by the src the page asked for and the scene path; a touch that changes nothing is
// not; a picture gone and back is reported each time; a read for another scene forgets the earlier
// pictures; and with the real fs.watch, a PNG replaced by rename is reported.
import { watch as fsWatch } from "node:fs";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import type { PictureChange } from "../../core/shell/desktop-api";
import { createImageFiles, nodeImageFileSystem, readBytesWithin } from "../../electron/image-files";
import { createPictureWatch } from "../../electron/picture-watch";
import { fakeFs, fakeWatch, manualClock, tempDir } from "./helpers";

const png = (...rest: number[]) => Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...rest]);
const SCENE = path.resolve("/game/levels/level.json");
const ART = path.resolve("/game/levels/art/level.png");
const TILES = path.resolve("/game/tiles/ground.png");

function setup() {
  const disk = new Map<string, Uint8Array>([[ART, png(1)], [TILES, png(2)]]);
  const clock = manualClock();
  const fake = fakeWatch();
  const changes: PictureChange[] = [];
  const pictures = createPictureWatch({
    watch: fake.watch,
    readBytes: async (file) => disk.get(file) ?? null,
    onChange: (change) => changes.push(change),
    setTimeout: clock.setTimeout,
    clearTimeout: clock.clearTimeout,
  });
  const settle = async () => {
    clock.advance(300);
    await pictures.settled();
  };
  return { disk, clock, fake, pictures, settle, changes };
}

describe("createPictureWatch", () => {
  it("watches the folders of the pictures read, and reports a picture whose bytes changed once per burst, by its src and scene", async () => {
    const { disk, fake, pictures, settle, changes, clock } = setup();
    pictures.read(SCENE, "art/level.png", ART, png(1));
    pictures.read(SCENE, "../tiles/ground.png", TILES, png(2));
    pictures.read(SCENE, "art/level.png", ART, png(1));
    expect(fake.open().map((w) => w.folder)).toEqual([path.dirname(ART), path.dirname(TILES)]);
    expect(pictures.files).toEqual([ART, TILES]);
    disk.set(ART, png(1, 1));
    for (let i = 0; i < 4; i++) {
      fake.fire(path.dirname(ART), "level.png");
      clock.advance(100);
    }
    expect(changes).toEqual([]);
    await settle();
    expect(changes).toEqual([{ scenePath: SCENE, src: "art/level.png" }]);
    // Another file in a watched folder, and a touch that changes nothing: no report.
    fake.fire(path.dirname(ART), "notes.txt");
    fake.fire(path.dirname(ART), "level.png");
    await settle();
    expect(changes).toHaveLength(1);
    // An event that names no file (some platforms): every watched picture there is checked.
    disk.set(TILES, png(2, 2));
    fake.fire(path.dirname(TILES), null);
    await settle();
    expect(changes).toEqual([{ scenePath: SCENE, src: "art/level.png" }, { scenePath: SCENE, src: "../tiles/ground.png" }]);
  });

  it("reports a picture gone (the page says it cannot be read) and its coming back; one missing at the read is reported once it appears", async () => {
    const { disk, fake, pictures, settle, changes } = setup();
    pictures.read(SCENE, "art/level.png", ART, png(1));
    pictures.read(SCENE, "art/later.png", path.join(path.dirname(ART), "later.png"), null);
    disk.delete(ART);
    fake.fire(path.dirname(ART), "level.png");
    await settle();
    expect(changes).toEqual([{ scenePath: SCENE, src: "art/level.png" }]);
    disk.set(ART, png(1));
    disk.set(path.join(path.dirname(ART), "later.png"), png(3));
    fake.fire(path.dirname(ART), "level.png");
    fake.fire(path.dirname(ART), "later.png");
    await settle();
    expect(changes.map((c) => c.src)).toEqual(["art/level.png", "art/level.png", "art/later.png"]);
  });

  it("measures a change from what the page read last: a read after the change is not reported again", async () => {
    const { disk, fake, pictures, settle, changes } = setup();
    pictures.read(SCENE, "art/level.png", ART, png(1));
    disk.set(ART, png(9));
    pictures.read(SCENE, "art/level.png", ART, png(9));
    fake.fire(path.dirname(ART), "level.png");
    await settle();
    expect(changes).toEqual([]);
  });

  it("forgets the earlier scene's pictures when the page reads for another, and stops", async () => {
    const { disk, fake, pictures, settle, changes } = setup();
    pictures.read(SCENE, "art/level.png", ART, png(1));
    pictures.read(path.resolve("/other/scene.json"), "../game/tiles/ground.png", TILES, png(2));
    expect(fake.open().map((w) => w.folder)).toEqual([path.dirname(TILES)]);
    disk.set(ART, png(5));
    fake.fire(path.dirname(ART), "level.png");
    await settle();
    expect(changes).toEqual([]);
    pictures.stop();
    expect(fake.open()).toEqual([]);
    expect(pictures.files).toEqual([]);
  });

  it("is told of each picture image:read reads or image:watch names beside an allowed scene, with the bytes found (null when none)", async () => {
    const reads: [string, string, string, Uint8Array | null][] = [];
    const images = createImageFiles({ fs: fakeFs({ [ART]: png(1) }), isAllowed: (p) => p === SCENE, onRead: (...args) => reads.push(args) });
    expect((await images.read({ scenePath: SCENE, src: "art/level.png" })).ok).toBe(true);
    expect((await images.read({ scenePath: SCENE, src: "art/gone.png" })).ok).toBe(false);
    // Refused before any file is named: nothing to watch.
    await images.read({ scenePath: path.resolve("/elsewhere.json"), src: "art/level.png" });
    await images.read({ scenePath: SCENE, src: "/abs.png" });
    expect(reads).toEqual([[SCENE, "art/level.png", ART, png(1)], [SCENE, "art/gone.png", path.resolve("/game/levels/art/gone.png"), null]]);
    // A picture the page added from a picked file (image:watch): told the same, its bytes not handed out.
    reads.length = 0;
    expect(await images.watch({ scenePath: SCENE, src: "art/level.png" })).toEqual({ ok: true, value: null });
    expect((await images.watch({ scenePath: path.resolve("/elsewhere.json"), src: "art/level.png" })).ok).toBe(false);
    expect(reads).toEqual([[SCENE, "art/level.png", ART, png(1)]]);
  });

  it("with the real fs.watch: a PNG replaced by rename, as an exporter saves, is reported", async () => {
    const dir = await tempDir();
    const art = path.join(dir, "art");
    await mkdir(art);
    const file = path.join(art, "level.png");
    await writeFile(file, png(1));
    const changes: PictureChange[] = [];
    const scene = path.join(dir, "level.json");
    const pictures = createPictureWatch({
      watch: (folder, listener) => fsWatch(folder, listener),
      readBytes: (f) => readBytesWithin(nodeImageFileSystem, f),
      onChange: (change) => changes.push(change),
      setTimeout: (run, ms) => setTimeout(run, ms),
      clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
      debounceMs: 50,
    });
    try {
      pictures.read(scene, "art/level.png", file, png(1));
      await writeFile(path.join(art, "level.png.tmp"), png(1, 2, 3));
      await rename(path.join(art, "level.png.tmp"), file);
      await vi.waitFor(() => expect(changes).toEqual([{ scenePath: scene, src: "art/level.png" }]), { timeout: 5000 });
    } finally {
      pictures.stop();
    }
  });
});
