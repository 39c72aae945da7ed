// The bugs a new designer met in the first minutes (issue 23), each reproduced in Chromium as it
// was reported: dead Inspector fields, a scrolling frame, stale notices and hints, colliding export
// names, the property name field, handles off the grid, and one problem with two messages.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseScene } from "../../core";
import { CANVAS_TOP, editorSession, notice, pageErrors, placeAt } from "./harness";

const session = editorSession();

describe("the first minutes of a new designer", () => {
  it("the Inspector shows one set of fields for the selection, whatever was selected before", async () => {
    const page = await session.newPage();
    await page.keyboard.press("p");
    for (const [x, y] of [[300, 300], [400, 300], [350, 220]] as const) await page.mouse.click(x, y);
    await page.keyboard.press("Enter");
    await placeAt(page, "Box", 600, 400);
    await expect.poll(() => page.getByTestId("inspector-what").textContent()).toBe("box box-1");
    const inspector = page.getByRole("group", { name: "Inspector" });
    expect(await inspector.getByLabel("Name", { exact: true }).count()).toBe(1);
    expect(await inspector.getByLabel("X", { exact: true }).count()).toBe(1);
    await page.keyboard.press("Escape");
    expect(await inspector.getByLabel("Name", { exact: true }).count()).toBe(0);
    expect(pageErrors(page)).toEqual([]);
  });

  it("the app's frame never scrolls: wheeling over a long sidebar scrolls the sidebar only", async () => {
    const page = await session.newPage();
    await placeAt(page, "Box", 400, 300);
    for (const name of ["speed", "health", "team"]) {
      await page.getByLabel("New property name").fill(name);
      await page.getByLabel("New property name").press("Enter");
    }
    await page.getByText("Layer names").click();
    await page.mouse.move(1130, 500);
    for (let i = 0; i < 20; i++) await page.mouse.wheel(0, 400);
    const frame = await page.evaluate(() => ({ scrolled: document.scrollingElement!.scrollTop, tall: document.documentElement.scrollHeight, high: innerHeight }));
    expect(frame.scrolled).toBe(0);
    expect(frame.tall).toBeLessThanOrEqual(frame.high);
    expect((await page.getByRole("menubar").boundingBox())!.y).toBe(0);
    expect((await page.getByRole("toolbar", { name: "Tools" }).boundingBox())!.y).toBe(CANVAS_TOP - 38);
  });

  it("a notice belongs to its action and a hint to the tool and state: neither outlives them", async () => {
    const page = await session.newPage();
    // A hint of the sweep tool goes with the tool.
    await page.keyboard.press("w");
    await page.mouse.click(400, 400);
    await expect.poll(() => notice(page)).toContain("Sweep:");
    await page.keyboard.press("b");
    expect(await notice(page)).not.toContain("Sweep:");
    // A refused click's notice (the outline would cross itself) goes at the next action.
    await page.keyboard.press("p");
    for (const [x, y] of [[300, 300], [400, 300], [400, 200], [350, 350]] as const) await page.mouse.click(x, y);
    await expect.poll(() => notice(page)).toContain("Point not added");
    await page.keyboard.press("Escape");
    await placeAt(page, "Box", 700, 300);
    expect(await notice(page)).not.toContain("Point not added");
    // The polygon hint shows for a selected polygon only.
    await page.keyboard.press("p");
    for (const [x, y] of [[200, 500], [300, 500], [250, 420]] as const) await page.mouse.click(x, y);
    await page.keyboard.press("Enter");
    await page.keyboard.press("v");
    await page.mouse.click(250, 480);
    await expect.poll(() => notice(page)).toContain("drag a vertex");
    await page.mouse.click(700, 300);
    await expect.poll(() => page.getByTestId("inspector-what").textContent()).toBe("box box-1");
    expect(await notice(page)).not.toContain("drag a vertex");
    // Duplicate says so.
    await page.keyboard.press("Control+d");
    await expect.poll(() => notice(page)).toContain("Duplicated box-1");
  });

  it("each export format downloads under a name of its own, never the scene's", async () => {
    const page = await session.newPage();
    await placeAt(page, "Box", 400, 300);
    const names: string[] = [];
    for (const label of ["Export as Godot 4 scene…", "Export as Godot 3 scene…", "Export as Tiled map…", "Export as Box2D JSON…"]) {
      await page.keyboard.press("Control+Shift+p");
      await page.getByRole("combobox", { name: "Type a command" }).fill(label.replace("…", ""));
      const download = page.waitForEvent("download");
      await page.keyboard.press("Enter");
      names.push((await download).suggestedFilename());
    }
    expect(new Set(names).size).toBe(4);
    expect(names).not.toContain("untitled.json");
    expect(names).toEqual(["untitled.tscn", "untitled.godot3.tscn", "untitled.tmj", "untitled.b2d.json"]);
  });

  it("custom properties: a typed name arrives whole, and a refusal goes when the name is fixed", async () => {
    const page = await session.newPage();
    await placeAt(page, "Box", 400, 300);
    const name = page.getByLabel("New property name");
    await name.click();
    await page.keyboard.type("can_double_jump");
    expect(await name.inputValue()).toBe("can_double_jump");
    await name.press("Enter");
    await expect.poll(() => page.getByTestId("property-can_double_jump").count()).toBe(1);
    await name.fill("can_double_jump");
    await name.press("Enter");
    const alert = page.getByRole("group", { name: "Properties" }).getByRole("alert");
    await expect.poll(() => alert.textContent()).toContain("already exists");
    await name.fill("");
    expect(await alert.count()).toBe(0);
  });

  it("with snapping on, a dragged handle puts the point dragged on the grid", async () => {
    const page = await session.newPage();
    await page.keyboard.press("Shift+s"); // snap on (25-unit cells at 100 %)
    await placeAt(page, "Capsule", 300, 300);
    await page.keyboard.press("v");
    await page.mouse.click(300, 300);
    // Its top handle, where the Inspector says the capsule stands (the view at 100 %, origin at the canvas's corner).
    const num = async (id: string) => Number(await page.getByTestId(id).inputValue());
    const y = await num("inspector-y"), height = await num("inspector-height");
    const canvasTop = (await page.locator(".canvas").boundingBox())!.y;
    const bottomBefore = y + height / 2;
    await page.mouse.move(300, canvasTop + y - height / 2);
    await page.mouse.down();
    await page.mouse.move(300, canvasTop + y - height / 2 - 40, { steps: 4 });
    await page.mouse.move(300, canvasTop + y - height / 2 - 62, { steps: 2 });
    await page.mouse.up();
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    const saved = parseScene(readFileSync(await (await download).path(), "utf8"));
    expect(saved.ok).toBe(true);
    if (!saved.ok) return;
    const c = saved.scene.shapes[0]!;
    if (c.type !== "capsule") throw new Error("a capsule");
    const top = c.y - c.height / 2, bottom = c.y + c.height / 2;
    expect(top % 25).toBe(0);
    expect(bottom).toBeCloseTo(bottomBefore, 9); // the other end stays
    expect(c.height).toBeGreaterThan(height); // it was the handle that moved, not the shape
  });

  it("a size below zero gets the same message in the Inspector as in a file", async () => {
    const page = await session.newPage();
    await placeAt(page, "Box", 400, 300);
    const width = page.getByTestId("inspector-width");
    await width.fill("-5");
    await width.press("Enter");
    const alert = page.getByRole("group", { name: "Inspector" }).getByRole("alert");
    await expect.poll(() => alert.textContent()).toContain("must be greater than 0");
  });

  it("Enter applies a field and leaves it: Ctrl+Z undoes the edit, a letter picks its tool; a refused value left behind comes back, the status bar saying why", async () => {
    const page = await session.newPage();
    await placeAt(page, "Box", 400, 300);
    const x = page.getByTestId("inspector-x"), width = page.getByTestId("inspector-width");
    await x.fill("420");
    await x.press("Enter");
    await expect.poll(() => x.inputValue()).toBe("420");
    expect(await x.evaluate((el) => el === document.activeElement)).toBe(false);
    await page.keyboard.press("Control+z");
    await expect.poll(() => x.inputValue()).toBe("400");
    await page.keyboard.press("Control+Shift+z");
    await expect.poll(() => x.inputValue()).toBe("420");
    await page.keyboard.press("c");
    await expect.poll(() => page.getByRole("button", { name: "Circle", exact: true }).getAttribute("aria-pressed")).toBe("true");
    await page.keyboard.press("v");
    // Refused on Enter: kept for fixing, with its message; left: the shape's width is back, and the notice says why.
    await width.fill("-5");
    await width.press("Enter");
    const alert = page.getByRole("group", { name: "Inspector" }).getByRole("alert");
    await expect.poll(() => alert.textContent()).toBe("must be greater than 0");
    expect(await width.inputValue()).toBe("-5");
    await x.click();
    await expect.poll(() => width.inputValue()).toBe("80");
    expect(await alert.count()).toBe(0);
    await expect.poll(() => notice(page)).toBe("Width not changed: must be greater than 0");
    expect(pageErrors(page)).toEqual([]);
  });
});
