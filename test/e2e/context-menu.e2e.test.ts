// The canvas's right-click menu in Chromium: it selects what is under the pointer, runs the
// registry's actions (greyed while they cannot run), closes on Escape or a press elsewhere that
// does nothing else, and stays inside the window.
import { describe, expect, it } from "vitest";
import { editorSession, pageErrors, placeAt, runCommand, savedShapes } from "./harness";

const session = editorSession();

describe("the canvas's context menu", () => {
  it("right-click selects the shape under the pointer and offers its actions; Duplicate and Delete run from it", async () => {
    const page = await session.newPage();
    await placeAt(page, "Box", 300, 300);
    await placeAt(page, "Circle", 600, 300);
    await page.keyboard.press("v");
    const menu = page.getByRole("menu", { name: "Canvas" });
    const count = () => page.getByTestId("shape-count").textContent();
    // The circle was selected last: a right-click on the box selects the box.
    await page.mouse.click(300, 300, { button: "right" });
    await menu.waitFor();
    await expect.poll(() => page.getByTestId("inspector-what").textContent()).toBe("box box-1");
    expect(await menu.getByRole("menuitem").allTextContents()).toEqual([
      "CutCtrl+X", "CopyCtrl+C", "PasteCtrl+V", "DuplicateCtrl+D", "DeleteDelete",
      "RaisePgUp", "LowerPgDn", "Raise to TopShift+PgUp", "Lower to BottomShift+PgDn", "Move to Layer▸",
      "Flip HorizontallyX", "Flip VerticallyY", "Trace Colliders…", "Select AllCtrl+A", "Fit to viewShift+1",
    ]);
    expect(await menu.getByRole("menuitem", { name: "Trace Colliders…" }).getAttribute("aria-disabled")).toBe("true");
    await page.screenshot({ path: "test-results/e2e-context-menu.png" });
    await menu.getByRole("menuitem", { name: /^Duplicate/ }).click();
    await expect.poll(() => menu.count()).toBe(0);
    await expect.poll(count).toBe("3 shapes");
    // From the keyboard: down to Delete, Enter (disabled Trace is skipped, so Delete is five down).
    await page.mouse.click(600, 300, { button: "right" });
    await menu.waitFor();
    for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect.poll(count).toBe("2 shapes");
    // Escape closes it; a press elsewhere closes it and does nothing else (the Box tool places nothing).
    await page.mouse.click(300, 300, { button: "right" });
    await menu.waitFor();
    await page.keyboard.press("Escape");
    await expect.poll(() => menu.count()).toBe(0);
    await page.keyboard.press("b");
    await page.mouse.click(500, 500, { button: "right" });
    await menu.waitFor();
    await page.mouse.click(800, 200);
    await expect.poll(() => menu.count()).toBe(0);
    expect(await count()).toBe("2 shapes");
    // Near the bottom-right corner it opens inwards, whole.
    await page.mouse.click(970, 610, { button: "right" });
    const box = (await menu.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(1280);
    expect(box.y + box.height).toBeLessThanOrEqual(800);
    await page.keyboard.press("Escape");
    expect(pageErrors(page)).toEqual([]);
  });

  it("orders the shape within its layer (Raise to Top) and moves it to a layer by the Move to Layer submenu, by mouse and by keys", async () => {
    const page = await session.newPage();
    await placeAt(page, "Box", 400, 300);
    await placeAt(page, "Box", 420, 300);
    await runCommand(page, "New Layer");
    await page.keyboard.press("v");
    const menu = page.getByRole("menu", { name: "Canvas" });
    const history = () => page.getByRole("button", { name: "Undo" }).getAttribute("title");
    // box-2 is on top where they overlap; box-1 is picked beside it, raised to the top.
    await page.mouse.click(370, 300, { button: "right" });
    await menu.getByRole("menuitem", { name: /^Raise to Top/ }).click();
    await expect.poll(history).toMatch(/Raise box-1 to top/);
    expect((await savedShapes(page)).map((s) => s.id)).toEqual(["box-2", "box-1"]);
    await page.mouse.click(410, 300);
    await expect.poll(() => page.getByTestId("inspector-what").textContent()).toBe("box box-1");
    // The submenu lists the layers top first, the selection's own ticked.
    await page.mouse.click(410, 300, { button: "right" });
    await menu.getByRole("menuitem", { name: "Move to Layer" }).hover();
    const sub = page.getByRole("menu", { name: "Move to Layer" });
    await sub.waitFor();
    expect(await sub.getByRole("menuitemradio").allTextContents()).toEqual(["Layer 2", "✓Layer 1"]);
    await page.screenshot({ path: "test-results/e2e-context-menu-layers.png" });
    await sub.getByRole("menuitemradio", { name: "Layer 2" }).click();
    await expect.poll(() => menu.count()).toBe(0);
    await expect.poll(history).toMatch(/Move box-1 to layer Layer 2/);
    await expect.poll(() => page.getByTestId("notice").textContent()).toBe("Moved box-1 to layer Layer 2");
    // By keys: five up from the bottom (Trace is skipped) to Move to Layer, Right opens it, Down, Enter: back to Layer 1.
    await page.mouse.click(410, 300, { button: "right" });
    await menu.waitFor();
    for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowRight");
    await sub.waitFor();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect.poll(history).toMatch(/Move box-1 to layer Layer 1/);
    expect(pageErrors(page)).toEqual([]);
  });
});
