// A Tiled map dropped on the desktop app's canvas, the page's side in real Chromium, with a fake
// shell in place of the preload's `window.colliderStudio`: the map is read through the shell by its
// path (tiled:import-dropped) and imported, as File → Import Tiled map… imports a picked one; and
// File → Open… takes a map, an image or another file as the shell read it, and tells the shell a
// scene opened only once it did (so one the user did not open stays off Open Recent); a scene
// dropped (read by the shell, sent back as Open Recent's are) likewise, not one with problems.
import { describe, expect, it } from "vitest";
import { encode } from "fast-png";
import { emptyScene, serializeScene } from "../../core";
import { editorSession, pageErrors, placeAt, runCommand } from "./harness";

const MAP = JSON.stringify({
  type: "map", orientation: "orthogonal", width: 20, height: 12, tilewidth: 32, tileheight: 32,
  layers: [{ type: "objectgroup", name: "Walls", objects: [{ id: 1, name: "floor", x: 32, y: 320, width: 576, height: 32 }, { id: 2, name: "ledge", x: 224, y: 192, width: 128, height: 32 }] }],
});

/** Runs in the page before its scripts: a DesktopApi recording importDropped, whose paths are /levels/<name>. */
function installFakeShell(map: string): void {
  const calls: string[] = [];
  const opened: string[] = [];
  const ok = (value: unknown) => Promise.resolve({ ok: true, value });
  const no = () => Promise.resolve({ ok: false, canceled: true });
  const w = window as unknown as Record<string, unknown>;
  w.__imported = calls;
  w.__picks = [];
  w.__opened = opened;
  // Scenes the shell reads when one is dropped, by path; sent back through onOpenFile.
  w.__scenes = {};
  let openListener: ((r: unknown) => void) | undefined;
  w.colliderStudio = {
    platform: "linux",
    // File → Open…: the next of window.__picks, as the shell reads a picked file by its extension.
    openScene: () => {
      const next = (w.__picks as unknown[]).shift();
      return next === undefined ? no() : ok(next);
    },
    // The page's word that the picked scene is now its document (Open Recent, the watch).
    sceneOpened: (filePath: string) => {
      opened.push(filePath);
      return ok(null);
    },
    saveScene: no, chooseSaveTarget: no, exportFile: no, importFile: no, readImage: no, watchImage: no, pickImages: no, writeTiledMap: no, reloadScene: no,
    openDropped: (filePath: string) => {
      const text = (w.__scenes as Record<string, string>)[filePath];
      setTimeout(() => openListener?.(text === undefined ? { ok: false, canceled: false, error: `cannot open ${filePath}: no such file` } : { ok: true, value: { path: filePath, name: filePath.split("/").pop(), text } }), 0);
      return ok(null);
    },
    importDropped: (filePath: string) => {
      calls.push(filePath);
      return ok({ path: filePath, name: filePath.split("/").pop(), text: map });
    },
    // The map beside the imported scene, read again for its tiles (it has none).
    readTiledFile: (r: { src: string }) => (r.src === "castle.tmj" ? ok({ text: map }) : Promise.resolve({ ok: false, canceled: false, error: `${r.src} is not here` })),
    setMenu: () => ok(null),
    onMenuCommand: () => () => {},
    saveRecovery: () => ok(null),
    discardRecovery: () => ok(null),
    takeRecovered: () => ok(null),
    onFileChanged: () => () => {},
    onTiledMapChanged: () => () => {},
    onPictureChanged: () => () => {},
    reportDocumentState: () => ok(null),
    onSaveRequest: () => () => {},
    onOpenFile: (listener: (r: unknown) => void) => {
      openListener = listener;
      return () => { openListener = undefined; };
    },
    pathForFile: (file: File) => `/levels/${file.name}`,
  };
}

const session = editorSession();

describe("a Tiled map dropped on the desktop app's canvas (fake shell)", () => {
  it("is imported through the shell by its path", async () => {
    const page = await session.newPage({ beforeLoad: async (p) => { await p.addInitScript(installFakeShell, MAP); } });
    await page.locator(".canvas").evaluate((canvas) => {
      const data = new DataTransfer();
      data.items.add(new File(["(read by the shell)"], "castle.tmj"));
      canvas.dispatchEvent(new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true, clientX: 300, clientY: 300 }));
    });
    await expect.poll(() => page.getByTestId("shape-count").textContent()).toBe("2 shapes");
    expect(await page.evaluate(() => (window as unknown as { __imported: string[] }).__imported)).toEqual(["/levels/castle.tmj"]);
    await expect.poll(() => page.getByTestId("notice").textContent()).toMatch(/^Imported 2 shapes from castle\.tmj/);
    expect(await page.title()).toMatch(/castle\.json/);
    if (process.env.EDITOR_SHOTS) await page.screenshot({ path: `${process.env.EDITOR_SHOTS}/desktop-drop.png` });
    expect(pageErrors(page)).toEqual([]);
  });

  it("File → Open… takes what the shell read: a map is imported, an image added at (0, 0), another file named with what to use", async () => {
    const page = await session.newPage({ beforeLoad: async (p) => { await p.addInitScript(installFakeShell, MAP); } });
    const pick = (value: unknown) => page.evaluate((v) => (window as unknown as { __picks: unknown[] }).__picks.push(v), value);
    const notice = () => page.getByTestId("notice").textContent();
    await pick({ kind: "map", path: "/levels/castle.tmj", name: "castle.tmj", text: MAP });
    await runCommand(page, "Open…");
    await expect.poll(notice).toMatch(/^Imported 2 shapes from castle\.tmj/);
    const png = [...encode({ width: 96, height: 64, data: new Uint8Array(96 * 64 * 4).fill(200), channels: 4, depth: 8 })];
    await page.evaluate((bytes) => (window as unknown as { __picks: unknown[] }).__picks.push({ kind: "image", path: "/levels/art.png", name: "art.png", image: { bytes: Uint8Array.from(bytes), type: "image/png" } }), png);
    await runCommand(page, "Open…");
    await expect.poll(notice).toMatch(/^Added image art \(96 × 64 px\) at 0, 0, stored as art\.png beside the scene/);
    await pick({ kind: "other", path: "/levels/notes.txt", name: "notes.txt" });
    await runCommand(page, "Open…");
    await expect.poll(notice).toBe("Did not open notes.txt: Open… takes a scene (.json), a Tiled map (.tmx, .tmj) or a PNG, JPEG or WebP image");
    expect(await page.getByTestId("shape-count").textContent()).toBe("2 shapes");
    expect(pageErrors(page)).toEqual([]);
  });

  it("File → Open… with unsaved changes: No keeps the document and the shell is not told the scene opened (Open Recent stays as it was); Yes opens it and tells it", async () => {
    const page = await session.newPage({ beforeLoad: async (p) => { await p.addInitScript(installFakeShell, MAP); } });
    const scene = serializeScene({ ...emptyScene(), shapes: [{ id: "next", type: "circle", x: 0, y: 0, rotation: 0, radius: 10 }] });
    const pickScene = () => page.evaluate((text) => (window as unknown as { __picks: unknown[] }).__picks.push({ kind: "scene", path: "/levels/next.json", name: "next.json", text }), scene);
    const opened = () => page.evaluate(() => (window as unknown as { __opened: string[] }).__opened);
    await placeAt(page, "Circle", 300, 300);
    const asked: string[] = [];
    let answer = false;
    page.on("dialog", (d) => {
      asked.push(d.message());
      void (answer ? d.accept() : d.dismiss());
    });
    await pickScene();
    await runCommand(page, "Open…");
    await expect.poll(() => asked).toEqual(["Discard unsaved changes and open another scene?"]);
    expect(await page.title()).toMatch(/^• untitled\.json/);
    expect(await opened()).toEqual([]);
    answer = true;
    await pickScene();
    await runCommand(page, "Open…");
    await expect.poll(opened).toEqual(["/levels/next.json"]);
    expect(await page.title()).toMatch(/^next\.json/);
    expect(pageErrors(page)).toEqual([]);
  });

  it("a dropped scene with problems shows them and the shell is not told it opened (it stays off Open Recent, unwatched); a good one is", async () => {
    const page = await session.newPage({ beforeLoad: async (p) => { await p.addInitScript(installFakeShell, MAP); } });
    const good = serializeScene({ ...emptyScene(), shapes: [{ id: "dropped", type: "circle", x: 0, y: 0, rotation: 0, radius: 10 }] });
    await page.evaluate((text) => {
      const scenes = (window as unknown as { __scenes: Record<string, string> }).__scenes;
      scenes["/levels/broken.json"] = '{"format": "collider-studio-scene", "version": 1, "shapes": [{"id": "a"}]}';
      scenes["/levels/good.json"] = text;
    }, good);
    const drop = (name: string) => page.locator(".canvas").evaluate((canvas, n) => {
      const data = new DataTransfer();
      data.items.add(new File(["(read by the shell)"], n));
      canvas.dispatchEvent(new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true, clientX: 300, clientY: 300 }));
    }, name);
    const opened = () => page.evaluate(() => (window as unknown as { __opened: string[] }).__opened);
    await drop("broken.json");
    await expect.poll(() => page.getByTestId("notice").textContent()).toMatch(/^Could not open broken\.json: 1 problem/);
    if (process.env.EDITOR_SHOTS) await page.screenshot({ path: `${process.env.EDITOR_SHOTS}/desktop-drop-broken-scene.png` });
    expect(await page.title()).toMatch(/^untitled\.json/);
    expect(await opened()).toEqual([]);
    await drop("good.json");
    await expect.poll(opened).toEqual(["/levels/good.json"]);
    expect(await page.title()).toMatch(/^good\.json/);
    expect(await page.getByTestId("shape-count").textContent()).toBe("1 shape");
    expect(pageErrors(page)).toEqual([]);
  });
});
