// A Tiled map dropped on the desktop app's canvas, the page's side in real Chromium, with a fake
// shell in place of the preload's `window.colliderStudio`: the map is read through the shell by its
// path (tiled:import-dropped) and imported, as File → Import Tiled map… imports a picked one.
import { describe, expect, it } from "vitest";
import { editorSession, pageErrors } from "./harness";

const MAP = JSON.stringify({
  type: "map", orientation: "orthogonal", width: 20, height: 12, tilewidth: 32, tileheight: 32,
  layers: [{ type: "objectgroup", name: "Walls", objects: [{ id: 1, name: "floor", x: 32, y: 320, width: 576, height: 32 }, { id: 2, name: "ledge", x: 224, y: 192, width: 128, height: 32 }] }],
});

/** Runs in the page before its scripts: a DesktopApi recording importDropped, whose paths are /levels/<name>. */
function installFakeShell(map: string): void {
  const calls: string[] = [];
  const ok = (value: unknown) => Promise.resolve({ ok: true, value });
  const no = () => Promise.resolve({ ok: false, canceled: true });
  const w = window as unknown as Record<string, unknown>;
  w.__imported = calls;
  w.colliderStudio = {
    platform: "linux",
    openScene: no, saveScene: no, chooseSaveTarget: no, exportFile: no, importFile: no, openDropped: no, readImage: no, pickImages: no, writeTiledMap: no, reloadScene: no,
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
    reportDocumentState: () => ok(null),
    onSaveRequest: () => () => {},
    onOpenFile: () => () => {},
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
});
