// Never lose work, the page's side in real Chromium, with a fake desktop shell put in place of the
// preload's `window.colliderStudio` before the page loads: a document restored after a crash opens
// unsaved under its name (before the page first reports its document to the shell), an edit is
// autosaved after a quiet 3 s and the recovery file dropped on Save, a change on disk asks to reload,
// and a picture changed on disk (image:changed) is redrawn without touching the document.
import { decode, encode } from "fast-png";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { emptyScene, parseScene, serializeScene, type Scene } from "../../core";
import { editorSession, pageErrors, placeAt } from "./harness";

const circle = (id: string, x: number) => ({ id, type: "circle" as const, x, y: 0, rotation: 0, radius: 20 });
const sceneWith = (...ids: string[]): Scene => ({ ...emptyScene(), shapes: ids.map((id, i) => circle(id, i * 60)) });

/** What the fake shell recorded: [channel, argument] per call. */
type Calls = [string, unknown][];

/** Runs in the page before its scripts: a DesktopApi that records calls and answers from `setup`. */
function installFakeShell(setup: { recovered: unknown; onDisk: string }): void {
  const calls: [string, unknown][] = [];
  const listeners: ((change: unknown) => void)[] = [];
  const pictureListeners: ((change: unknown) => void)[] = [];
  const openListeners: ((result: unknown) => void)[] = [];
  const ok = (value: unknown) => Promise.resolve({ ok: true, value });
  const w = window as unknown as Record<string, unknown>;
  w.__shellCalls = calls;
  w.__fileChanged = (change: unknown) => listeners.forEach((l) => l(change));
  w.__pictureChanged = (change: unknown) => pictureListeners.forEach((l) => l(change));
  w.__openFile = (result: unknown) => openListeners.forEach((l) => l(result));
  // The pictures on the fake disk: src → base64 bytes.
  const pictures: Record<string, string> = {};
  w.__pictures = pictures;
  // The Tiled map's text files on the fake disk: src → text.
  const texts: Record<string, string> = {};
  w.__texts = texts;
  w.colliderStudio = {
    platform: "linux",
    openScene: () => Promise.resolve({ ok: false, canceled: true }),
    saveScene: (r: { path?: string; suggestedName?: string }) => {
      calls.push(["saveScene", r]);
      return ok({ path: r.path ?? "/levels/level.json", name: "level.json" });
    },
    exportFile: () => Promise.resolve({ ok: false, canceled: true }),
    importFile: () => Promise.resolve({ ok: false, canceled: true }),
    setMenu: () => ok(null),
    onMenuCommand: () => () => {},
    saveRecovery: (r: unknown) => {
      calls.push(["saveRecovery", r]);
      return ok(null);
    },
    discardRecovery: () => {
      calls.push(["discardRecovery", null]);
      return ok(null);
    },
    takeRecovered: () => ok(setup.recovered),
    reloadScene: (r: { path: string }) => {
      calls.push(["reloadScene", r]);
      return ok({ path: r.path, name: "level.json", text: setup.onDisk });
    },
    onTiledMapChanged: () => () => {},
    onPictureChanged: (listener: (change: unknown) => void) => {
      pictureListeners.push(listener);
      return () => {};
    },
    readImage: (r: { src: string }) => {
      calls.push(["readImage", r]);
      const b64 = pictures[r.src];
      return b64 === undefined ? Promise.resolve({ ok: false, canceled: false, error: `image not found: ${r.src}` }) : ok({ bytes: Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)), type: "image/png" });
    },
    readTiledFile: (r: { src: string }) => {
      const text = texts[r.src];
      return text === undefined ? Promise.resolve({ ok: false, canceled: false, error: `not found: ${r.src}` }) : ok({ text });
    },
    sceneOpened: () => ok(null),
    onFileChanged: (listener: (change: unknown) => void) => {
      listeners.push(listener);
      return () => {};
    },
    // The unsaved-changes prompt's side of the shell (close-guard.ts): reports are recorded.
    reportDocumentState: (state: unknown) => {
      calls.push(["reportDocumentState", state]);
      return ok(null);
    },
    onSaveRequest: () => () => {},
    onOpenFile: (listener: (result: unknown) => void) => {
      openListeners.push(listener);
      return () => {};
    },
  };
}

const session = editorSession();

/** An editor page with the fake shell installed before it loads. */
function openWithShell(recovered: unknown, onDisk = serializeScene(sceneWith("disk"))): Promise<Page> {
  return session.newPage({ beforeLoad: async (page) => { await page.addInitScript(installFakeShell, { recovered, onDisk }); } });
}

/** A PNG of one colour. */
const flatPng = (width: number, height: number, rgba: readonly number[]): string => {
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < data.length; i += 4) data.set(rgba, i);
  return Buffer.from(encode({ width, height, data, channels: 4, depth: 8 })).toString("base64");
};

/** The colour of one page pixel. */
async function pixel(page: Page, x: number, y: number): Promise<number[]> {
  const d = decode(await page.screenshot({ clip: { x, y, width: 1, height: 1 } })).data;
  return [d[0]!, d[1]!, d[2]!];
}

const calls = (page: Page) => page.evaluate(() => (window as unknown as { __shellCalls: Calls }).__shellCalls);
const callsOf = async (page: Page, channel: string) => (await calls(page)).filter(([c]) => c === channel).map(([, arg]) => arg);

describe("desktop recovery in Chromium (fake shell)", () => {
  it("opens a restored document unsaved under its original name, autosaves edits, and drops the recovery file on Save", async () => {
    const recovered = { name: "level.json", path: "/levels/level.json", savedAt: "2026-11-22T21:00:00.000Z", text: serializeScene(sceneWith("r1", "r2")) };
    const page = await openWithShell(recovered);
    await expect.poll(() => page.title()).toBe("• level.json — Collider Studio");
    await expect.poll(() => page.getByTestId("shape-count").textContent()).toBe("2 shapes");
    await expect.poll(() => page.getByTestId("notice").textContent()).toMatch(/^Restored unsaved changes to level\.json/);
    // The page tells the shell it is ready (its first report) only with the restored document in
    // place, so a file the OS asked to open waits and then asks about these unsaved changes.
    expect((await callsOf(page, "reportDocumentState"))[0]).toEqual({ dirty: true, name: "level.json", path: "/levels/level.json" });

    // The restored (dirty) document itself is autosaved, then an edit is, each after 3 s of quiet.
    await expect.poll(() => callsOf(page, "saveRecovery"), { timeout: 6000 }).toHaveLength(1);
    await placeAt(page, "Box", 400, 300);
    await expect.poll(() => page.getByTestId("shape-count").textContent()).toBe("3 shapes");
    await page.waitForTimeout(1500);
    expect(await callsOf(page, "saveRecovery")).toHaveLength(1);
    await expect.poll(() => callsOf(page, "saveRecovery"), { timeout: 6000 }).toHaveLength(2);
    const last = (await callsOf(page, "saveRecovery"))[1] as { text: string; name: string; path?: string };
    expect(last).toMatchObject({ name: "level.json", path: "/levels/level.json" });
    const parsed = parseScene(last.text);
    expect(parsed.ok && parsed.scene.shapes.length).toBe(3);

    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect.poll(() => page.title()).toBe("level.json — Collider Studio");
    await expect.poll(() => callsOf(page, "discardRecovery")).toHaveLength(1);
    expect(await callsOf(page, "saveScene")).toEqual([expect.objectContaining({ path: "/levels/level.json" })]);
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  }, 30_000);

  it("asks to reload when the open file changes on disk, warning about unsaved changes", async () => {
    const recovered = { name: "level.json", path: "/levels/level.json", savedAt: "2026-11-22T21:00:00.000Z", text: serializeScene(sceneWith("mine")) };
    const page = await openWithShell(recovered, serializeScene(sceneWith("d1", "d2", "d3")));
    await expect.poll(() => page.title()).toBe("• level.json — Collider Studio");
    const questions: string[] = [];
    page.on("dialog", (d) => {
      questions.push(d.message());
      void d.accept();
    });
    await page.evaluate(() => (window as unknown as { __fileChanged: (c: unknown) => void }).__fileChanged({ path: "/levels/level.json", name: "level.json" }));
    await expect.poll(() => page.getByTestId("shape-count").textContent()).toBe("3 shapes");
    expect(questions).toEqual(["The file level.json changed on disk. Reload? Your unsaved changes will be lost."]);
    expect(await callsOf(page, "reloadScene")).toEqual([{ path: "/levels/level.json" }]);
    await expect.poll(() => page.title()).toBe("level.json — Collider Studio");
    // A change to a file that is not open asks nothing.
    await page.evaluate(() => (window as unknown as { __fileChanged: (c: unknown) => void }).__fileChanged({ path: "/elsewhere.json", name: "elsewhere.json" }));
    await page.waitForTimeout(200);
    expect(questions).toHaveLength(1);
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  }, 30_000);

  it("redraws a picture changed on disk where the scene places it, the document untouched; one become unreadable keeps its drawing and says why", async () => {
    const page = await openWithShell(null);
    const setPicture = (b64: string | null) => page.evaluate((b64) => {
      const pictures = (window as unknown as { __pictures: Record<string, string> }).__pictures;
      if (b64 === null) delete pictures["art/level.png"];
      else pictures["art/level.png"] = b64;
    }, b64);
    const changed = () => page.evaluate(() => (window as unknown as { __pictureChanged: (c: unknown) => void }).__pictureChanged({ scenePath: "/levels/level.json", src: "art/level.png" }));
    await setPicture(flatPng(100, 80, [220, 30, 30, 255]));
    const scene: Scene = { ...emptyScene(), images: [{ id: "art", src: "art/level.png", x: 0, y: 0 }], shapes: [circle("ball", 400)] };
    await page.evaluate((text) => (window as unknown as { __openFile: (r: unknown) => void }).__openFile({ ok: true, value: { path: "/levels/level.json", name: "level.json", text } }), serializeScene(scene));
    await expect.poll(() => page.title()).toBe("level.json — Collider Studio");
    await page.getByRole("button", { name: "Select art" }).click();
    const width = page.getByTestId("inspector-image-width"), height = page.getByTestId("inspector-image-height");
    await expect.poll(() => width.inputValue()).toBe("100");
    const box = (await page.locator(".canvas").boundingBox())!;
    // Inside the old picture, and beyond it inside the new one (world (0, 0) at the canvas's top-left).
    const inside = { x: box.x + 50, y: box.y + 40 }, beyond = { x: box.x + 150, y: box.y + 120 };
    await expect.poll(async () => (await pixel(page, inside.x, inside.y))[0]!).toBeGreaterThan(150);
    const undo = page.getByRole("toolbar", { name: "Tools" }).getByRole("button", { name: "Undo", exact: true });
    const undoBefore = await undo.getAttribute("title");

    await setPicture(flatPng(200, 160, [30, 60, 220, 255]));
    await changed();
    await expect.poll(() => page.getByTestId("notice").textContent()).toBe("level.png changed on disk: redrawn");
    await expect.poll(async () => (await pixel(page, beyond.x, beyond.y))[2]!).toBeGreaterThan(150);
    expect((await pixel(page, inside.x, inside.y))[2]!).toBeGreaterThan(150);
    // Sized by its pixels, it takes the new size; where it is and the document are as they were.
    expect([await width.inputValue(), await height.inputValue()]).toEqual(["200", "160"]);
    expect(await page.getByTestId("inspector-image-x").inputValue()).toBe("0");
    expect(await page.title()).toBe("level.json — Collider Studio");
    expect(await undo.getAttribute("title")).toBe(undoBefore);
    await page.screenshot({ path: "/tmp/shots-picwatch/redrawn.png" });

    await setPicture(null);
    await changed();
    await expect.poll(() => page.getByTestId("notice").textContent()).toBe("level.png changed on disk, old drawing kept: image not found: art/level.png");
    expect((await pixel(page, beyond.x, beyond.y))[2]!).toBeGreaterThan(150);
    expect(await page.getByTestId("image-problem-art").count()).toBe(0);
    // A change beside another scene is not this one's.
    await page.evaluate(() => (window as unknown as { __pictureChanged: (c: unknown) => void }).__pictureChanged({ scenePath: "/elsewhere/level.json", src: "art/level.png" }));
    await page.screenshot({ path: "/tmp/shots-picwatch/unreadable.png" });
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  }, 30_000);

  it("redraws the Tiled backdrop when a tileset's picture is repainted on disk", async () => {
    const page = await openWithShell(null);
    const map = { type: "map", orientation: "orthogonal", renderorder: "right-down", width: 4, height: 4, tilewidth: 16, tileheight: 16, infinite: false, version: "1.10", tiledversion: "1.10.2", nextlayerid: 2, nextobjectid: 1,
      tilesets: [{ firstgid: 1, name: "ground", tilewidth: 16, tileheight: 16, tilecount: 1, columns: 1, image: "tiles.png", imagewidth: 16, imageheight: 16, margin: 0, spacing: 0 }],
      layers: [{ id: 1, type: "tilelayer", name: "Ground", width: 4, height: 4, x: 0, y: 0, opacity: 1, visible: true, data: Array<number>(16).fill(1) }] };
    await page.evaluate(({ map, tiles }) => {
      const w = window as unknown as { __texts: Record<string, string>; __pictures: Record<string, string> };
      w.__texts["level.tmj"] = map;
      w.__pictures["tiles.png"] = tiles;
    }, { map: JSON.stringify(map), tiles: flatPng(16, 16, [220, 30, 30, 255]) });
    const text = JSON.stringify({ ...JSON.parse(serializeScene(emptyScene())), tiledMap: { src: "level.tmj" } });
    await page.evaluate((text) => (window as unknown as { __openFile: (r: unknown) => void }).__openFile({ ok: true, value: { path: "/levels/level.json", name: "level.json", text } }), text);
    await expect.poll(() => page.title()).toBe("level.json — Collider Studio");
    const box = (await page.locator(".canvas").boundingBox())!;
    const tile = { x: box.x + 40, y: box.y + 40 };
    await expect.poll(async () => (await pixel(page, tile.x, tile.y))[0]!).toBeGreaterThan(150);

    await page.evaluate((tiles) => {
      (window as unknown as { __pictures: Record<string, string> }).__pictures["tiles.png"] = tiles;
      (window as unknown as { __pictureChanged: (c: unknown) => void }).__pictureChanged({ scenePath: "/levels/level.json", src: "tiles.png" });
    }, flatPng(16, 16, [30, 60, 220, 255]));
    await expect.poll(() => page.getByTestId("notice").textContent()).toBe("tiles.png changed on disk: redrawn");
    await expect.poll(async () => (await pixel(page, tile.x, tile.y))[2]!).toBeGreaterThan(150);
    expect(await page.title()).toBe("level.json — Collider Studio");
    await page.screenshot({ path: "/tmp/shots-picwatch/backdrop-redrawn.png" });
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  }, 30_000);
});
