// Clean numbers in Chromium (issue 23): a polygon drawn on the grid has grid numbers, number fields
// show 4 decimals and take arithmetic without losing precision, and rotations stay in (−180, 180]
// whether typed, dragged or read from a file.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { editorSession, pageErrors, placeAt, savedShapes } from "./harness";

const session = editorSession();

/** What an Inspector field shows. */
const shown = (page: Page, testId: string) => page.getByTestId(testId).inputValue();

async function typeInto(page: Page, testId: string, text: string): Promise<void> {
  const input = page.getByTestId(testId);
  await input.fill(text);
  await input.press("Enter");
}

/** Opens a scene file holding `shapes` in a new editor page and selects them all. */
async function pageWith(shapes: readonly object[]): Promise<Page> {
  const page = await session.newPage();
  const text = JSON.stringify({ format: "collider-studio-scene", version: 1, shapes });
  await page.setInputFiles("#open-scene-input", { name: "numbers.json", mimeType: "application/json", buffer: Buffer.from(text) });
  await expect.poll(() => page.getByTestId("shape-count").textContent()).toMatch(new RegExp(`^${shapes.length} shape`));
  await page.mouse.click(...(await pageAt(page, 5, 5)));
  await page.keyboard.press("Control+a");
  await expect.poll(() => page.getByTestId("inspector-what").textContent()).toMatch(/^\w+ \w+$/);
  return page;
}

/** The page point of world point (x, y) at 100 %, the view's origin at the canvas's top-left corner. */
async function pageAt(page: Page, x: number, y: number): Promise<[number, number]> {
  const canvas = (await page.locator(".canvas").boundingBox())!;
  return [canvas.x + x, canvas.y + y];
}

describe("clean numbers in Chromium", () => {
  it("a polygon drawn on the grid shows grid numbers in the Inspector, for its position and every point", async () => {
    const page = await session.newPage();
    await page.keyboard.press("Shift+s"); // snap on: 25-unit cells
    await page.keyboard.press("p");
    // Near (400, 400), (500, 400), (475, 475): the centroid would be (458.33…, 425), the bounding
    // box's centre (450, 437.5), on the grid (450, 450).
    for (const [x, y] of [[403, 398], [498, 404], [477, 472]] as const) await page.mouse.click(...(await pageAt(page, x, y)));
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByTestId("inspector-what").textContent()).toBe("polygon polygon-1");
    expect([await shown(page, "inspector-x"), await shown(page, "inspector-y")]).toEqual(["450", "450"]);
    const inspector = page.getByRole("group", { name: "Inspector" });
    const points: string[] = [];
    for (let i = 0; i < 3; i++) for (const axis of ["x", "y"]) points.push(await inspector.getByLabel(`Point ${i} ${axis}`, { exact: true }).inputValue());
    expect(points).toEqual(["-50", "-50", "50", "-50", "25", "25"]);
    const [polygon] = await savedShapes(page);
    expect(polygon).toMatchObject({ x: 450, y: 450, points: [[-50, -50], [50, -50], [25, 25]] });
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it("a polygon drawn after zooming out and back (wheel, mid-draw) has points of at most a tenth's decimals, not 49.99999999999994", async () => {
    const page = await session.newPage();
    await page.keyboard.press("p");
    await page.mouse.click(...(await pageAt(page, 400, 300)));
    await page.mouse.move(...(await pageAt(page, 437, 311)));
    for (const dy of [120, 120, 120, -120, -120, -120]) {
      await page.mouse.wheel(0, dy);
      await page.waitForTimeout(30);
    }
    for (const [x, y] of [[520, 310], [480, 420]] as const) await page.mouse.click(...(await pageAt(page, x, y)));
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByTestId("shape-count").textContent()).toBe("1 shape");
    const [polygon] = await savedShapes(page);
    if (polygon?.type !== "polygon") throw new Error("expected the polygon");
    const numbers = [polygon.x, polygon.y, ...polygon.points.flat()];
    for (const n of numbers) expect(n).toBe(Number(n.toFixed(1)));
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it("number fields take arithmetic: 100+25 and =64*2; a bad expression says so and changes nothing", async () => {
    const page = await session.newPage();
    await placeAt(page, "Box", 400, 300);
    await typeInto(page, "inspector-x", "100+25");
    await expect.poll(() => shown(page, "inspector-x")).toBe("125");
    await typeInto(page, "inspector-y", "=64*2");
    await expect.poll(() => shown(page, "inspector-y")).toBe("128");
    await typeInto(page, "inspector-width", "(10+2)/4*-3*-10");
    await expect.poll(() => shown(page, "inspector-width")).toBe("90");
    let [box] = await savedShapes(page);
    expect(box).toMatchObject({ x: 125, y: 128, width: 90 });

    await typeInto(page, "inspector-x", "10+*2");
    const alert = page.getByRole("group", { name: "Inspector" }).getByRole("alert");
    await expect.poll(() => alert.textContent()).toBe("not a number or sum: 10+*2");
    expect(await shown(page, "inspector-x")).toBe("10+*2"); // left for fixing
    [box] = await savedShapes(page);
    expect(box).toMatchObject({ x: 125, y: 128, width: 90 });
    await page.getByTestId("inspector-x").press("Escape");
    expect(await shown(page, "inspector-x")).toBe("125");
    expect(await alert.count()).toBe(0);
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it("4 decimals shown, every digit kept: a field left unedited does not round the stored value", async () => {
    const page = await pageWith([{ id: "tri", type: "polygon", x: 466.666666667, y: 433.333333333, points: [[-66.666666667, -33.333333333], [33.333333333, -33.333333333], [33.333333333, 66.666666667]] }]);
    await expect.poll(() => shown(page, "inspector-x")).toBe("466.6667");
    expect(await shown(page, "inspector-y")).toBe("433.3333");
    expect(await page.getByRole("group", { name: "Inspector" }).getByLabel("Point 0 x", { exact: true }).inputValue()).toBe("-66.6667");
    // Into the field and out again, and Enter in the next one: no edit.
    await page.getByTestId("inspector-x").click();
    await page.getByTestId("inspector-y").click();
    await page.getByTestId("inspector-y").press("Enter");
    await page.getByTestId("inspector-rotation").click();
    const [tri] = await savedShapes(page);
    expect(tri).toMatchObject({ x: 466.666666667, y: 433.333333333 });
    expect(tri?.type === "polygon" && tri.points[0]).toEqual([-66.666666667, -33.333333333]);
    await page.close();
  });

  it("rotations are in (−180, 180]: typed 270 shows −90, a file's 270 reads −90", async () => {
    const page = await session.newPage();
    await placeAt(page, "Box", 400, 300);
    await typeInto(page, "inspector-rotation", "270");
    await expect.poll(() => shown(page, "inspector-rotation")).toBe("-90");
    await typeInto(page, "inspector-rotation", "-180");
    await expect.poll(() => shown(page, "inspector-rotation")).toBe("180");
    await typeInto(page, "inspector-rotation", "90+360");
    await expect.poll(() => shown(page, "inspector-rotation")).toBe("90");
    expect((await savedShapes(page))[0]).toMatchObject({ rotation: 90 });
    await page.close();

    const opened = await pageWith([{ id: "b", type: "box", x: 400, y: 300, rotation: 270, width: 80, height: 40 }]);
    await expect.poll(() => shown(opened, "inspector-rotation")).toBe("-90");
    expect((await savedShapes(opened))[0]).toMatchObject({ rotation: -90 });
    await opened.close();
  });

  it("dragging the rotate knob past 180° goes on from −180°, never above 180", async () => {
    const page = await session.newPage();
    const [cx, cy] = await pageAt(page, 400, 300);
    await placeAt(page, "Box", cx, cy); // 80 × 80, the knob 28 px above its top edge
    await page.getByRole("button", { name: "Select", exact: true }).click();
    await page.mouse.move(cx, cy - 40 - 28);
    await page.mouse.down();
    // Clockwise round by the right, through the bottom, to down-left of the centre (225° = −135°).
    const seen: number[] = [];
    for (const deg of [45, 90, 135, 170, 190, 225]) {
      const a = (deg * Math.PI) / 180;
      await page.mouse.move(cx + 100 * Math.sin(a), cy - 100 * Math.cos(a), { steps: 3 });
      seen.push(Number(await shown(page, "inspector-rotation")));
    }
    await page.mouse.up();
    for (const r of seen) {
      expect(r).toBeGreaterThan(-180);
      expect(r).toBeLessThanOrEqual(180);
    }
    expect(seen.slice(0, 4).map(Math.round)).toEqual([45, 90, 135, 170]);
    expect(seen.slice(4).map(Math.round)).toEqual([-170, -135]);
    const [box] = await savedShapes(page);
    expect(box!.rotation).toBeCloseTo(-135, 0); // the pointer moves by whole pixels
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });
});
