// Issue 24's images in the editor, the pure pieces: the levels and tiles a big picture is kept as
// and which of them a frame draws, the corner resize, relative paths from a dropped file, where a
// src's bytes come from, the cache of decoded pictures, and what the canvas draws for each.
import { describe, expect, it, vi } from "vitest";
import type { SceneImage } from "../../core";
import type { ImageFile, ShellResult } from "../../core/shell/desktop-api";
import { drawImages, wrapText } from "../../renderer/canvas/draw-images";
import { ImageCache, imageKey, type ImageLoader } from "../../renderer/images/image-cache";
import { imageRect, resizeFromCorner, UNKNOWN_SIDE } from "../../renderer/images/image-geometry";
import { bytesOfDataUrl, readImageBytes, relativeImagePath, srcLabel } from "../../renderer/images/image-source";
import { levelFor, levelReady, planLevels, tilesInView, TILE } from "../../renderer/images/mip-plan";
import type { Level } from "../../renderer/images/pyramid";
import { ChunkStore, drawBackdrop, type BackdropContext } from "../../renderer/tiled-map/draw-backdrop";
import { buildBackdrop } from "../../renderer/tiled-map/model";

const PNG_1PX = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
const PNG_BYTES = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

describe("levels and tiles of a big picture", () => {
  it("keeps an 8192 × 8192 picture as 6 levels down to 256 px, tiled where larger than a tile", () => {
    const levels = planLevels(8192, 8192);
    expect(levels.map((l) => l.width)).toEqual([8192, 4096, 2048, 1024, 512, 256]);
    expect(levels.map((l) => l.tiles.length)).toEqual([(8192 / TILE) ** 2, (4096 / TILE) ** 2, 1, 1, 1, 1]);
    // The tiles of a level cover it exactly, the last of a row narrower when it does not divide.
    const odd = planLevels(5000, 3000)[0]!;
    expect(odd.tiles.reduce((a, t) => a + t.width * t.height, 0)).toBe(5000 * 3000);
    expect(odd.tiles.at(-1)).toEqual({ x: 4096, y: 2048, width: 904, height: 952 });
    expect(planLevels(100, 40)).toHaveLength(1);
  });

  it("draws from the coarsest level that still has a pixel per screen pixel", () => {
    const count = planLevels(8192, 8192).length;
    expect(levelFor(8192, 8192, 8192, 8192, count)).toBe(0); // 100 %
    expect(levelFor(8192, 8192, 16384, 16384, count)).toBe(0); // zoomed in
    expect(levelFor(8192, 8192, 4096, 4096, count)).toBe(1); // 50 %
    expect(levelFor(8192, 8192, 3000, 3000, count)).toBe(1); // between 50 % and 25 %: never below one texel per pixel
    expect(levelFor(8192, 8192, 1024, 1024, count)).toBe(3); // 12.5 %
    expect(levelFor(8192, 8192, 10, 10, count)).toBe(count - 1);
    // A picture drawn squashed follows its finer side.
    expect(levelFor(8192, 8192, 4096, 8192, count)).toBe(0);
  });

  it("a frame draws only the tiles on the canvas, and neighbours share their edges at any zoom", () => {
    const levels = planLevels(8192, 8192);
    const viewport = { x: 0, y: 0, width: 1280, height: 734 };
    // At 100 %, the picture's corner at the canvas's top left: one tile of 16.
    expect(tilesInView(levels[0]!, { x: 0, y: 0, width: 8192, height: 8192 }, viewport).map((t) => t.index)).toEqual([0]);
    // Its middle on screen: the four tiles meeting there.
    expect(tilesInView(levels[0]!, { x: 640 - 4096, y: 367 - 4096, width: 8192, height: 8192 }, viewport)).toHaveLength(4);
    // Zoomed out to 12.5 %: one tile of level 3, all on screen.
    expect(tilesInView(levels[3]!, { x: 100, y: 10, width: 1024, height: 1024 }, viewport)).toEqual([{ index: 0, dest: { x: 100, y: 10, width: 1024, height: 1024 } }]);
    // At a zoom that puts tile edges between pixels, the rounded edges still meet.
    const draws = tilesInView(levels[1]!, { x: 0.3, y: 0.7, width: 4096 * 0.333, height: 4096 * 0.333 }, viewport);
    const [a, b] = [draws.find((d) => d.index === 0)!.dest, draws.find((d) => d.index === 1)!.dest];
    expect(a.x + a.width).toBe(b.x);
  });

  it("falls back to the nearest coarser level made, else the nearest finer one", () => {
    const made = new Set([2, 5]);
    expect(levelReady(3, (k) => made.has(k), 6)).toBe(5);
    expect(levelReady(2, (k) => made.has(k), 6)).toBe(2);
    expect(levelReady(0, (k) => k === 1, 6)).toBe(1);
    expect(levelReady(4, (k) => k === 1, 6)).toBe(1);
    expect(levelReady(0, () => false, 6)).toBeNull();
  });
});

describe("an image's rectangle and its corner resize", () => {
  const start = { x: 0, y: 0, width: 200, height: 100 };

  it("takes its size from the scene, else from its pixels, else 256 × 256", () => {
    expect(imageRect({ id: "a", src: "a.png", x: 1, y: 2, width: 30, height: 40 }, { width: 5, height: 6 })).toEqual({ x: 1, y: 2, width: 30, height: 40 });
    expect(imageRect({ id: "a", src: "a.png", x: 1, y: 2 }, { width: 5, height: 6 })).toEqual({ x: 1, y: 2, width: 5, height: 6 });
    expect(imageRect({ id: "a", src: "a.png", x: 1, y: 2 }, null)).toEqual({ x: 1, y: 2, width: UNKNOWN_SIDE, height: UNKNOWN_SIDE });
  });

  it("keeps the aspect ratio, following the side pulled further, the opposite corner fixed", () => {
    expect(resizeFromCorner(start, "se", { x: 400, y: 120 }, true, 1)).toEqual({ x: 0, y: 0, width: 400, height: 200 });
    expect(resizeFromCorner(start, "se", { x: 220, y: 300 }, true, 1)).toEqual({ x: 0, y: 0, width: 600, height: 300 });
    // The north-west corner: the south-east one stays at (200, 100).
    expect(resizeFromCorner(start, "nw", { x: 100, y: 80 }, true, 1)).toEqual({ x: 100, y: 50, width: 100, height: 50 });
  });

  it("with Alt, follows the pointer on both sides", () => {
    expect(resizeFromCorner(start, "ne", { x: 300, y: -50 }, false, 1)).toEqual({ x: 0, y: -50, width: 300, height: 150 });
  });

  it("turns over past the fixed corner without mirroring, and never gets below the smallest side", () => {
    expect(resizeFromCorner(start, "se", { x: -100, y: 50 }, false, 1)).toEqual({ x: -100, y: 0, width: 100, height: 50 });
    expect(resizeFromCorner(start, "se", { x: 0, y: 0 }, false, 4)).toEqual({ x: 0, y: 0, width: 4, height: 4 });
    const tiny = resizeFromCorner(start, "se", { x: 0, y: 0 }, true, 4);
    expect([tiny.width, tiny.height]).toEqual([8, 4]);
  });
});

describe("relativeImagePath (a dropped file beside the scene)", () => {
  it("is the file's path from the scene's folder, with forward slashes and ../", () => {
    expect(relativeImagePath("/home/d/levels/one.json", "/home/d/levels/art/a.png")).toBe("art/a.png");
    expect(relativeImagePath("/home/d/levels/one.json", "/home/d/art/a.png")).toBe("../art/a.png");
    expect(relativeImagePath("/home/d/levels/one.json", "/home/d/levels/a.png")).toBe("a.png");
    expect(relativeImagePath("C:\\Users\\d\\levels\\one.json", "C:\\Users\\d\\Art\\a.png")).toBe("../Art/a.png");
    expect(relativeImagePath("C:\\Users\\d\\levels\\one.json", "c:\\users\\D\\LEVELS\\a.png")).toBe("a.png");
    expect(relativeImagePath("//server/share/l/one.json", "//server/share/art/a.png")).toBe("../art/a.png");
  });

  it("is null on another drive or share, where no relative path leads", () => {
    expect(relativeImagePath("C:\\levels\\one.json", "D:\\art\\a.png")).toBeNull();
    expect(relativeImagePath("//a/s/one.json", "//b/s/a.png")).toBeNull();
    expect(relativeImagePath("/levels/one.json", "C:\\a.png")).toBeNull();
    // POSIX names are case-sensitive: Art is not art.
    expect(relativeImagePath("/home/Art/one.json", "/home/art/a.png")).toBe("../art/a.png");
  });
});

describe("srcLabel (what panels say of a src on every render)", () => {
  it("names a data: URL's type from its head, a path as itself", () => {
    expect(srcLabel(PNG_1PX)).toBe("embedded image/png");
    expect(srcLabel("data:image/webp;base64,UklGR")).toBe("embedded image/webp");
    expect(srcLabel("data:text/plain;base64,AAAA")).toBe("embedded image");
    expect(srcLabel("art/level.png")).toBe("art/level.png");
    // A megabytes-long body is not read: a body the full check refuses still gets its head's type.
    expect(srcLabel(`data:image/jpeg;base64,${"A".repeat(1 << 20)}!`)).toBe("embedded image/jpeg");
  });
});

describe("readImageBytes (where a src's bytes come from)", () => {
  const shell = (answer: ShellResult<ImageFile>) => ({ readImage: vi.fn(async () => answer) });

  it("decodes a data: URL in the page, checking its bytes", async () => {
    const r = await readImageBytes(PNG_1PX, { scenePath: undefined, desktop: undefined });
    expect(r.ok && r.type).toBe("image/png");
    expect(bytesOfDataUrl(PNG_1PX).slice(0, 4)).toEqual(Uint8Array.from([0x89, 0x50, 0x4e, 0x47]));
    const lying = await readImageBytes(`data:image/png;base64,${btoa("GIF89a")}`, { scenePath: undefined, desktop: undefined });
    expect(lying).toMatchObject({ ok: false, message: expect.stringContaining("not a PNG, JPEG or WebP") });
  });

  it("reads a relative path through the desktop shell, beside the scene, passing its refusal on", async () => {
    const ok = shell({ ok: true, value: { bytes: PNG_BYTES, type: "image/png" } });
    expect(await readImageBytes("art/a.png", { scenePath: "/l/one.json", desktop: ok })).toMatchObject({ ok: true, type: "image/png" });
    expect(ok.readImage).toHaveBeenCalledWith({ scenePath: "/l/one.json", src: "art/a.png" });
    const missing = shell({ ok: false, canceled: false, error: "image not found: art/a.png" });
    expect(await readImageBytes("art/a.png", { scenePath: "/l/one.json", desktop: missing })).toEqual({ ok: false, message: "image not found: art/a.png" });
  });

  it("says why a relative path cannot be read in a browser, or before the scene is saved", async () => {
    const web = await readImageBytes("art/level-1.png", { scenePath: "web-file:1", desktop: undefined });
    expect(web).toMatchObject({ ok: false, message: expect.stringMatching(/^image not read: art\/level-1\.png \(a browser reads files beside a scene only when it was opened, or its map imported, with File → Open Scene in Folder… or Import Tiled Map in Folder…\)$/) });
    const unsaved = await readImageBytes("a.png", { scenePath: undefined, desktop: shell({ ok: false, canceled: true }) });
    expect(unsaved).toMatchObject({ ok: false, message: expect.stringContaining("save it first") });
  });

  it("never asks for a src the format refuses", async () => {
    const desktop = shell({ ok: true, value: { bytes: PNG_BYTES, type: "image/png" } });
    expect(await readImageBytes("https://example.com/a.png", { scenePath: "/l/one.json", desktop })).toMatchObject({ ok: false });
    expect(desktop.readImage).not.toHaveBeenCalled();
  });
});

interface FakeLevel extends Level {
  readonly closed: { value: boolean };
}

/** A loader whose reads and decodes the test finishes by hand. */
function fakeLoader() {
  const reads: { src: string; resolve: (b: Awaited<ReturnType<ImageLoader<FakeLevel>["read"]>>) => void }[] = [];
  const closed: FakeLevel[] = [];
  const loader: ImageLoader<FakeLevel> = {
    read: (src) => new Promise((resolve) => reads.push({ src, resolve })),
    decode: async (_bytes, _type, onSize, onLevel) => {
      onSize(64, 32, 2);
      onLevel(1, { width: 32, height: 16, tiles: [], closed: { value: false } });
      onLevel(0, { width: 64, height: 32, tiles: [], closed: { value: false } });
    },
    close: (level) => closed.push(level),
  };
  return { loader, reads, closed };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe("ImageCache", () => {
  it("loads a src once, keyed by the scene for a path and by itself for a data: URL", async () => {
    const { loader, reads } = fakeLoader();
    const cache = new ImageCache(loader);
    expect(cache.request("a.png", "/l/one.json")).toEqual({ state: "loading" });
    cache.request("a.png", "/l/one.json");
    expect(reads).toHaveLength(1);
    reads[0]!.resolve({ ok: true, bytes: PNG_BYTES, type: "image/png" });
    await flush();
    expect(cache.entry("a.png", "/l/one.json")).toMatchObject({ state: "ready", width: 64, height: 32 });
    expect(cache.pixelSize("a.png", "/l/one.json")).toMatchObject({ width: 64, height: 32 });
    // The same path beside another scene is another file.
    expect(cache.entry("a.png", "/other/one.json")).toBeUndefined();
    expect(imageKey(PNG_1PX, "/l/one.json")).toBe(imageKey(PNG_1PX, undefined));
    expect(cache.version.getState().count).toBeGreaterThan(0);
  });

  it("keeps why a picture cannot be shown", async () => {
    const { loader, reads } = fakeLoader();
    const cache = new ImageCache(loader);
    cache.request("art/level-1.png", "/l/one.json");
    reads[0]!.resolve({ ok: false, message: "image not found: art/level-1.png" });
    await flush();
    expect(cache.entry("art/level-1.png", "/l/one.json")).toEqual({ state: "failed", message: "image not found: art/level-1.png" });
  });

  it("decodes bytes at hand without reading them, and frees the levels of pictures no longer shown", async () => {
    const { loader, reads, closed } = fakeLoader();
    const cache = new ImageCache(loader);
    const entry = await cache.provide("a.png", "/l/one.json", PNG_BYTES, "image/png");
    expect(entry).toMatchObject({ state: "ready", width: 64, height: 32 });
    expect(reads).toHaveLength(0);
    await flush();
    cache.retainOnly(new Set());
    expect(closed).toHaveLength(2);
    expect(cache.entry("a.png", "/l/one.json")).toBeUndefined();
  });

  it("loads nothing without a loader (the editor in Node)", () => {
    const cache = new ImageCache<Level>(null);
    expect(cache.request("a.png", undefined)).toBeUndefined();
    expect(cache.pixelSize("a.png", undefined)).toBeNull();
  });
});

/** A 2D context that records what is drawn. */
function recordingContext() {
  const calls: { op: string; args: unknown[]; alpha: number; smooth: boolean }[] = [];
  const ctx = {
    globalAlpha: 1, imageSmoothingEnabled: true, strokeStyle: "", fillStyle: "", lineWidth: 1, lineJoin: "miter", font: "", textBaseline: "alphabetic",
  } as unknown as BackdropContext;
  const stack: number[] = [];
  for (const op of ["drawImage", "beginPath", "rect", "clip", "moveTo", "lineTo", "stroke", "fill", "fillText", "strokeText", "setLineDash", "setTransform", "fillRect"] as const) {
    (ctx as unknown as Record<string, unknown>)[op] = (...args: unknown[]) => calls.push({ op, args, alpha: ctx.globalAlpha, smooth: ctx.imageSmoothingEnabled });
  }
  ctx.measureText = (text: string) => ({ width: text.length * 6 }) as TextMetrics;
  ctx.save = () => void stack.push(ctx.globalAlpha);
  ctx.restore = () => void (ctx.globalAlpha = stack.pop() ?? 1);
  return { ctx, calls, drawn: () => calls.filter((c) => c.op === "drawImage"), texts: () => calls.filter((c) => c.op === "fillText").map((c) => c.args[0]) };
}

/** A ready entry for a picture of `w` × `h` with every level made, each tile's bitmap named "k:i". */
function readyEntry(w: number, h: number) {
  const levels = planLevels(w, h).map((plan, k) => ({ width: plan.width, height: plan.height, tiles: plan.tiles.map((t, i) => ({ ...t, bitmap: `${k}:${i}` as unknown as ImageBitmap })) }));
  return { state: "ready" as const, width: w, height: h, levels };
}

describe("drawImages", () => {
  const paint = { line: "orange", text: "white", halo: "black" };
  const view = { x: 0, y: 0, scale: 1 };

  it("draws an 8192 × 8192 picture from the tiles on screen only: one at 100 %, level 3's one at 12.5 %", () => {
    const big: SceneImage = { id: "art", src: "art.png", x: 0, y: 0 };
    const entry = readyEntry(8192, 8192);
    const at100 = recordingContext();
    drawImages(at100.ctx, [big], () => entry, view, 1280, 734, paint);
    expect(at100.drawn().map((c) => c.args[0])).toEqual(["0:0"]);
    const out = recordingContext();
    drawImages(out.ctx, [big], () => entry, { x: 10, y: 10, scale: 0.125 }, 1280, 734, paint);
    expect(out.drawn().map((c) => c.args[0])).toEqual(["3:0"]);
    expect(out.drawn()[0]!.args.slice(1)).toEqual([10, 10, 1024, 1024]);
  });

  it("draws bottom first at each image's opacity, hidden ones and those off the canvas not at all, magnified pixels sharp", () => {
    const entry = readyEntry(100, 100);
    const images: SceneImage[] = [
      { id: "a", src: "a.png", x: 0, y: 0, opacity: 0.5 },
      { id: "b", src: "b.png", x: 10, y: 10, visible: false },
      { id: "c", src: "c.png", x: 20, y: 20, width: 400, height: 400 },
      { id: "d", src: "d.png", x: 5000, y: 0 },
    ];
    const r = recordingContext();
    drawImages(r.ctx, images, () => entry, view, 800, 600, paint);
    expect(r.drawn().map((c) => [c.args[1], c.alpha, c.smooth])).toEqual([[0, 0.5, true], [20, 1, false]]);
  });

  it("wraps a placeholder's message at spaces to its width", () => {
    const ctx = { measureText: (t: string) => ({ width: t.length * 6 }) as TextMetrics };
    expect(wrapText(ctx, "image not found: art/level-1.png (the scene has no folder yet)", 120)).toEqual(["image not found:", "art/level-1.png (the", "scene has no folder", "yet)"]);
    expect(wrapText(ctx, "averyveryverylongwordthatdoesnotfit", 60)).toEqual(["averyveryverylongwordthatdoesnotfit"]);
  });

  it("draws a placeholder of the image's size naming its path and the problem, 256 × 256 when the size is unknown", () => {
    const r = recordingContext();
    const missing: SceneImage = { id: "art", src: "art/level-1.png", x: 10, y: 20 };
    drawImages(r.ctx, [missing], () => ({ state: "failed", message: "image not found: art/level-1.png" }), view, 800, 600, paint);
    // The message names the path: it is not written twice.
    expect(r.texts()).toEqual(["image not found: art/level-1.png"]);
    expect(r.calls.find((c) => c.op === "rect")!.args).toEqual([10, 20, 256, 256]);
    expect(r.drawn()).toEqual([]);
    const sized = recordingContext();
    drawImages(sized.ctx, [{ ...missing, width: 500, height: 30 }], () => ({ state: "failed", message: "cannot decode the image: bad data" }), view, 800, 600, paint);
    expect(sized.calls.find((c) => c.op === "rect")!.args).toEqual([10, 20, 500, 30]);
    expect(sized.texts()).toEqual(["art/level-1.png", "cannot decode the image: bad data"]);
  });
});

describe("a Tiled map's image layer in the backdrop", () => {
  const map = buildBackdrop({ type: "map", orientation: "orthogonal", width: 1, height: 1, tilewidth: 16, tileheight: 16, tilesets: [], layers: [{ id: 1, type: "imagelayer", name: "sky", image: "art/sky.png", x: 0, y: 0, opacity: 1, visible: true }] }, "level.tmj");
  if (!map.ok) throw new Error(map.problems.join("; "));
  const draw = (sceneImages?: ReadonlySet<string>) => {
    const r = recordingContext();
    const entry = readyEntry(100, 100);
    const paint = { line: "orange", text: "white", halo: "black", missing: "orange", shapeLine: "grey", shapeFill: "grey" };
    drawBackdrop(r.ctx, { store: new ChunkStore(map.map), pictureOf: () => ({ state: "loading" }), imageEntryOf: () => entry, pictureVersion: 0, view: { x: 0, y: 0, scale: 1 }, width: 400, height: 300, opacity: 1, paint, shapes: true, ...(sceneImages ? { sceneImages } : {}) });
    return r.drawn().length;
  };

  it("is drawn, unless the scene holds the same picture as an image (the import made it one): then it is drawn once, as the scene's", () => {
    expect(draw()).toBe(1);
    expect(draw(new Set(["art/other.png"]))).toBe(1);
    expect(draw(new Set(["art/sky.png"]))).toBe(0);
  });
});
