// Open Scene in Folder… in the web build (issue 24): a scene picked inside a folder the user chose
// (fake pickers and handles stand in for the File System Access API) shows the images beside it by
// their relative paths, including "../"; a path out of the folder, or a missing file, draws a
// placeholder saying so; the scene saves back with its paths unchanged, and Save As into another
// folder inside it moves the paths so they name the same files.
import { encode } from "fast-png";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { fakeFolder } from "./fake-folder";
import { editorSession, pageErrors, runCommand } from "./harness";

const session = editorSession();

/** A 40 × 40 opaque red PNG, base64. */
function redPng(): string {
  const data = new Uint8Array(40 * 40 * 4);
  for (let i = 0; i < data.length; i += 4) data.set([220, 30, 30, 255], i);
  return Buffer.from(encode({ width: 40, height: 40, data, channels: 4, depth: 8 })).toString("base64");
}

/** The folder: levels/level.json (the scene), art/red.png; the scene names ../art/red.png. Save As goes to copies/v2/copy.json. */
async function sceneFolder(page: Page, scene: string, png: string): Promise<void> {
  await fakeFolder(page, { "levels/level.json": Buffer.from(scene).toString("base64"), "art/red.png": png });
  await page.addInitScript(() => {
    const state = window as unknown as { __open: string[]; __saveAs: string[] };
    state.__open.push("levels/level.json");
    state.__saveAs.push("copies/v2/copy.json");
  });
}

/** What the page wrote, in order. */
const writes = (page: Page) => page.evaluate(() => (window as unknown as { __writes: { text: string }[] }).__writes.map((w) => w.text));

const sceneText = JSON.stringify({
  format: "collider-studio-scene",
  version: 1,
  images: [
    { id: "red", src: "../art/red.png", x: 100, y: 100, width: 80, height: 80 },
    { id: "gone", src: "../art/missing.png", x: 300, y: 100 },
    { id: "out", src: "../../elsewhere.png", x: 500, y: 100 },
  ],
  shapes: [],
});

describe("Open Scene in Folder… in the web build", () => {
  it("shows the images beside the scene by their relative paths, placeholders for the rest, saves the paths unchanged, and Save As moves them", async () => {
    const page = await session.newPage({ beforeLoad: (p) => sceneFolder(p, sceneText, redPng()) });
    await page.getByRole("menuitem", { name: "File" }).click();
    await page.getByRole("menuitem", { name: "Open Scene in Folder…" }).click();
    await expect.poll(() => page.getByTestId("notice").textContent()).toContain("Opened level.json");
    const c = (await page.locator(".canvas").boundingBox())!;
    // The red picture is drawn at (100, 100)–(140, 140).
    await expect.poll(async () => {
      const [r, g, b] = await page.evaluate(async ({ x, y }) => {
        const shot = document.querySelectorAll<HTMLCanvasElement>(".canvas canvas")[0]!;
        const rect = shot.getBoundingClientRect();
        const k = shot.width / rect.width;
        return [...shot.getContext("2d")!.getImageData(Math.round((x - rect.left) * k), Math.round((y - rect.top) * k), 1, 1).data];
      }, { x: c.x + 120, y: c.y + 120 });
      return r! > 180 && g! < 80 && b! < 80;
    }, { timeout: 10_000 }).toBe(true);
    await expect.poll(() => page.getByTestId("image-gone").textContent()).toContain("image not found: ../art/missing.png");
    expect(await page.getByTestId("image-out").textContent()).toContain("outside the folder game you opened");
    expect(await page.getByTestId("image-red").textContent()).not.toContain("not found");
    // Save writes back to the same file, the paths as they were.
    await page.keyboard.press("Control+s");
    await expect.poll(async () => (await writes(page)).length).toBe(1);
    const written = JSON.parse((await writes(page))[0]!) as { images: { src: string }[] };
    expect(written.images.map((i) => i.src)).toEqual(["../art/red.png", "../art/missing.png", "../../elsewhere.png"]);
    // Save As two folders deeper: every path still names the same file, the one out of the folder too.
    await page.keyboard.press("Control+Shift+s");
    await expect.poll(async () => (await writes(page)).length).toBe(2);
    const copy = JSON.parse((await writes(page))[1]!) as { images: { src: string }[] };
    expect(copy.images.map((i) => i.src)).toEqual(["../../art/red.png", "../../art/missing.png", "../../../elsewhere.png"]);
    await expect.poll(() => page.getByTestId("notice").textContent()).toContain("Saved copy.json");
    // The picture still shows from the new place, and the Inspector shows its new path.
    await expect.poll(() => page.getByTestId("image-red").textContent()).not.toContain("not found");
    // Exported to Tiled, which draws image layers at their pixel size: the export says the picture is drawn larger.
    const download = page.waitForEvent("download");
    await runCommand(page, "Export as Tiled map");
    await download;
    await expect.poll(() => page.getByTestId("notice").textContent()).toMatch(/^Exported copy\.tmj \(Tiled map\); \d+ warnings? \(see the list\)$/);
    expect(await page.getByRole("alert", { name: "Problems" }).textContent()).toContain('image "red": drawn at 80 × 80 but 40 × 40 pixels');
    expect(pageErrors(page)).toEqual([]);
  });
});
