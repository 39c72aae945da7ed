// Concave terrain, a one-way platform and a sensor coin, end to end in Chromium: the polygon tool
// keeps a dented outline concave and shows its pieces, the chain tool draws a platform whose normal
// arrow shows once it is one-sided, a circle on the player toggled to a sensor is a trigger and no
// overlap warning, and ray probes pass through the coin and the platform's back but stop on the
// terrain and the platform's front. World = page − (0, CANVAS_TOP).
import { resolve } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { convexPieces, isConvexOutline, type Point } from "../../core";
import { ARTIFACTS, CANVAS_TOP, editorSession, notice, pageErrors, placeAt, runCommand, savedShapes } from "./harness";

const session = editorSession();
const TOP = CANVAS_TOP;

/** Konva draws each layer on its own canvas, in this order. */
const SHAPES_LAYER = 1;
const HANDLES_LAYER = 5;

/** Clicks at world (x, y). */
const click = (page: Page, x: number, y: number) => page.mouse.click(x, y + TOP);

async function drag(page: Page, from: readonly [number, number], to: readonly [number, number]): Promise<void> {
  await page.mouse.move(from[0], from[1] + TOP);
  await page.mouse.down();
  await page.mouse.move(to[0], to[1] + TOP, { steps: 6 });
  await page.mouse.up();
}

/** The RGBA of a canvas layer at each world point (the canvas's own coordinates at the first view). */
async function pixels(page: Page, layer: number, points: readonly (readonly [number, number])[]): Promise<number[][]> {
  return page.evaluate(([index, pts]) => {
    const canvas = [...document.querySelectorAll<HTMLCanvasElement>(".canvas canvas")][index]!;
    const rect = canvas.getBoundingClientRect();
    const ratio = canvas.width / rect.width;
    const ctx = canvas.getContext("2d")!;
    return pts.map(([x, y]) => [...ctx.getImageData(Math.round(x * ratio), Math.round(y * ratio), 1, 1).data]);
  }, [layer, points] as const);
}

const drawn = async (page: Page, layer: number, points: readonly (readonly [number, number])[]) => (await pixels(page, layer, points)).some((p) => p[3]! > 60);

const shot = (page: Page, name: string) => page.screenshot({ path: resolve("/tmp", `e2e-concave-chains-${name}.png`) });

/** The terrain's outline in world units: a ledge, a pit, a ledge. */
const TERRAIN: readonly (readonly [number, number])[] = [[100, 400], [350, 400], [400, 460], [500, 460], [550, 400], [800, 400], [800, 500], [100, 500]];

describe("concave terrain, one-way platforms and sensors in Chromium", () => {
  it("draws them, shows pieces, arrows and dashes, lists the coin as a trigger, and probes through it", async () => {
    const page = await session.newPage();
    const result = (id: string) => page.getByTestId(`probe-result-${id}`).textContent();

    // The terrain by clicks, closed on its first point: it stays concave (8 points, not its hull).
    await page.keyboard.press("p");
    for (const [x, y] of TERRAIN) await click(page, x, y);
    await click(page, 101, 401);
    let [terrain] = await savedShapes(page);
    expect(terrain?.type).toBe("polygon");
    const points = terrain && "points" in terrain ? terrain.points : [];
    expect(points.map(([x, y]) => [x + terrain!.x, y + terrain!.y])).toEqual(TERRAIN);
    expect(isConvexOutline(points)).toBe(false);

    // Selected, its convex pieces show faintly: some diagonal of a piece (not an outline edge) is drawn.
    await page.keyboard.press("v");
    await click(page, 200, 450);
    await expect.poll(() => page.getByTestId("inspector-what").textContent()).toBe("polygon polygon-1");
    const pieces = convexPieces(points);
    expect(pieces.length).toBeGreaterThan(1);
    const key = ([x, y]: Point) => `${x},${y}`;
    const ring = points.map(key);
    const diagonals = pieces.flatMap((piece) => piece.flatMap((p, i) => {
      const q = piece[(i + 1) % piece.length]!;
      const gap = Math.abs(ring.indexOf(key(p)) - ring.indexOf(key(q)));
      return gap === 1 || gap === ring.length - 1 ? [] : [[p, q] as const];
    }));
    expect(diagonals.length).toBeGreaterThan(0);
    const [a, b] = diagonals[0]!;
    const along = Array.from({ length: 21 }, (_, i) => [terrain!.x + a[0] + ((b[0] - a[0]) * (i + 5)) / 30, terrain!.y + a[1] + ((b[1] - a[1]) * (i + 5)) / 30] as const);
    await shot(page, "terrain-selected");
    await expect.poll(() => drawn(page, HANDLES_LAYER, along)).toBe(true);

    // The one-way platform: two clicks left to right and Enter; its arrow shows once it is one-sided.
    await page.keyboard.press("l");
    await click(page, 300, 300);
    await click(page, 500, 300);
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByTestId("inspector-what").textContent()).toBe("chain chain-1");
    const above = [[400, 292], [400, 294]] as const, below = [[400, 306], [400, 308]] as const;
    expect(await drawn(page, SHAPES_LAYER, above)).toBe(false);
    await page.getByRole("checkbox", { name: "One-sided" }).check();
    await expect.poll(() => drawn(page, SHAPES_LAYER, above)).toBe(true);
    expect(await drawn(page, SHAPES_LAYER, below)).toBe(false);
    // A chain is never filled: just under its edge, nothing is drawn.
    expect(await drawn(page, SHAPES_LAYER, [[350, 306], [450, 306]])).toBe(false);
    await shot(page, "platform-one-sided");

    // The player, and a coin dropped on it: an overlap until the coin is a sensor, then a trigger.
    await placeAt(page, "Box", 650, 200 + TOP);
    await placeAt(page, "Circle", 690, 200 + TOP);
    await expect.poll(() => page.getByTestId("overlap-box-1-circle-1").count()).toBe(1);
    await page.getByRole("checkbox", { name: "Sensor" }).check();
    await expect.poll(() => page.getByTestId("overlap-box-1-circle-1").count()).toBe(0);
    await expect.poll(() => page.getByTestId("trigger-box-1-circle-1").count()).toBe(1);
    expect(await page.locator('details[aria-label^="Overlaps"]').textContent()).toContain("No shapes overlap.Triggers (1)");
    await shot(page, "coin-sensor");
    // The dock's Contacts list the coin's trigger apart; the Objects list marks it a sensor.
    await page.getByRole("tab", { name: /Contacts/ }).click();
    await expect.poll(() => page.getByTestId("trigger-box-1-circle-1").count()).toBe(2);
    await shot(page, "dock-contacts");
    await page.getByRole("tab", { name: /Objects/ }).click();
    await expect.poll(() => page.getByTestId("object-circle-1").textContent()).toContain("sensor");
    expect(await page.getByTestId("object-chain-1").textContent()).toContain("chain, one-sided");
    await shot(page, "dock-objects");
    // Unselected, the coin is drawn dashed in the sensors' lime.
    await page.keyboard.press("Escape");
    const rim = Array.from({ length: 48 }, (_, i) => [690 + 40 * Math.cos((i * Math.PI) / 24), 200 + 40 * Math.sin((i * Math.PI) / 24)] as const);
    await expect.poll(async () => (await pixels(page, SHAPES_LAYER, rim)).filter(([r, g, bl, al]) => al! > 150 && g! > 180 && r! > 120 && r! < 200 && bl! < 120).length).toBeGreaterThan(4);

    // A ray down through the coin (not the player) stops on the terrain, not on the sensor.
    await page.keyboard.press("r");
    await drag(page, [715, 100], [715, 480]);
    await expect.poll(() => result("ray-1")).toMatch(/^hits polygon-1 at 0\.789: point \(715\.0, 400\.0\), normal \(0\.00, -1\.00\)$/);
    // Unless the probe includes sensors.
    await page.getByRole("checkbox", { name: "Include sensors" }).check();
    await expect.poll(() => result("ray-1")).toMatch(/^hits circle-1 /);
    await shot(page, "probe-include-sensors");
    await page.getByRole("checkbox", { name: "Include sensors" }).uncheck();
    await expect.poll(() => result("ray-1")).toMatch(/^hits polygon-1 /);

    // The one-way platform blocks a ray from above and lets one from below through.
    await page.keyboard.press("r");
    await drag(page, [400, 250], [400, 380]);
    await expect.poll(() => result("ray-2")).toMatch(/^hits chain-1 at 0\.385: point \(400\.0, 300\.0\), normal \(0\.00, -1\.00\)$/);
    await page.keyboard.press("r");
    await drag(page, [420, 380], [420, 250]);
    await expect.poll(() => result("ray-3")).toBe("no hit");
    await page.getByRole("tab", { name: /Probes/ }).click();
    await shot(page, "probes");

    // Everything saved as drawn: the coin a sensor, the platform one-sided and open.
    const shapes = await savedShapes(page);
    expect(shapes.find((s) => s.id === "circle-1")).toMatchObject({ sensor: true });
    expect(shapes.find((s) => s.id === "chain-1")).toMatchObject({ type: "chain", oneSided: true, points: [[-100, 0], [100, 0]] });
    expect(shapes.find((s) => s.id === "chain-1")).not.toHaveProperty("closed");
    [terrain] = shapes;
    expect(terrain && "points" in terrain ? terrain.points.length : 0).toBe(8);

    // The light theme: the same scene, sensors in their light colour.
    await runCommand(page, "Toggle light/dark theme");
    await page.keyboard.press("v");
    await click(page, 680, 230);
    await expect.poll(() => page.getByTestId("inspector-what").textContent()).toBe("circle circle-1");
    await shot(page, "light");
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });
});

/** A ring of `n` points, edges about `edge` long, centred on the origin. */
const ring = (n: number, edge: number): Point[] => {
  const r = edge / (2 * Math.sin(Math.PI / n));
  return Array.from({ length: n }, (_, i): Point => [Math.round(r * Math.cos((2 * Math.PI * i) / n)), Math.round(r * Math.sin((2 * Math.PI * i) / n))]);
};

async function openScene(page: Page, shapes: readonly object[]): Promise<void> {
  const text = JSON.stringify({ format: "collider-studio-scene", version: 1, layers: [{ id: "terrain", name: "Terrain" }], shapes });
  await page.setInputFiles("#open-scene-input", { name: "terrain.json", mimeType: "application/json", buffer: Buffer.from(text) });
  await expect.poll(() => notice(page)).toBe("Opened terrain.json");
}

/** Types a zoom into the status bar's zoom field. */
async function zoomTo(page: Page, percent: string): Promise<void> {
  await page.getByTestId("zoom").click();
  await page.getByRole("textbox", { name: "Zoom percentage" }).fill(percent);
  await page.keyboard.press("Enter");
  await expect.poll(() => page.getByTestId("zoom").textContent()).toBe(`${percent}%`);
}

/** The page point of world point (x, y) under the current view (the stage's own transform). */
const pageOf = (page: Page, x: number, y: number) =>
  page.evaluate(([wx, wy, top]) => {
    const stage = (window as unknown as { Konva: { stages: { x: () => number; y: () => number; scaleX: () => number }[] } }).Konva.stages[0]!;
    return [stage.x() + wx! * stage.scaleX(), stage.y() + wy! * stage.scaleX() + top!] as [number, number];
  }, [x, y, TOP] as const);

describe("drawing and editing concave terrain outlines (a designer's review)", () => {
  it("a press exactly on a vertex moves it at 12.5 %, where its edges are a few pixels long, and adds no point", async () => {
    const page = await session.newPage();
    const points = ring(44, 50);
    await openScene(page, [{ id: "terrain", type: "polygon", x: 500, y: 300, points, layer: "terrain" }]);
    await zoomTo(page, "12.5");
    await page.keyboard.press("v");
    await page.mouse.click(...(await pageOf(page, 500, 300)));
    await expect.poll(() => page.getByTestId("selection-count").textContent()).toBe("1 selected");
    const [vx, vy] = await pageOf(page, 500 + points[0]![0], 300 + points[0]![1]);
    await page.mouse.move(vx, vy);
    await page.screenshot({ path: resolve(ARTIFACTS, "e2e-terrain-low-zoom.png") });
    await page.mouse.down();
    await page.mouse.move(vx + 10, vy + 10, { steps: 5 });
    await page.mouse.up();
    const [poly] = await savedShapes(page);
    expect(poly?.type === "polygon" ? poly.points.length : 0).toBe(44);
    // 10 px at 12.5 % is 80 units (give or take the pixel the press was rounded to).
    const moved = poly?.type === "polygon" ? poly.points[0]! : [0, 0];
    expect(Math.abs(moved[0] - points[0]![0] - 80)).toBeLessThanOrEqual(8);
    expect(Math.abs(moved[1] - points[0]![1] - 80)).toBeLessThanOrEqual(8);
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it("a right-click ends the outline as in Tiled (no menu); Escape names what it discards and Ctrl+Z brings it back", async () => {
    const page = await session.newPage();
    const menu = page.getByRole("menu", { name: "Canvas" });
    await placeAt(page, "Box", 700, 400);
    await page.keyboard.press("p");
    for (const [x, y] of [[100, 100], [300, 100], [300, 300], [200, 200], [100, 300]] as const) await click(page, x, y);
    // On the box: before, the menu opened and the box was selected.
    await page.mouse.click(700, 400 + TOP, { button: "right" });
    expect(await menu.count()).toBe(0);
    let shapes = await savedShapes(page);
    expect(shapes.map((s) => s.type)).toEqual(["box", "polygon"]);
    expect(shapes[1]?.type === "polygon" ? shapes[1].points.length : 0).toBe(5);

    for (const [x, y] of [[100, 380], [300, 380], [300, 520], [200, 450]] as const) await click(page, x, y);
    await page.keyboard.press("Escape");
    expect(await notice(page)).toBe("Discarded the outline (4 points) · Ctrl+Z brings it back");
    await page.keyboard.press("Control+z");
    expect(await notice(page)).toBe("Brought back the outline (4 points)");
    await page.mouse.move(150, 500 + TOP);
    await page.screenshot({ path: resolve(ARTIFACTS, "e2e-terrain-outline-back.png") });
    await page.mouse.click(150, 500 + TOP, { button: "right" });
    shapes = await savedShapes(page);
    expect(shapes.map((s) => s.type)).toEqual(["box", "polygon", "polygon"]);
    expect(shapes[2]?.type === "polygon" ? shapes[2].points.length : 0).toBe(4);
    // A zigzag whose closing edge crosses edge 1: refused, short enough to read whole, the two edges in red.
    for (const [x, y] of [[400, 100], [500, 100], [400, 200], [500, 200]] as const) await click(page, x, y);
    await page.keyboard.press("Enter");
    expect(await notice(page)).toBe("Cannot make the polygon: edges 1 and 3 would cross (in red)");
    expect(await page.getByTestId("notice").evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await page.screenshot({ path: resolve(ARTIFACTS, "e2e-terrain-close-refused.png") });
    await page.keyboard.press("Escape");
    // At rest the right-click is the canvas's menu again.
    await page.mouse.click(700, 400 + TOP, { button: "right" });
    await expect.poll(() => menu.count()).toBe(1);
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });
});
