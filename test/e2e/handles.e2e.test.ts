// Transform handles, polygon drawing and vertex editing, and the marquee in real Chromium: every
// gesture goes through Konva's hit testing of the handles layer. World = page − (0, CANVAS_TOP).
import { resolve } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { Shape } from "../../core";
import { ARTIFACTS, CANVAS_TOP, editorSession, pageErrors, placeAt, savedShapes } from "./harness";

const session = editorSession();
const TOP = CANVAS_TOP;

async function drag(page: Page, from: readonly [number, number], to: readonly [number, number], steps = 6) {
  await page.mouse.move(...from);
  await page.mouse.down();
  await page.mouse.move(...to, { steps });
  await page.mouse.up();
}

const pointsOf = (s: Shape | undefined) => (s?.type === "polygon" ? s.points : undefined);

const status = (page: Page, id: string) => page.getByTestId(id).textContent();

describe("handles in Chromium", () => {
  it("resizes a box from a corner, rotates it with Shift snapping, and undoes each as one step", async () => {
    const page = await session.newPage();
    await placeAt(page, "Box", 300, 300); // an 80 × 80 box centred on page (300, 300)
    await page.getByRole("button", { name: "Select", exact: true }).click();
    await page.screenshot({ path: resolve(ARTIFACTS, "e2e-handles-box.png") });

    // The south-east corner handle at (340, 340): the north-west corner (260, 260) stays.
    await drag(page, [340, 340], [380, 360]);
    let [box] = await savedShapes(page);
    expect(box).toMatchObject({ type: "box", width: 120, height: 100, x: 320, y: 310 - TOP, rotation: 0 });

    // The rotate knob hangs 28 px above the top edge; with Shift a 44° pull snaps to 45°.
    const knob = [320, 260 - 28] as const;
    const a = (44 * Math.PI) / 180;
    await page.mouse.move(...knob);
    await page.mouse.down();
    await page.keyboard.down("Shift");
    await page.mouse.move(320 + 100 * Math.sin(a), 310 - 100 * Math.cos(a), { steps: 6 });
    await page.screenshot({ path: resolve(ARTIFACTS, "e2e-handles-rotating.png") });
    await page.mouse.up();
    await page.keyboard.up("Shift");
    [box] = await savedShapes(page);
    expect(box).toMatchObject({ rotation: 45, width: 120, height: 100 });

    await page.keyboard.press("Control+z");
    [box] = await savedShapes(page);
    expect(box).toMatchObject({ rotation: 0, width: 120 });
    await page.keyboard.press("Control+z");
    [box] = await savedShapes(page);
    expect(box).toMatchObject({ width: 80, height: 80, x: 300, y: 300 - TOP });
    await page.keyboard.press("Control+y");
    [box] = await savedShapes(page);
    expect(box).toMatchObject({ width: 120, height: 100 });
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it("draws a polygon by clicks, drags a vertex, adds one at an edge's midpoint, undoes and redoes", async () => {
    const page = await session.newPage();
    await page.keyboard.press("p");
    for (const [x, y] of [[600, 200], [700, 200], [700, 300], [600, 300]] as const) await page.mouse.click(x, y);
    await page.mouse.move(620, 230);
    await page.screenshot({ path: resolve(ARTIFACTS, "e2e-polygon-drawing.png") });
    await page.mouse.click(601, 201); // on the first point: close
    let [poly] = await savedShapes(page);
    expect(poly).toMatchObject({ type: "polygon", x: 650, y: 250 - TOP, points: [[-50, -50], [50, -50], [50, 50], [-50, 50]] });

    await page.keyboard.press("v");
    await drag(page, [700, 300], [720, 320]); // vertex 2
    await drag(page, [650, 200], [650, 180]); // the top edge's midpoint, pulled out
    await page.screenshot({ path: resolve(ARTIFACTS, "e2e-polygon-edited.png") });
    [poly] = await savedShapes(page);
    expect(poly).toMatchObject({ points: [[-50, -50], [0, -70], [50, -50], [70, 70], [-50, 50]] });

    // A move that makes the outline cross itself is refused (in one jump, so no valid step on the
    // way) and the notice says why.
    await drag(page, [650, 180], [650, 330], 1);
    await expect.poll(() => status(page, "notice")).toMatch(/^Stopped \(hold Shift for the convex hull\): edges 0 and 3 would cross/);
    // The status line shows it whole (nothing cut); the tooltip has the full reason.
    expect(await page.getByTestId("notice").evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    if (process.env.EDITOR_SHOTS) await page.screenshot({ path: `${process.env.EDITOR_SHOTS}/crossing-drag-notice.png` });
    expect(await page.getByTestId("notice").getAttribute("title")).toMatch(/^Stopped at the last valid position \(hold Shift for the convex hull\): edges 0 and 3 cross or touch \(edge 0 runs/);
    [poly] = await savedShapes(page);
    expect(pointsOf(poly)?.[1]).toEqual([0, -70]);

    await page.keyboard.press("Control+z");
    [poly] = await savedShapes(page);
    expect(pointsOf(poly)).toEqual([[-50, -50], [50, -50], [70, 70], [-50, 50]]);
    await page.keyboard.press("Control+Shift+z");
    [poly] = await savedShapes(page);
    expect(pointsOf(poly)).toHaveLength(5);
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it("stretches a capsule from its bottom handle, its top staying put", async () => {
    const page = await session.newPage();
    await placeAt(page, "Capsule", 400, 400); // radius 20, height 90: ends at page y 355 and 445
    await page.keyboard.press("v");
    await drag(page, [400, 445], [400, 485]);
    await page.screenshot({ path: resolve(ARTIFACTS, "e2e-handles-capsule.png") });
    const [capsule] = await savedShapes(page);
    expect(capsule).toMatchObject({ type: "capsule", radius: 20, height: 130, x: 400, y: 420 - TOP });
    await page.close();
  });

  it("selects with a marquee on empty canvas, and Shift adds", async () => {
    const page = await session.newPage();
    await placeAt(page, "Circle", 300, 300);
    await page.mouse.click(500, 300);
    await page.mouse.click(700, 300);
    await page.keyboard.press("v");
    await page.mouse.click(900, 600); // empty: select none
    await expect.poll(() => status(page, "selection-count")).toBe("0 selected");
    await page.mouse.move(200, 200);
    await page.mouse.down();
    await page.mouse.move(470, 400, { steps: 6 }); // touches the middle circle's bounds (460)
    await page.screenshot({ path: resolve(ARTIFACTS, "e2e-marquee.png") });
    await page.mouse.up();
    await expect.poll(() => status(page, "selection-count")).toBe("2 selected");
    await page.keyboard.down("Shift");
    await drag(page, [800, 200], [720, 400]);
    await page.keyboard.up("Shift");
    await expect.poll(() => status(page, "selection-count")).toBe("3 selected");
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });
});
