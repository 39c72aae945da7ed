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
    await expect.poll(() => status(page, "notice")).toMatch(/^Stopped: edges 0 and 3 would cross \(in red\)/);
    // The status line shows it whole (nothing cut); the tooltip has the full reason; the two edges are outlined in red.
    expect(await page.getByTestId("notice").evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await page.screenshot({ path: resolve(ARTIFACTS, "e2e-polygon-crossing.png") });
    const redEdges = () => page.evaluate(() => (window as unknown as { Konva: { stages: { find: (s: string) => unknown[] }[] } }).Konva.stages[0]!.find(".crossing-edge").length);
    expect(await redEdges()).toBe(2);
    expect(await page.getByTestId("notice").getAttribute("title")).toMatch(/^Stopped at the last valid position: edges 0 and 3 cross or touch \(edge 0 runs/);
    [poly] = await savedShapes(page);
    expect(pointsOf(poly)?.[1]).toEqual([0, -70]);

    await page.mouse.click(900, 500); // the next press clears them
    await expect.poll(redEdges).toBe(0);
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
  it("turns and scales a box, a circle and a polygon as a group by their box's knob and corner, each one undo step; Escape cancels", async () => {
    const page = await session.newPage();
    await placeAt(page, "Box", 300, 300); // 80 × 80: page x 260…340, y 260…340
    await placeAt(page, "Circle", 450, 300); // r 40: x 410…490
    await page.keyboard.press("p");
    for (const [x, y] of [[550, 260], [630, 260], [630, 340], [550, 340], [551, 261]] as const) await page.mouse.click(x, y);
    await page.keyboard.press("v");
    await page.keyboard.press("Control+a");
    await expect.poll(() => status(page, "selection-count")).toBe("3 selected");
    // What Konva's hit graph has at a page point (handles reach it a frame or more after they are drawn).
    const hitAt = (x: number, y: number) => page.evaluate(([sx, sy]) => (window as unknown as { Konva: { stages: { getIntersection: (p: { x: number; y: number }) => { id: () => string } | null }[] } }).Konva.stages[0]!.getIntersection({ x: sx!, y: sy! })?.id() ?? null, [x, y - TOP]);
    await page.screenshot({ path: resolve(ARTIFACTS, "e2e-group-selected.png") });
    const before = await savedShapes(page);

    // The box spans page x 260…630, y 260…340: centre (445, 300), knob 28 px above the top edge.
    // With Shift a pull to 88° snaps to 90°: every position turns a quarter about the centre.
    const a = (88 * Math.PI) / 180;
    await expect.poll(() => hitAt(445, 232)).toBe("#rotate");
    await page.mouse.move(445, 232);
    await page.mouse.down();
    await page.keyboard.down("Shift");
    await page.mouse.move(445 + 120 * Math.sin(a), 300 - 120 * Math.cos(a), { steps: 8 });
    await expect.poll(() => page.getByTestId("drag-readout").textContent()).toBe("90° (15° steps)");
    await page.screenshot({ path: resolve(ARTIFACTS, "e2e-group-rotating.png") });
    await page.mouse.up();
    await page.keyboard.up("Shift");
    let shapes = await savedShapes(page);
    const near = (v: number | undefined, to: number) => expect(v).toBeCloseTo(to, 6);
    const [box, circle, poly] = shapes;
    near(box?.x, 445); near(box?.y, 155 - TOP); near(box?.rotation, 90);
    near(circle?.x, 445); near(circle?.y, 305 - TOP); expect(circle?.rotation).toBe(0);
    near(poly?.x, 445); near(poly?.y, 445 - TOP); near(poly?.rotation, 90);
    await page.screenshot({ path: resolve(ARTIFACTS, "e2e-group-rotated.png") });
    await page.keyboard.press("Control+z");
    await expect.poll(() => status(page, "notice")).toBe("Undid: Rotate 3 shapes");
    expect(await savedShapes(page)).toEqual(before);

    // The south-east corner to x 815 (1.5 × the width from the north-west corner): × 1.50.
    await expect.poll(() => hitAt(630, 340)).toBe("#se");
    await page.mouse.move(630, 340);
    await page.mouse.down();
    await page.mouse.move(815, 370, { steps: 8 });
    await expect.poll(() => page.getByTestId("drag-readout").textContent()).toBe("× 1.50");
    await page.screenshot({ path: resolve(ARTIFACTS, "e2e-group-scaling.png") });
    await page.mouse.up();
    shapes = await savedShapes(page);
    expect(shapes[0]).toMatchObject({ type: "box", x: 320, y: 320 - TOP, width: 120, height: 120 });
    expect(shapes[1]).toMatchObject({ type: "circle", x: 545, y: 320 - TOP, radius: 60 });
    expect(shapes[2]).toMatchObject({ type: "polygon", x: 755, y: 320 - TOP, points: [[-60, -60], [60, -60], [60, 60], [-60, 60]] });
    await page.keyboard.press("Control+z");
    await expect.poll(() => status(page, "notice")).toBe("Undid: Scale 3 shapes");
    expect(await savedShapes(page)).toEqual(before);

    // Escape mid-drag puts everything back, and records nothing.
    await expect.poll(() => hitAt(260, 260)).toBe("#nw");
    await page.mouse.move(260, 260);
    await page.mouse.down();
    await page.mouse.move(400, 300, { steps: 4 });
    await expect.poll(() => page.getByTestId("drag-readout").textContent()).toBe("× 0.62"); // 230 / 370, about the south-east corner
    await page.keyboard.press("Escape");
    await page.mouse.up();
    expect(await savedShapes(page)).toEqual(before);
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });
});
