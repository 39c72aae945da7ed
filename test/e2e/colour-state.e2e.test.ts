// Colour and state at a glance (issue 23), read from the canvas's pixels in Chromium: each layer
// fills its shapes with its own colour, recolouring a layer is undoable, a locked layer looks
// locked and takes no hover, the selection is apart from the overlap warning in both themes, and
// an overlap that collision filtering ignores is listed with its reason and drawn faintly.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { editorSession, pageErrors } from "./harness";

const session = editorSession();
const SHOTS = "/tmp/shots";

type RGB = readonly [number, number, number];

/** A scene file with these layers and shapes (boxes unless said), written to a fresh folder. */
function sceneFile(name: string, scene: { layers?: object[]; collisionLayers?: object[]; shapes: object[] }): string {
  const file = join(mkdtempSync(join(tmpdir(), "collider-colours-")), name);
  writeFileSync(file, JSON.stringify({ format: "collider-studio-scene", version: 1, ...scene }));
  return file;
}

const box = (id: string, x: number, y: number, more: object = {}) => ({ id, type: "box", x, y, width: 80, height: 80, ...more });

/** Opens a scene at 100 % with the world's origin at the canvas's corner (as a new page is). */
async function open(page: Page, file: string, shapes: number): Promise<{ x: number; y: number }> {
  await page.setInputFiles("#open-scene-input", file);
  await expect.poll(() => page.getByTestId("shape-count").textContent()).toMatch(new RegExp(`^${shapes} shape`));
  const canvas = (await page.locator(".canvas").boundingBox())!;
  return { x: canvas.x, y: canvas.y };
}

/** The colour shown at page point (x, y): every layer of the stage over the canvas's background. */
async function pixelAt(page: Page, x: number, y: number): Promise<RGB> {
  return page.evaluate(([px, py]) => {
    const container = document.querySelector<HTMLElement>(".canvas")!;
    const out = document.createElement("canvas");
    out.width = 1;
    out.height = 1;
    const ctx = out.getContext("2d")!;
    ctx.fillStyle = getComputedStyle(container).backgroundColor;
    ctx.fillRect(0, 0, 1, 1);
    for (const c of container.querySelectorAll("canvas")) {
      const r = c.getBoundingClientRect(), ratio = c.width / r.width;
      ctx.drawImage(c, Math.floor((px - r.left) * ratio), Math.floor((py - r.top) * ratio), 1, 1, 0, 0, 1, 1);
    }
    const d = ctx.getImageData(0, 0, 1, 1).data;
    return [d[0]!, d[1]!, d[2]!] as const;
  }, [x, y] as const);
}

/** Sum of the channels' differences. */
const distance = (a: RGB, b: RGB): number => Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) + Math.abs(a[2] - b[2]);
/** Reddish, as the overlap warning: red well above green and blue. */
const isWarning = (c: RGB): boolean => c[0] - c[1] > 40 && c[0] - c[2] > 40;
/** Cyan-ish, as the selection: blue and green well above red. */
const isSelection = (c: RGB): boolean => c[2] - c[0] > 50 && c[1] - c[0] > 30;

/** Waits until the canvas has drawn: the pixel at (x, y) stops changing between two frames. */
async function settled(page: Page, x: number, y: number): Promise<RGB> {
  let last = await pixelAt(page, x, y);
  for (let i = 0; i < 20; i++) {
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const now = await pixelAt(page, x, y);
    if (distance(now, last) === 0) return now;
    last = now;
  }
  return last;
}

/** The shape the canvas outlines as hovered ("" for none). */
const hovered = (page: Page) => page.locator("[data-hover]").getAttribute("data-hover");

async function toggleTheme(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Toggle light/dark theme" }).click();
}

describe("colour and state at a glance", () => {
  it("two layers fill their shapes with different colours, neither the background", async () => {
    const page = await session.newPage();
    const o = await open(page, sceneFile("layers.json", {
      layers: [{ id: "ground", name: "Ground" }, { id: "items", name: "Items" }],
      shapes: [box("a", 200, 200), box("b", 400, 200, { layer: "items" })],
    }), 2);
    const a = await settled(page, o.x + 200, o.y + 200), b = await settled(page, o.x + 400, o.y + 200);
    const background = await pixelAt(page, o.x + 600, o.y + 420);
    expect(distance(a, b)).toBeGreaterThan(60);
    expect(distance(a, background)).toBeGreaterThan(30);
    expect(distance(b, background)).toBeGreaterThan(30);
    expect(isWarning(a) || isWarning(b)).toBe(false);
    // The Layers panel shows each layer's colour in its swatch.
    const swatches = [await page.getByTestId("layer-colour-ground").inputValue(), await page.getByTestId("layer-colour-items").inputValue()];
    expect(swatches[0]).toMatch(/^#[0-9a-f]{6}$/);
    expect(swatches[0]).not.toBe(swatches[1]);
    expect(pageErrors(page)).toEqual([]);
  });

  it("a layer's colour changed in the Layers panel changes its shapes' fill, is saved, and undoes in one step", async () => {
    const page = await session.newPage();
    const o = await open(page, sceneFile("recolour.json", {
      layers: [{ id: "ground", name: "Ground" }, { id: "items", name: "Items" }],
      shapes: [box("a", 200, 200), box("b", 400, 200, { layer: "items" })],
    }), 2);
    const before = await settled(page, o.x + 400, o.y + 200);
    const swatch = page.getByTestId("layer-colour-items");
    const palette = await swatch.inputValue();
    await swatch.fill("#ff00ff");
    const magenta = await settled(page, o.x + 400, o.y + 200);
    expect(magenta[0] - magenta[1]).toBeGreaterThan(40);
    expect(magenta[2] - magenta[1]).toBeGreaterThan(40);
    expect(distance(magenta, before)).toBeGreaterThan(60);
    // The other layer's shape is untouched.
    expect(await pixelAt(page, o.x + 200, o.y + 200)).not.toEqual(magenta);
    // Saved in the file as the layer's "color".
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    const saved = JSON.parse(readFileSync((await (await download).path())!, "utf8")) as { layers: { id: string; color?: string }[] };
    expect(saved.layers.find((l) => l.id === "items")!.color).toBe("#ff00ff");
    // One undo step brings the palette colour back.
    await page.mouse.click(o.x + 600, o.y + 420);
    await page.keyboard.press("Control+z");
    await expect.poll(() => swatch.inputValue()).toBe(palette);
    expect(distance(await settled(page, o.x + 400, o.y + 200), before)).toBeLessThan(6);
    await page.keyboard.press("Control+Shift+z");
    await expect.poll(() => swatch.inputValue()).toBe("#ff00ff");
  });

  it("a locked layer shows its lock, its shapes are drawn muted and take no hover; an unlocked one's do", async () => {
    const page = await session.newPage();
    const o = await open(page, sceneFile("locked.json", {
      layers: [{ id: "ground", name: "Ground", color: "#3fb950" }, { id: "walls", name: "Walls", locked: true, color: "#3fb950" }],
      shapes: [box("a", 200, 200), box("w", 400, 200, { layer: "walls" })],
    }), 2);
    const row = page.getByTestId("layer-walls");
    expect(await row.getAttribute("class")).toContain("locked");
    expect(await page.getByTestId("layer-locked-walls").isVisible()).toBe(true);
    expect(await page.getByTestId("layer-locked-ground").count()).toBe(0);
    // Muted: the locked shape's fill is nearer the background than the same colour unlocked
    // (sampled between grid lines, every 25 units here).
    const background = await pixelAt(page, o.x + 612, o.y + 412);
    const open_ = await settled(page, o.x + 212, o.y + 212), locked = await settled(page, o.x + 412, o.y + 212);
    expect(distance(locked, background)).toBeLessThan(distance(open_, background) * 0.7);
    // Hover: the unlocked shape is outlined, the locked one is not.
    const edgeA = await settled(page, o.x + 160, o.y + 200), edgeW = await settled(page, o.x + 360, o.y + 200);
    await page.mouse.move(o.x + 200, o.y + 200);
    await expect.poll(() => hovered(page)).toBe("a");
    expect(distance(await settled(page, o.x + 160, o.y + 200), edgeA)).toBeGreaterThan(30);
    await page.mouse.move(o.x + 400, o.y + 200);
    await expect.poll(() => hovered(page)).toBe("");
    expect(distance(await settled(page, o.x + 360, o.y + 200), edgeW)).toBeLessThan(6);
    // Unlocked, it looks and hovers like any other.
    await page.getByRole("button", { name: "Unlock Walls" }).click();
    expect(await page.getByTestId("layer-locked-walls").count()).toBe(0);
    await page.mouse.move(o.x + 400, o.y + 190);
    await expect.poll(() => hovered(page)).toBe("w");
    expect(distance(await settled(page, o.x + 412, o.y + 212), open_)).toBeLessThan(6);
  });

  it("the selection is apart from the overlap warning in both themes, and a selected overlapping shape shows both", async () => {
    const page = await session.newPage();
    // a (240 to 320) and b (300 to 380) overlap from x = 300 to 320; a is selected, b is not.
    const o = await open(page, sceneFile("selection.json", { shapes: [box("a", 280, 300), box("b", 340, 300)] }), 2);
    await page.mouse.click(o.x + 260, o.y + 300);
    await expect.poll(() => page.getByTestId("inspector-what").textContent()).toBe("box a");
    for (const theme of ["dark", "light"] as const) {
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      const selectedEdge = await settled(page, o.x + 240, o.y + 320);
      const overlapEdge = await settled(page, o.x + 380, o.y + 320);
      expect(isSelection(selectedEdge), `${theme}: selection ${selectedEdge.join(",")}`).toBe(true);
      expect(isWarning(overlapEdge), `${theme}: overlap ${overlapEdge.join(",")}`).toBe(true);
      expect(distance(selectedEdge, overlapEdge)).toBeGreaterThan(150);
      // The selected shape overlaps too: its fill is the warning's, its outline the selection's.
      expect(isWarning(await pixelAt(page, o.x + 270, o.y + 300)), `${theme}: selected fill`).toBe(true);
      if (theme === "dark") await toggleTheme(page);
    }
  });

  it("an overlap that filtering ignores is listed with its reason and drawn faintly, not in the warning colour", async () => {
    const page = await session.newPage();
    const shapes = [
      box("player", 280, 300, { name: "Player", collisionLayer: 2, collisionMask: 2 }),
      // 300 to 340 across: it overlaps the player from 300 to 320.
      box("coin", 320, 300, { name: "Coin", width: 40, height: 40, collisionLayer: 4, collisionMask: 1 }),
    ];
    const o = await open(page, sceneFile("ignored.json", { collisionLayers: [{ bit: 3, name: "pickups" }], shapes }), 2);
    const panel = page.getByRole("group", { name: "Overlaps" });
    await expect.poll(() => panel.locator("summary").textContent()).toBe("Overlaps (0)");
    const ignored = panel.getByRole("region", { name: "Ignored by filtering" });
    await expect.poll(() => ignored.textContent()).toContain("Ignored by filtering (1)");
    expect(await ignored.textContent()).toContain("masks don't meet (Player's mask 2 lacks Coin's layer 3 (pickups); Coin's mask 1 lacks Player's layer 2)");
    await expect.poll(() => page.locator(".canvas").getAttribute("data-ignored-overlaps")).toBe("1");
    const region = await settled(page, o.x + 310, o.y + 300);
    expect(isWarning(region), `ignored region ${region.join(",")}`).toBe(false);
    expect(isWarning(await pixelAt(page, o.x + 310, o.y + 285))).toBe(false);
    // Not drawn while its layer is hidden (still listed: the shapes still export).
    await page.getByRole("button", { name: "Hide Layer 1" }).click();
    await expect.poll(() => page.locator(".canvas").getAttribute("data-ignored-overlaps")).toBe("0");
    expect(await ignored.count()).toBe(1);
    await page.getByRole("button", { name: "Show Layer 1" }).click();
    await expect.poll(() => page.locator(".canvas").getAttribute("data-ignored-overlaps")).toBe("1");
    // A row selects both shapes.
    await ignored.getByRole("button").click();
    await expect.poll(() => page.getByTestId("inspector-what").textContent()).toBe("2 boxes");
    // Once the coin scans the player's layer, the pair is a real overlap: warning colour, no longer ignored.
    await page.getByRole("checkbox", { name: "Mask bit 2" }).click();
    await expect.poll(() => panel.locator("summary").textContent()).toBe("Overlaps (1)");
    expect(await ignored.count()).toBe(0);
    expect(isWarning(await settled(page, o.x + 310, o.y + 300))).toBe(true);
    expect(pageErrors(page)).toEqual([]);
  });

  it("screenshots: two layers, a locked layer, a selection, an overlap and an ignored overlap, in both themes", async () => {
    mkdirSync(SHOTS, { recursive: true });
    const page = await session.newPage();
    const o = await open(page, sceneFile("level.json", {
      layers: [{ id: "ground", name: "Ground" }, { id: "props", name: "Props" }, { id: "walls", name: "Walls", locked: true }],
      collisionLayers: [{ bit: 1, name: "world" }, { bit: 2, name: "player" }, { bit: 3, name: "pickups" }],
      shapes: [
        { id: "floor", name: "Floor", type: "box", x: 420, y: 520, width: 640, height: 40 },
        { id: "slope", name: "Slope", type: "polygon", x: 640, y: 470, points: [[-80, 30], [80, 30], [80, -30]] },
        { id: "player", name: "Player", type: "capsule", layer: "props", x: 260, y: 470, radius: 20, height: 80, collisionLayer: 2, collisionMask: 1 },
        { id: "coin", name: "Coin", type: "circle", layer: "props", x: 284, y: 436, radius: 16, collisionLayer: 4, collisionMask: 0 },
        { id: "crate", name: "Crate", type: "box", layer: "props", x: 420, y: 485, width: 50, height: 50 },
        { id: "coin-2", name: "Coin 2", type: "circle", layer: "props", x: 520, y: 380, radius: 16, collisionLayer: 4, collisionMask: 0 },
        { id: "wall", name: "Wall", type: "box", layer: "walls", x: 130, y: 400, width: 40, height: 200 },
      ],
    }), 7);
    await page.mouse.click(o.x + 420, o.y + 470);
    await expect.poll(() => page.getByTestId("inspector-what").textContent()).toContain("crate");
    await page.mouse.move(o.x + 520, o.y + 380);
    await expect.poll(() => hovered(page)).toBe("coin-2");
    await settled(page, o.x + 420, o.y + 470);
    // The canvas, then the sidebar scrolled to the Overlaps panel, in each theme.
    const shoot = async (theme: string) => {
      await page.locator(".sidebar").evaluate((el) => (el.scrollTop = 0));
      await page.screenshot({ path: join(SHOTS, `colours-${theme}.png`) });
      await page.locator(".sidebar").evaluate((el) => (el.scrollTop = el.scrollHeight));
      await page.screenshot({ path: join(SHOTS, `colours-${theme}-overlaps.png`) });
    };
    await shoot("dark");
    await toggleTheme(page);
    await page.mouse.move(o.x + 520, o.y + 380);
    await settled(page, o.x + 420, o.y + 470);
    await shoot("light");
    expect(pageErrors(page)).toEqual([]);
  });
});
