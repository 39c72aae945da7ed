// Pointer and drag feedback in Chromium (issue 23): the canvas's cursor says what a press would do
// (move a shape, resize along each handle's direction as the shape is turned, rotate by the knob,
// draw, pan) and keeps the gesture's cursor while dragging; a readout beside the pointer gives the
// size or angle while a handle is dragged; Shift's rotation steps are named and ticked.
// World = page − (0, 38); a click of the Box tool makes an 80 × 80 box centred there.
import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { editorSession, pageErrors, placeAt } from "./harness";

const session = editorSession();
const SHOTS = "/tmp/shots";

/** The cursor set on the canvas's container (every layer's canvas inherits it). */
const cursor = (page: Page) => page.evaluate(() => getComputedStyle(document.querySelector(".canvas")!).cursor);

/** Konva redraws (its hit graph too) on the next animation frame after a change. */
const drawn = (page: Page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/** The cursor once the pointer moves to (x, y) over the canvas as last drawn. */
async function cursorAt(page: Page, x: number, y: number): Promise<string> {
  await drawn(page);
  await page.mouse.move(x, y);
  return cursor(page);
}

/** The readout's text, or null when none shows. */
async function readout(page: Page): Promise<string | null> {
  const el = page.getByTestId("drag-readout");
  return (await el.count()) > 0 ? el.textContent() : null;
}

/** How many tick marks of Shift's rotation steps the handles layer draws. */
const ticks = (page: Page) =>
  page.evaluate(() => (window as unknown as { Konva: { stages: { find: (selector: string) => unknown[] }[] } }).Konva.stages[0]!.find(".rotation-tick").length);

const SIDES = { n: [0, -1], ne: [1, -1], e: [1, 0], se: [1, 1], s: [0, 1], sw: [-1, 1], w: [-1, 0], nw: [-1, -1] } as const;
type Side = keyof typeof SIDES;

/** Each handle's cursor on an unturned box, and on the box turned 90° clockwise. */
const UPRIGHT: Record<Side, string> = { n: "ns-resize", s: "ns-resize", e: "ew-resize", w: "ew-resize", ne: "nesw-resize", sw: "nesw-resize", nw: "nwse-resize", se: "nwse-resize" };
const TURNED: Record<Side, string> = { n: "ew-resize", s: "ew-resize", e: "ns-resize", w: "ns-resize", ne: "nwse-resize", sw: "nwse-resize", nw: "nesw-resize", se: "nesw-resize" };

/** Page position of a handle of a square box centred at (cx, cy) with half side `half`, turned `deg` clockwise. */
function handleAt(cx: number, cy: number, half: number, deg: number, side: Side): [number, number] {
  const [sx, sy] = SIDES[side];
  const a = (deg * Math.PI) / 180;
  const [lx, ly] = [sx * half, sy * half];
  return [Math.round(cx + Math.cos(a) * lx - Math.sin(a) * ly), Math.round(cy + Math.sin(a) * lx + Math.cos(a) * ly)];
}

const ROTATE_CURSOR = /^url\("data:image\/svg\+xml,.+"\) 12 12, grab$/;

describe("pointer feedback in Chromium", () => {
  it("the cursor shows move over a shape and each handle's direction, turned with the box, and the rotate arrow on the knob", async () => {
    const page = await session.newPage();
    await placeAt(page, "Box", 300, 300);
    await page.getByRole("button", { name: "Select", exact: true }).click();
    expect(await cursorAt(page, 700, 500)).toBe("default");
    expect(await cursorAt(page, 300, 300)).toBe("move");
    for (const side of Object.keys(SIDES) as Side[]) {
      expect([side, await cursorAt(page, ...handleAt(300, 300, 40, 0, side))]).toEqual([side, UPRIGHT[side]]);
    }
    // The knob hangs 28 px above the top edge.
    expect(await cursorAt(page, 300, 232)).toMatch(ROTATE_CURSOR);

    // Turned 90° by the knob: the north handle now sits east and drags sideways.
    await page.mouse.down();
    await page.mouse.move(420, 300, { steps: 6 });
    await page.mouse.up();
    await expect.poll(() => page.getByLabel("Rotation (°)", { exact: true }).inputValue()).toBe("90");
    for (const side of Object.keys(SIDES) as Side[]) {
      expect([side, await cursorAt(page, ...handleAt(300, 300, 40, 90, side))]).toEqual([side, TURNED[side]]);
    }
    expect(await cursorAt(page, 368, 300)).toMatch(ROTATE_CURSOR);
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it("a circle's radius and a capsule's radius and ends show resize arrows; a shape of a locked layer shows none", async () => {
    const page = await session.newPage();
    await placeAt(page, "Circle", 300, 300); // radius 40
    await placeAt(page, "Capsule", 600, 300); // radius 20, height 90
    await page.getByRole("button", { name: "Select", exact: true }).click();
    expect(await cursorAt(page, 620, 300)).toBe("ew-resize");
    expect(await cursorAt(page, 600, 255)).toBe("ns-resize");
    expect(await cursorAt(page, 600, 345)).toBe("ns-resize");
    await page.mouse.click(300, 300);
    expect(await cursorAt(page, 340, 300)).toBe("ew-resize");
    expect(await cursorAt(page, 310, 310)).toBe("move");

    await page.getByRole("button", { name: "Lock Layer 1" }).click();
    expect(await cursorAt(page, 300, 300)).toBe("default");
    expect(await cursorAt(page, 340, 300)).toBe("default");
    expect(await cursorAt(page, 600, 300)).toBe("default");
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it("a drag keeps its gesture's cursor wherever the pointer goes, and the hover's comes back on release", async () => {
    const page = await session.newPage();
    await placeAt(page, "Box", 300, 300);
    await page.getByRole("button", { name: "Select", exact: true }).click();
    await page.mouse.move(340, 300); // the east handle
    await page.mouse.down();
    await page.mouse.move(600, 550, { steps: 6 }); // far off the handle, over empty canvas
    expect(await cursor(page)).toBe("ew-resize");
    await page.mouse.up();
    expect(await cursorAt(page, 601, 551)).toBe("default");

    await page.mouse.move(300, 300);
    await page.mouse.down();
    await page.mouse.move(700, 600, { steps: 6 });
    expect(await cursor(page)).toBe("move");
    await page.mouse.up();
    expect(await cursor(page)).toBe("move"); // the box came along under the pointer
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it("drawing tools show a crosshair; the pan tool and Space show a hand, closed while dragging", async () => {
    const page = await session.newPage();
    await placeAt(page, "Box", 300, 300);
    for (const tool of ["Box", "Circle", "Capsule", "Polygon", "Ray", "Sweep"]) {
      await page.getByRole("button", { name: tool, exact: true }).click();
      expect([tool, await cursorAt(page, 600, 400)]).toEqual([tool, "crosshair"]);
      expect([tool, await cursorAt(page, 300, 300)]).toEqual([tool, "crosshair"]); // over a shape too
    }
    await page.getByRole("button", { name: "Pan", exact: true }).click();
    expect(await cursorAt(page, 600, 400)).toBe("grab");
    await page.mouse.down();
    await page.mouse.move(620, 420, { steps: 3 });
    expect(await cursor(page)).toBe("grabbing");
    await page.mouse.up();
    expect(await cursor(page)).toBe("grab");

    await page.getByRole("button", { name: "Select", exact: true }).click();
    expect(await cursorAt(page, 700, 500)).toBe("default");
    await page.keyboard.down("Space");
    await expect.poll(() => cursor(page)).toBe("grab");
    await page.mouse.down();
    await page.mouse.move(720, 520, { steps: 3 });
    expect(await cursor(page)).toBe("grabbing");
    await page.mouse.up();
    await page.keyboard.up("Space");
    await expect.poll(() => cursor(page)).toBe("default");
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it("a readout beside the pointer gives the size while resizing, off the handle, and goes on release and on Escape", async () => {
    mkdirSync(SHOTS, { recursive: true });
    const page = await session.newPage();
    await placeAt(page, "Box", 300, 300);
    await page.getByRole("button", { name: "Select", exact: true }).click();
    expect(await readout(page)).toBeNull();
    await page.mouse.move(340, 340); // the south-east corner
    await page.mouse.down();
    await page.mouse.move(380, 360, { steps: 4 });
    expect(await readout(page)).toBe("120 × 100");
    // Down and right of the pointer (away from the box's centre), clear of the handle under it.
    const box = (await page.getByTestId("drag-readout").boundingBox())!;
    expect(box.x).toBeGreaterThan(380 + 8);
    expect(box.y).toBeGreaterThan(360 + 8);
    await page.screenshot({ path: `${SHOTS}/pointer-resize-dark.png` });
    await page.mouse.up();
    expect(await readout(page)).toBeNull();

    // The north-west corner drags up and left: the readout sits up and left of the pointer.
    await page.mouse.move(260, 260);
    await page.mouse.down();
    await page.mouse.move(241, 251, { steps: 4 });
    expect(await readout(page)).toBe("139 × 109");
    const nw = (await page.getByTestId("drag-readout").boundingBox())!;
    expect(nw.x + nw.width).toBeLessThan(241 - 8);
    expect(nw.y + nw.height).toBeLessThan(251 - 8);
    await page.keyboard.press("Escape"); // abandons the resize, and selects nothing
    expect(await readout(page)).toBeNull();
    await page.mouse.up();
    await page.mouse.click(300, 300);
    expect(await page.getByLabel("Width", { exact: true }).inputValue()).toBe("120");

    await page.getByRole("button", { name: "Toggle light/dark theme" }).click();
    await page.mouse.move(380, 360);
    await page.mouse.down();
    await page.mouse.move(400, 380, { steps: 4 });
    expect(await readout(page)).toBe("140 × 120");
    await page.screenshot({ path: `${SHOTS}/pointer-resize-light.png` });
    await page.mouse.up();

    await placeAt(page, "Circle", 550, 300); // radius 40
    await placeAt(page, "Capsule", 800, 300); // radius 20, height 90
    await page.getByRole("button", { name: "Select", exact: true }).click();
    await page.mouse.move(820, 300);
    await page.mouse.down();
    await page.mouse.move(830, 300, { steps: 3 });
    expect(await readout(page)).toBe("r 30 · h 90");
    await page.mouse.up();
    await page.mouse.move(800, 255);
    await page.mouse.down();
    await page.mouse.move(800, 245, { steps: 3 });
    expect(await readout(page)).toBe("r 30 · h 100");
    await page.mouse.up();
    await page.mouse.click(550, 300);
    await page.mouse.move(590, 300);
    await page.mouse.down();
    await page.mouse.move(610, 300, { steps: 3 });
    expect(await readout(page)).toBe("r 60");
    await page.mouse.up();
    expect(await readout(page)).toBeNull();
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it("rotating shows the angle; Shift names its steps and ticks them around the centre at once; release and Escape clear them", async () => {
    mkdirSync(SHOTS, { recursive: true });
    const page = await session.newPage();
    await placeAt(page, "Box", 400, 400);
    await page.getByRole("button", { name: "Select", exact: true }).click();
    await page.mouse.move(400, 332); // the knob
    await page.mouse.down();
    await page.mouse.move(520, 400, { steps: 6 });
    expect(await readout(page)).toBe("90°");
    expect(await ticks(page)).toBe(0);

    // Pressed without a move: the steps show at once.
    await page.keyboard.down("Shift");
    await expect.poll(() => readout(page)).toBe("90° (15° steps)");
    expect(await ticks(page)).toBe(24);
    const a = (44 * Math.PI) / 180;
    await page.mouse.move(400 + 100 * Math.sin(a), 400 - 100 * Math.cos(a), { steps: 6 });
    expect(await readout(page)).toBe("45° (15° steps)");
    await page.screenshot({ path: `${SHOTS}/pointer-rotate-shift-dark.png` });
    await page.getByRole("button", { name: "Toggle light/dark theme" }).evaluate((b: HTMLButtonElement) => b.click());
    await page.screenshot({ path: `${SHOTS}/pointer-rotate-shift-light.png` });

    await page.keyboard.up("Shift");
    await expect.poll(() => readout(page)).toMatch(/^4[34](\.\d{1,2})?°$/);
    expect(await ticks(page)).toBe(0);
    await page.keyboard.down("Shift");
    await expect.poll(() => ticks(page)).toBe(24);
    await page.mouse.up();
    expect(await readout(page)).toBeNull();
    expect(await ticks(page)).toBe(0);
    await page.keyboard.up("Shift");
    expect(await page.getByLabel("Rotation (°)", { exact: true }).inputValue()).toBe("45");

    // Escape abandons a turn: the readout goes and the box is as it was.
    const knob = [400 + 68 * Math.SQRT1_2, 400 - 68 * Math.SQRT1_2] as const;
    expect(await cursorAt(page, ...knob)).toMatch(ROTATE_CURSOR);
    await page.mouse.down();
    await page.mouse.move(300, 400, { steps: 6 });
    expect(await readout(page)).toBe("-90°") // one range everywhere: (−180, 180];
    await page.keyboard.press("Escape"); // abandons the turn, and selects nothing
    expect(await readout(page)).toBeNull();
    await page.mouse.up();
    await page.mouse.click(400, 400);
    expect(await page.getByLabel("Rotation (°)", { exact: true }).inputValue()).toBe("45");
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });
});
