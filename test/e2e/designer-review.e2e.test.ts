// What a level designer met building a small level (boxes, a terrain polygon, a chain, a sensor
// coin, probes), each reproduced in Chromium as it was met: a value typed in the Inspector lost (or
// at risk of going to the wrong shape) when the next shape is clicked on the canvas; the tool just
// picked looking unpicked under the pointer; tools that said nothing in the status bar; a focus
// ring left on a tab or tool button clicked with the mouse once a key was pressed, and Home (Fit
// to view) swallowed by a ticked checkbox.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CANVAS_TOP, editorSession, notice, pageErrors, placeAt, runCommand, savedShapes } from "./harness";

const session = editorSession();
const inspector = (page: Page) => page.getByRole("group", { name: "Inspector" });
const field = (page: Page, label: string) => inspector(page).getByLabel(label, { exact: true });

describe("a designer's review", () => {
  it("a value typed in the Inspector applies to its own shape when another shape is clicked on the canvas", async () => {
    const page = await session.newPage();
    await placeAt(page, "Box", 150, CANVAS_TOP + 400);
    await placeAt(page, "Box", 400, CANVAS_TOP + 400);
    await page.getByRole("button", { name: "Select", exact: true }).click();
    await page.mouse.click(150, CANVAS_TOP + 400);
    await expect.poll(() => page.getByTestId("inspector-what").textContent()).toBe("box box-1");
    // Typed, not entered: the click on the other box leaves the field.
    await field(page, "Name").fill("crate");
    await page.mouse.click(400, CANVAS_TOP + 400);
    await expect.poll(() => page.getByTestId("inspector-what").textContent()).toBe("box box-2");
    expect(await field(page, "Name").inputValue()).toBe("");
    await field(page, "X").fill("600");
    await page.mouse.click(150, CANVAS_TOP + 400);
    await expect.poll(() => page.getByTestId("inspector-what").textContent()).toBe("box box-1");
    expect(await field(page, "Name").inputValue()).toBe("crate");
    // A value the field refuses gives way to the document's, and the status bar says why.
    await field(page, "Width").fill("-5");
    await page.mouse.click(600, CANVAS_TOP + 400);
    await expect.poll(() => notice(page)).toMatch(/^Width not changed:/);
    const shapes = await savedShapes(page);
    expect(shapes.map((s) => [s.id, s.name ?? "", s.x, s.type === "box" ? s.width : 0])).toEqual([["box-1", "crate", 150, 80], ["box-2", "", 600, 80]]);
    expect(pageErrors(page)).toEqual([]);
  });

  it("the tool just picked stays marked under the pointer", async () => {
    const page = await session.newPage();
    const background = (name: string) => page.getByRole("button", { name, exact: true }).evaluate((b) => getComputedStyle(b).backgroundColor);
    const pressed = await background("Select");
    const box = page.getByRole("button", { name: "Box", exact: true });
    await box.click(); // the pointer stays over it
    expect(await box.getAttribute("aria-pressed")).toBe("true");
    expect(await background("Box")).toBe(pressed);
    expect(await background("Select")).not.toBe(pressed);
    if (process.env.EDITOR_SHOTS) await page.screenshot({ path: `${process.env.EDITOR_SHOTS}/tool-hovered.png`, clip: { x: 0, y: 28, width: 640, height: 40 } });
  });

  it("every tool says in the status bar what to do with it", async () => {
    const page = await session.newPage();
    for (const [key, start] of [["c", "Circle:"], ["b", "Box:"], ["k", "Capsule:"], ["p", "Polygon:"], ["l", "Chain:"], ["r", "Ray:"], ["w", "Sweep:"], ["h", "Pan:"]] as const) {
      await page.keyboard.press(key);
      await expect.poll(() => notice(page), { message: key }).toMatch(new RegExp(`^${start}`));
    }
    // A click with the ray tool makes no ray: the hint is what tells how.
    await page.keyboard.press("r");
    await page.mouse.click(400, CANVAS_TOP + 300);
    expect(await page.getByRole("tab", { name: /Probes/ }).textContent()).toMatch(/0$/);
    expect(await notice(page)).toMatch(/^Ray: drag from where it starts/);
    if (process.env.EDITOR_SHOTS) await page.screenshot({ path: `${process.env.EDITOR_SHOTS}/ray-hint.png` });
  });

  it("a tab, a tool or a checkbox clicked with the mouse keeps no focus: the next key is a shortcut, with no focus ring; Tab still reaches them", async () => {
    const page = await session.newPage();
    await placeAt(page, "Box", 500, CANVAS_TOP + 240);
    const zoom = () => page.getByTestId("zoom").textContent();
    const outline = () => page.evaluate(() => (document.activeElement && document.activeElement !== document.body ? getComputedStyle(document.activeElement).outlineStyle : "none"));
    for (const control of [page.getByRole("tab", { name: /Contacts/ }), page.getByRole("button", { name: "Circle", exact: true }), page.getByRole("checkbox", { name: "Sensor" })]) {
      await page.getByRole("button", { name: "Select", exact: true }).click();
      await page.mouse.click(500, CANVAS_TOP + 240);
      await page.keyboard.press("Control+Minus");
      const before = await zoom();
      await control.click();
      await page.keyboard.press("Home");
      await expect.poll(zoom, { message: await control.textContent() ?? "" }).not.toBe(before);
      expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
      expect(await outline()).toBe("none");
    }
    // From the keyboard, the tab keeps its focus and shows it.
    await page.getByRole("tab", { name: /Objects/ }).focus();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Shift+Tab");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("dock-tab-objects");
    expect(await outline()).not.toBe("none");
    expect(pageErrors(page)).toEqual([]);
  });
});

// A keyboard-driven Tiled designer's review: Ctrl+click replaced the selection, and Shift+drag
// starting on a shape moved it, so no marquee could start over a big floor box.
describe("selecting with the pointer as in Tiled", () => {
  const what = (page: Page) => page.getByTestId("selection-count").textContent();
  const history = (page: Page) => page.getByRole("tab", { name: /History/ }).textContent();
  /** page.mouse.click takes no modifiers: the key is held around it. */
  const ctrlClick = async (page: Page, x: number, y: number) => {
    await page.keyboard.down("Control");
    await page.mouse.click(x, y);
    await page.keyboard.up("Control");
  };

  it("Ctrl+click adds and removes a shape; Shift+drag starting on a shape draws a marquee that adds; Shift+click toggles", async () => {
    const page = await session.newPage();
    for (const x of [150, 400, 650]) await placeAt(page, "Box", x, CANVAS_TOP + 400);
    await page.getByRole("button", { name: "Select", exact: true }).click();
    await page.mouse.click(150, CANVAS_TOP + 400);
    await ctrlClick(page, 400, CANVAS_TOP + 400);
    await expect.poll(() => what(page)).toBe("2 selected");
    await ctrlClick(page, 150, CANVAS_TOP + 400);
    await expect.poll(() => what(page)).toBe("1 selected");
    expect(await page.getByTestId("inspector-what").textContent()).toBe("box box-2");
    const steps = await history(page);
    const x = await field(page, "X").inputValue();

    await page.keyboard.down("Shift");
    await page.mouse.move(650, CANVAS_TOP + 400);
    await page.mouse.down();
    await page.mouse.move(400, CANVAS_TOP + 380, { steps: 4 });
    await page.mouse.move(100, CANVAS_TOP + 330, { steps: 4 });
    if (process.env.EDITOR_SHOTS) await page.screenshot({ path: `${process.env.EDITOR_SHOTS}/shift-marquee-over-shape.png` });
    await page.mouse.up();
    await expect.poll(() => what(page)).toBe("3 selected");
    expect(await history(page)).toBe(steps);
    // A Shift+click without a drag still takes one out.
    await page.mouse.click(650, CANVAS_TOP + 400);
    await page.keyboard.up("Shift");
    await expect.poll(() => what(page)).toBe("2 selected");
    await ctrlClick(page, 400, CANVAS_TOP + 400);
    await ctrlClick(page, 650, CANVAS_TOP + 400);
    await expect.poll(() => what(page)).toBe("2 selected");
    await ctrlClick(page, 650, CANVAS_TOP + 400);
    await expect.poll(() => what(page)).toBe("1 selected");
    expect(await field(page, "X").inputValue()).toBe("150");
    expect([await history(page), x]).toEqual([steps, "400"]);
    expect(pageErrors(page)).toEqual([]);
  });

  it("Ctrl+I inverts, Ctrl+Shift+A selects none, Select Same Kind from the palette; a refused key says why; F2 on two shapes renames both", async () => {
    const page = await session.newPage();
    await placeAt(page, "Box", 150, CANVAS_TOP + 400);
    await placeAt(page, "Circle", 400, CANVAS_TOP + 400);
    await placeAt(page, "Box", 650, CANVAS_TOP + 400);
    await page.getByRole("button", { name: "Select", exact: true }).click();
    await page.keyboard.press("Escape");
    await page.keyboard.press("Control+d");
    await expect.poll(() => notice(page)).toBe("Select shapes first: click one, or drag a box around several");
    await page.mouse.click(400, CANVAS_TOP + 400);
    await page.keyboard.press("Control+i");
    await expect.poll(() => what(page)).toBe("2 selected");
    expect(await page.getByTestId("inspector-what").textContent()).toMatch(/^2 boxes/);
    await page.keyboard.press("Control+Shift+A");
    await expect.poll(() => what(page)).toBe("0 selected");
    // The layer row's count: Select All in Layer.
    await page.getByTestId("layer-count-layer-1").click();
    await expect.poll(() => what(page)).toBe("3 selected");
    if (process.env.EDITOR_SHOTS) await page.screenshot({ path: `${process.env.EDITOR_SHOTS}/select-all-in-layer.png` });
    await page.keyboard.press("Escape");
    await page.mouse.click(150, CANVAS_TOP + 400);
    await runCommand(page, "Select Same Kind");
    await expect.poll(() => what(page)).toBe("2 selected");
    // F2 with both boxes: the Inspector's Name field, which names them all.
    await page.keyboard.press("F2");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("inspector-name");
    await page.keyboard.type("crate");
    await page.keyboard.press("Enter");
    if (process.env.EDITOR_SHOTS) await page.screenshot({ path: `${process.env.EDITOR_SHOTS}/f2-two-shapes.png` });
    expect((await savedShapes(page)).map((s) => s.name ?? "")).toEqual(["crate", "", "crate"]);
    expect(pageErrors(page)).toEqual([]);
  });
});
