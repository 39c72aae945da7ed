// Issue 25, a Tiled user's loop in Chromium (web build; fake pickers and folder handles stand in for
// the File System Access API): import a TMX map in its folder, see its tiles, draw a box over them,
// File → Save to Map writes the box into the TMX (Tiled 1.8 reads it, the tile layers as they were),
// Edit → Bake Tile Colliders adds the tiles' collision shapes, and importing the map again brings the box back.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseTmx, writeTmx, type JsonObject } from "../../core";
import { atlasPng, backdropMap, tallPng, TILE } from "./backdrop-fixture";
import { fakeFolder } from "./fake-folder";
import { ARTIFACTS, editorSession, pageErrors, placeAt, runCommand } from "./harness";

const session = editorSession();
const work = mkdtempSync(join(tmpdir(), "save-to-map-e2e-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const b64 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString("base64");

/** Tiled 1.8's reading of a TMX (its JSON export), with the tileset pictures beside it. */
function tiledReads(tmx: string): JsonObject {
  mkdirSync(join(work, "tiles"), { recursive: true });
  writeFileSync(join(work, "tiles/atlas.png"), atlasPng());
  writeFileSync(join(work, "tiles/tall.png"), tallPng());
  writeFileSync(join(work, "level.tmx"), tmx);
  mkdirSync(join(work, "xdg"), { recursive: true, mode: 0o700 });
  execFileSync("tiled", ["--export-map", "json", join(work, "level.tmx"), join(work, "level.json")], { env: { ...process.env, QT_QPA_PLATFORM: "offscreen", XDG_RUNTIME_DIR: join(work, "xdg") }, timeout: 60_000, stdio: "pipe" });
  return JSON.parse(readFileSync(join(work, "level.json"), "utf8")) as JsonObject;
}

interface Layer { readonly name: string; readonly type: string; readonly objects?: readonly { readonly id: number; readonly x: number; readonly y: number; readonly width: number; readonly height: number }[] }

describe("Save to Map (web build)", () => {
  it("writes a box drawn over an imported TMX back into it, Tiled reads the map as it was plus the box; baking adds the tiles' shapes; a second import brings the box", async () => {
    const tmx = writeTmx(backdropMap() as JsonObject);
    const files = { "maps/level.tmx": b64(tmx), "maps/tiles/atlas.png": b64(atlasPng()), "maps/tiles/tall.png": b64(tallPng()) };
    const page = await session.newPage({ beforeLoad: (p) => fakeFolder(p, files) });
    await page.evaluate(() => (window as unknown as { __open: string[] }).__open.push("maps/level.tmx"));
    await page.getByRole("menuitem", { name: "File" }).click();
    await page.getByRole("menuitem", { name: "Import Tiled Map in Folder…" }).click();
    await expect.poll(() => page.getByTestId("notice").textContent()).toContain("Imported 0 shapes from level.tmx");
    expect(await page.getByRole("alert", { name: "Problems" }).count()).toBe(0);
    await expect.poll(() => page.getByTestId("tiled-map-status").textContent(), { timeout: 15_000 }).toBe("3 layers (1 hidden layer)");

    // A box over the tiles, then Save to Map.
    const canvas = (await page.locator(".canvas").boundingBox())!;
    await placeAt(page, "Box", canvas.x + 5 * TILE, canvas.y + 3 * TILE);
    await page.keyboard.press("Escape");
    // Saving the scene (as Tiled's Ctrl+S saves a map) leaves the map as it was: the notice says so.
    await page.evaluate(() => (window as unknown as { __saveAs: string[] }).__saveAs.push("maps/level.json"));
    await page.keyboard.press("Control+s");
    await expect.poll(() => page.getByTestId("notice").textContent()).toBe("Saved level.json · 1 change not in level.tmx yet: Save to Map writes it");
    await runCommand(page, "Save to Map");
    await expect.poll(() => page.getByTestId("notice").textContent()).toBe("Saved to level.tmx: 0 objects updated, 1 added, 0 removed");
    const writes = await page.evaluate(() => (window as unknown as { __writes: { path: string; text: string }[] }).__writes);
    // The map as it was kept beside it first, as the desktop app keeps it.
    expect(writes.map((w) => w.path)).toEqual(["maps/level.json", "level.tmx.bak", "level.tmx"]);
    expect(writes[1]!.text).toBe(tmx);
    const written = writes[2]!.text;

    // Tiled reads the written map: every layer but the colliders' as Tiled read the original, and the box in it.
    const before = tiledReads(tmx), after = tiledReads(written);
    const others = (m: JsonObject) => (m.layers as unknown as Layer[]).filter((l) => l.name !== "Colliders");
    expect(others(after)).toEqual(others(before));
    expect(after.tilesets).toEqual(before.tilesets);
    const colliders = (after.layers as unknown as Layer[]).find((l) => l.name === "Colliders")!;
    expect(colliders.objects!.map((o) => [o.id, o.width, o.height])).toEqual([[Number(before.nextobjectid), expect.any(Number), expect.any(Number)]]);
    expect(after.nextobjectid).toBe(Number(before.nextobjectid) + 1);
    const box = colliders.objects![0]!;
    expect(Math.abs(box.x + box.width / 2 - 5 * TILE)).toBeLessThan(1);
    expect(Math.abs(box.y + box.height / 2 - 3 * TILE)).toBeLessThan(1);

    // Bake Tile Colliders: tile 3's collision rectangle, wherever the ground layer places it.
    await runCommand(page, "Bake Tile Colliders");
    await expect.poll(() => page.getByTestId("notice").textContent()).toMatch(/^Baked \d+ tile shapes? into \d+ colliders? on 1 new layer/);
    await page.screenshot({ path: resolve(ARTIFACTS, "e2e-save-to-map.png") });
    await page.keyboard.press("Control+z");
    await expect.poll(() => page.getByTestId("shape-count").textContent()).toMatch(/^1 shape/);

    // The box deleted and another drawn: a new object with a new id, the old one removed (the new
    // box's scene id is not the deleted one's, which the map's object still carries).
    await page.keyboard.press("Control+a");
    await page.keyboard.press("Delete");
    await placeAt(page, "Box", canvas.x + 8 * TILE, canvas.y + 2 * TILE);
    await page.keyboard.press("Escape");
    await runCommand(page, "Save to Map");
    await expect.poll(() => page.getByTestId("notice").textContent()).toBe("Saved to level.tmx: 0 objects updated, 1 added, 1 removed");
    const rewritten = await page.evaluate(() => (window as unknown as { __writes: { path: string; text: string }[] }).__writes.at(-1)!.text);
    const layer = /<objectgroup[^>]*name="Colliders"[\s\S]*?<\/objectgroup>/.exec(rewritten)![0];
    expect([...layer.matchAll(/<object id="(\d+)"/g)].map((m) => Number(m[1]))).toEqual([Number(before.nextobjectid) + 1]);

    // Both undone (the new box, then the delete): the first box is written with its old id again,
    // as Tiled's undo restores an object's; the second's id is not given again.
    await page.keyboard.press("Control+z");
    await page.keyboard.press("Control+z");
    await expect.poll(() => page.getByTestId("shape-count").textContent()).toMatch(/^1 shape/);
    await runCommand(page, "Save to Map");
    await expect.poll(() => page.getByTestId("notice").textContent()).toBe("Saved to level.tmx: 0 objects updated, 1 added, 1 removed");
    const restored = await page.evaluate(() => (window as unknown as { __writes: { path: string; text: string }[] }).__writes.at(-1)!.text);
    const restoredLayer = /<objectgroup[^>]*name="Colliders"[\s\S]*?<\/objectgroup>/.exec(restored)![0];
    expect([...restoredLayer.matchAll(/<object id="(\d+)"/g)].map((m) => Number(m[1]))).toEqual([Number(before.nextobjectid)]);
    expect(restored).toContain(`nextobjectid="${Number(before.nextobjectid) + 2}"`);

    // The map as written, imported again: the box comes back as a shape.
    const again = await session.newPage({ beforeLoad: (p) => fakeFolder(p, { ...files, "maps/level.tmx": b64(written) }) });
    await again.evaluate(() => (window as unknown as { __open: string[] }).__open.push("maps/level.tmx"));
    await again.getByRole("menuitem", { name: "File" }).click();
    await again.getByRole("menuitem", { name: "Import Tiled Map in Folder…" }).click();
    await expect.poll(() => again.getByTestId("notice").textContent()).toContain("Imported 1 shape from level.tmx");
    const reread = parseTmx(written, "level.tmx");
    expect(reread.ok).toBe(true);
    expect(pageErrors(page)).toEqual([]);
    expect(pageErrors(again)).toEqual([]);
  });
});

describe("Save to Map of a map opened alone (web build)", () => {
  it("File → Open… a TMX, draw, Save to Map… asks for the folder and writes, keeping the drawing; the tiles then show, and Reload Tiled Map redraws them after Tiled changes the map", async () => {
    const tmx = writeTmx(backdropMap() as JsonObject);
    const files = { "maps/level.tmx": b64(tmx), "maps/tiles/atlas.png": b64(atlasPng()), "maps/tiles/tall.png": b64(tallPng()) };
    const page = await session.newPage({ beforeLoad: (p) => fakeFolder(p, files) });
    await page.evaluate(() => (window as unknown as { __open: string[] }).__open.push("maps/level.tmx"));
    await page.getByRole("menuitem", { name: "File" }).click();
    await page.getByRole("menuitem", { name: "Open…" }).click();
    await expect.poll(() => page.getByTestId("notice").textContent()).toMatch(/^Imported 0 shapes from level\.tmx; its tiles are not shown \(see the list\)/);
    expect(await page.getByRole("alert", { name: "Problems" }).textContent()).toContain("Save to Map will ask for its folder");
    const canvas = (await page.locator(".canvas").boundingBox())!;
    await placeAt(page, "Box", canvas.x + 5 * TILE, canvas.y + 3 * TILE);
    await page.keyboard.press("Escape");
    await page.getByRole("menuitem", { name: "File" }).click();
    await expect.poll(() => page.getByRole("menuitem", { name: "Save to Map…" }).isEnabled()).toBe(true);
    await page.screenshot({ path: resolve(ARTIFACTS, "e2e-save-to-map-asks.png") });
    await page.getByRole("menuitem", { name: "Save to Map…" }).click();
    await expect.poll(() => page.getByTestId("notice").textContent()).toBe("Saved to level.tmx: 0 objects updated, 1 added, 0 removed");
    const writes = await page.evaluate(() => (window as unknown as { __writes: { path: string; text: string }[] }).__writes);
    expect(writes.map((w) => w.path)).toEqual(["level.tmx.bak", "level.tmx"]);
    expect(writes[1]!.text).toContain("<object id=");
    await expect.poll(() => page.getByTestId("shape-count").textContent()).toMatch(/^1 shape/);
    // The folder given, the map's tiles are read from it.
    await expect.poll(() => page.getByTestId("tiled-map-status").textContent(), { timeout: 15_000 }).toBe("3 layers (1 hidden layer)");

    // Tiled hides a layer and saves: Reload Tiled Map draws the map as it is now; the box stays.
    const hidden = writes[1]!.text.replace(/(<layer [^>]*name="[^"]*")/, '$1 visible="0"');
    expect(hidden).not.toBe(writes[1]!.text);
    await page.evaluate((text) => (window as unknown as { __setFile: (p: string, t: string) => void }).__setFile("maps/level.tmx", text), hidden);
    await runCommand(page, "Reload Tiled Map");
    await expect.poll(() => page.getByTestId("notice").textContent()).toBe("Reloaded level.tmx");
    await expect.poll(() => page.getByTestId("tiled-map-status").textContent()).toBe("2 layers (2 hidden layers)");
    await expect.poll(() => page.getByTestId("shape-count").textContent()).toMatch(/^1 shape/);
    await page.screenshot({ path: resolve(ARTIFACTS, "e2e-save-to-map-reloaded.png") });
    expect(pageErrors(page)).toEqual([]);
  });
});
