// Issue 23's feedback on panels and names, in Chromium: the Probes and Contacts panels live in a
// bottom dock beside the canvas (never over it; fit view frames what shows; folding and the height
// are remembered), an Objects panel lists, filters, selects and frames every shape and probe and
// stays light with 100,000 of them, names show on the canvas and in the panels, and a selected ray
// or sweep is edited in the Inspector.
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { scaleSceneText } from "../bench/editor-scenes";
import { ARTIFACTS, editorSession, pageErrors, placeAt, runCommand } from "./harness";

const session = editorSession();
/** Konva's layer canvases: grid, shapes, names and contacts, probes, replay, handles. */
const SHAPES_LAYER = 1;
const NAMES_LAYER = 2;

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error("not shown");
  return b;
}

/** Painted pixels (alpha > 0) of one layer canvas inside a page rectangle, and the lowest one's page y. */
async function painted(page: Page, layer: number, r: { x: number; y: number; width: number; height: number }): Promise<{ count: number; lowest: number }> {
  return page.evaluate(
    ([index, rx, ry, rw, rh]) => {
      const canvas = [...document.querySelectorAll<HTMLCanvasElement>(".canvas canvas")][index]!;
      const rect = canvas.getBoundingClientRect();
      const ratio = canvas.width / rect.width;
      const x0 = Math.max(0, Math.round((rx - rect.left) * ratio)), y0 = Math.max(0, Math.round((ry - rect.top) * ratio));
      const w = Math.min(canvas.width - x0, Math.round(rw * ratio)), h = Math.min(canvas.height - y0, Math.round(rh * ratio));
      const d = canvas.getContext("2d")!.getImageData(x0, y0, w, h).data;
      let count = 0, lowest = -Infinity;
      for (let i = 3; i < d.length; i += 4) {
        if (d[i]! === 0) continue;
        count++;
        lowest = Math.max(lowest, rect.top + (y0 + Math.floor((i - 3) / 4 / w)) / ratio);
      }
      return { count, lowest };
    },
    [layer, r.x, r.y, r.width, r.height] as const,
  );
}

async function rename(page: Page, name: string) {
  const field = page.getByRole("group", { name: "Inspector" }).getByLabel("Name", { exact: true });
  await field.fill(name);
  await field.press("Enter");
}

/** The world point under the canvas' centre, read from the status bar. */
async function worldAtCanvasCentre(page: Page): Promise<[number, number]> {
  const c = await box(page.locator(".canvas"));
  await page.mouse.move(c.x + c.width / 2, c.y + c.height / 2);
  const text = (await page.getByTestId("cursor").textContent()) ?? "";
  const [x, y] = text.split(",").map(Number);
  return [x!, y!];
}

describe("the dock, the Objects panel and names", () => {
  it("the Probes and Contacts panels sit in the dock beside the canvas, and fit view frames what shows", async () => {
    const page = await session.newPage();
    const c0 = await box(page.locator(".canvas"));
    // A floor along the canvas' bottom edge, a player in it, a ray across and a sweep.
    await page.getByRole("button", { name: "Box", exact: true }).click();
    await page.mouse.move(c0.x + 60, c0.y + c0.height - 60);
    await page.mouse.down();
    await page.mouse.move(c0.x + 700, c0.y + c0.height - 10, { steps: 4 });
    await page.mouse.up();
    await rename(page, "floor");
    await placeAt(page, "Capsule", c0.x + 300, c0.y + c0.height - 80);
    await rename(page, "player");
    await page.getByRole("button", { name: "Ray", exact: true }).click();
    await page.mouse.move(c0.x + 40, c0.y + 100);
    await page.mouse.down();
    await page.mouse.move(c0.x + 500, c0.y + c0.height - 40, { steps: 4 });
    await page.mouse.up();

    // A new probe brings the Probes tab forward, with the hit shape by name.
    await expect.poll(() => page.getByRole("tab", { name: /Probes/ }).getAttribute("aria-selected")).toBe("true");
    await expect.poll(() => page.getByTestId("probe-result-ray-1").textContent()).toMatch(/^hits (player|floor) at /);
    await page.getByRole("button", { name: "Sweep", exact: true }).click();
    await page.mouse.move(c0.x + 300, c0.y + c0.height - 80);
    await page.mouse.down();
    await page.mouse.move(c0.x + 420, c0.y + c0.height - 80, { steps: 4 });
    await page.mouse.up();
    await expect.poll(() => page.getByTestId("probe-sweep-1").locator(".kind").textContent()).toBe("sweep of player");

    // The selection's contacts, by name.
    await page.getByRole("button", { name: "Select", exact: true }).click();
    await page.getByRole("tab", { name: /Objects/ }).click();
    await page.getByTestId("object-capsule-1").click();
    await page.getByRole("tab", { name: /Contacts/ }).click();
    await expect.poll(() => page.getByTestId("contact-box-1-capsule-1").locator("strong").textContent()).toBe("floor ↔ player");

    // Nothing floats over the canvas: the dock starts where the canvas ends.
    const canvas = await box(page.locator(".canvas"));
    const dock = await box(page.getByRole("region", { name: "Dock" }));
    expect(canvas.y + canvas.height).toBeLessThanOrEqual(dock.y + 0.5);
    expect(await page.locator(".workspace .probes, .workspace .contacts").evaluateAll((els) => els.every((e) => getComputedStyle(e).position !== "absolute"))).toBe(true);

    // Fit view puts the floor in the visible canvas, above the dock, with its margin.
    await page.keyboard.press("Escape");
    await page.keyboard.press("Home");
    const shapes = await painted(page, SHAPES_LAYER, canvas);
    expect(shapes.count).toBeGreaterThan(0);
    expect(shapes.lowest).toBeLessThan(dock.y - 20);
    await page.screenshot({ path: resolve(ARTIFACTS, "e2e-dock.png") });
    expect(pageErrors(page)).toEqual([]);
  });

  it("folding the dock and its height are remembered across runs", async () => {
    const page = await session.newPage();
    const dock = page.getByRole("region", { name: "Dock" });
    const before = await box(dock);
    const grip = await box(page.getByRole("separator", { name: "Resize the dock" }));
    await page.mouse.move(grip.x + 200, grip.y + grip.height / 2);
    await page.mouse.down();
    await page.mouse.move(grip.x + 200, grip.y - 100, { steps: 5 });
    await page.mouse.up();
    const taller = await box(dock);
    expect(taller.height).toBeCloseTo(before.height + 100, -1);
    // The canvas gave the dock its room.
    const canvas = await box(page.locator(".canvas"));
    expect(canvas.y + canvas.height).toBeLessThanOrEqual(taller.y + 0.5);

    await page.getByRole("button", { name: "Fold the dock" }).click();
    const folded = await box(dock);
    expect(folded.height).toBeLessThan(40);
    expect(await page.getByRole("tabpanel").count()).toBe(0);

    await page.reload();
    await page.getByRole("toolbar", { name: "Tools" }).waitFor();
    expect((await box(dock)).height).toBeLessThan(40);
    await page.getByRole("button", { name: "Unfold the dock" }).click();
    expect((await box(dock)).height).toBeCloseTo(taller.height, -1);
    // A tab of a folded dock unfolds it on that tab.
    await page.getByRole("button", { name: "Fold the dock" }).click();
    await page.getByRole("tab", { name: /Contacts/ }).click();
    expect(await page.getByRole("tab", { name: /Contacts/ }).getAttribute("aria-selected")).toBe("true");
    expect((await box(dock)).height).toBeCloseTo(taller.height, -1);
  });

  it("the Objects panel lists every shape and probe by name, filters, and a click selects and frames", async () => {
    const page = await session.newPage();
    const c = await box(page.locator(".canvas"));
    await placeAt(page, "Box", c.x + 150, c.y + 150);
    await rename(page, "spawn");
    await placeAt(page, "Circle", c.x + 250, c.y + 150);
    await placeAt(page, "Circle", c.x + 650, c.y + 400);
    await rename(page, "far coin");
    await page.keyboard.press("Escape");
    await page.getByRole("tab", { name: /Objects/ }).click();
    const list = page.getByRole("listbox", { name: "Objects" });
    expect(await list.getByRole("option").allTextContents()).toEqual(["spawnboxLayer 1", "circle-1circleLayer 1", "far coincircleLayer 1"]);
    expect(await page.getByTestId("objects-count").textContent()).toBe("3 objects");

    // Search by name, id or kind.
    const search = page.getByLabel("Search objects");
    await search.fill("COIN");
    expect(await list.getByRole("option").count()).toBe(1);
    expect(await page.getByTestId("objects-count").textContent()).toBe("1 of 3");
    await search.fill("circle");
    expect(await list.getByRole("option").count()).toBe(2);
    await search.fill("box-1");
    expect(await list.getByRole("option").allTextContents()).toEqual(["spawnboxLayer 1"]);
    await search.fill("nothing like it");
    await expect.poll(() => list.textContent()).toContain("Nothing matches.");
    await search.fill("");

    // A click selects the shape and brings it to the canvas' middle; the canvas' selection shows in the list.
    await page.getByTestId("object-circle-2").click();
    expect(await page.getByTestId("inspector-what").textContent()).toBe("circle circle-2");
    const x = Number(await page.getByTestId("inspector-x").inputValue());
    const y = Number(await page.getByTestId("inspector-y").inputValue());
    const [cx, cy] = await worldAtCanvasCentre(page);
    expect(Math.abs(cx - x)).toBeLessThanOrEqual(1);
    expect(Math.abs(cy - y)).toBeLessThanOrEqual(1);
    expect(await page.getByTestId("object-circle-2").getAttribute("aria-selected")).toBe("true");
    // Ctrl-click adds to the selection without moving the view.
    await page.getByTestId("object-box-1").click({ modifiers: ["Control"] });
    expect(await page.getByTestId("selection-count").textContent()).toBe("2 selected");
    expect(await worldAtCanvasCentre(page)).toEqual([cx, cy]);
    expect(pageErrors(page)).toEqual([]);
  });

  // A keyboard-driven designer: a click on a row then ArrowDown moved the shape (Y+1) instead of
  // going to the next row; Shift+click selected one row, not a range; with the list filtered to
  // the 4 circles of 16, Ctrl+A selected all 16, and Enter in the search picked the first match only.
  it("the Objects list walks from the keyboard, Shift selects ranges, and Ctrl+A or Enter select every match", async () => {
    const shapes = Array.from({ length: 16 }, (_, i) =>
      i % 4 === 3
        ? { id: `coin-${i}`, type: "circle", x: 40 + i * 60, y: 300, radius: 12, layer: "pickups", class: "Coin" }
        : { id: `box-${i}`, type: "box", x: 40 + i * 60, y: 200, width: 40, height: 40, layer: "ground" },
    );
    const file = resolve(ARTIFACTS, "e2e-objects-keys.json");
    writeFileSync(file, JSON.stringify({ format: "collider-studio-scene", version: 1, layers: [{ id: "ground", name: "Ground" }, { id: "pickups", name: "Pickups" }], shapes, probes: [] }));
    const page = await session.newPage();
    await page.getByRole("tab", { name: /Objects/ }).click();
    await page.setInputFiles("#open-scene-input", file);
    await expect.poll(() => page.getByTestId("objects-count").textContent()).toBe("16 objects");
    const list = page.getByRole("listbox", { name: "Objects" });
    const selected = () => page.getByTestId("selection-count").textContent();
    const what = () => page.getByTestId("inspector-what").textContent();
    const history = () => page.getByRole("tab", { name: /History/ }).textContent();
    const steps = await history();

    await page.getByTestId("object-box-0").click();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await expect.poll(what).toBe("box box-2");
    expect(await page.getByTestId("inspector-y").inputValue()).toBe("200");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Objects");
    await page.keyboard.press("Shift+ArrowDown");
    await page.keyboard.press("Shift+ArrowDown");
    await expect.poll(selected).toBe("3 selected");
    if (process.env.EDITOR_SHOTS) await page.screenshot({ path: `${process.env.EDITOR_SHOTS}/objects-keys-range.png` });
    // End goes to the last row and scrolls it into the list's view; Home back to the first.
    await page.keyboard.press("End");
    await expect.poll(what).toBe("circle coin-15");
    const [row, view] = [await box(page.getByTestId("object-coin-15")), await box(list)];
    expect(row.y >= view.y && row.y + row.height <= view.y + view.height + 1).toBe(true);
    await page.keyboard.press("Home");
    await expect.poll(what).toBe("box box-0");
    // Shift+click: the range from the last row walked to.
    await page.getByTestId("object-box-5").click({ modifiers: ["Shift"] });
    // (The coins are listed with their layer, after every box: box-0, 1, 2, 4, 5.)
    await expect.poll(selected).toBe("5 selected");

    // Ctrl+A in the focused list takes what the search keeps; so does Enter in the search field.
    const search = page.getByLabel("Search objects");
    await search.fill("circle");
    expect(await page.getByTestId("objects-count").textContent()).toBe("4 of 16");
    await page.getByTestId("object-coin-7").click();
    await page.keyboard.press("Control+a");
    await expect.poll(selected).toBe("4 selected");
    await page.keyboard.press("Escape");
    await expect.poll(selected).toBe("0 selected");
    await search.fill("pickups");
    await search.press("Enter");
    await expect.poll(selected).toBe("4 selected");
    await search.fill("coin");
    expect(await page.getByTestId("objects-count").textContent()).toBe("4 of 16");
    await search.fill("ground");
    await search.press("Enter");
    await expect.poll(selected).toBe("12 selected");
    expect(await history()).toBe(steps);
    expect(await page.getByTestId("shape-count").textContent()).toBe("16 shapes");
    expect(pageErrors(page)).toEqual([]);
  });

  it("F2 and a double-click on an Objects row rename in the Inspector's Name field: Enter commits, Escape cancels", async () => {
    const page = await session.newPage();
    const c = await box(page.locator(".canvas"));
    await placeAt(page, "Box", c.x + 150, c.y + 150);
    await placeAt(page, "Circle", c.x + 300, c.y + 150);
    await page.getByRole("tab", { name: /Objects/ }).click();
    const name = page.getByTestId("inspector-name");
    const focused = () => name.evaluate((el) => el === document.activeElement && (el as HTMLInputElement).selectionStart === 0 && (el as HTMLInputElement).selectionEnd === (el as HTMLInputElement).value.length);

    // F2 (Tiled's key) on the placed circle: its Name field, focused; typing replaces, Enter commits.
    await page.keyboard.press("F2");
    await expect.poll(focused).toBe(true);
    await page.keyboard.type("coin");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByTestId("object-circle-1").textContent()).toContain("coin");
    // Enter left the field: the next key is the editor's again.
    expect(await name.evaluate((el) => el === document.activeElement)).toBe(false);

    // A double-click on a row selects its shape and starts renaming it, the name selected whole.
    await page.getByTestId("object-box-1").dblclick();
    expect(await page.getByTestId("inspector-what").textContent()).toBe("box box-1");
    await expect.poll(focused).toBe(true);
    await page.screenshot({ path: resolve(ARTIFACTS, "e2e-objects-rename.png") });
    await page.keyboard.type("wall");
    await page.keyboard.press("Escape");
    // Escape cancels: the old name (none), and the field is left.
    expect(await page.getByTestId("object-box-1").textContent()).toContain("box-1");
    expect(await name.inputValue()).toBe("");
    await page.getByTestId("object-box-1").dblclick();
    await expect.poll(focused).toBe(true);
    await page.keyboard.type("wall");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByTestId("object-box-1").textContent()).toContain("wall");
    // One undo step, as any Inspector edit.
    await page.keyboard.press("Control+z");
    await expect.poll(() => page.getByTestId("object-box-1").textContent()).not.toContain("wall");

    // From the palette too; a renamed name is selected whole, so typing replaces it.
    await page.getByTestId("object-circle-1").click();
    await runCommand(page, "Rename");
    await expect.poll(focused).toBe(true);
    expect(await name.inputValue()).toBe("coin");
    await page.keyboard.type("gem");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByTestId("object-circle-1").textContent()).toContain("gem");

    // Nothing selected: F2 does nothing, and the palette says why.
    await page.keyboard.press("Escape");
    await page.keyboard.press("F2");
    expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe("INPUT");

    // A layer's name: a double-click selects it whole, so typing renames it, as in Tiled.
    const layerName = page.getByLabel("Name of layer Layer 1");
    await layerName.dblclick();
    await page.keyboard.type("Ground");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByLabel("Name of layer Ground").inputValue()).toBe("Ground");
    expect(pageErrors(page)).toEqual([]);
  });

  it("lists 100,000 shapes drawing only the rows in view, and finds the last one", async () => {
    const file = resolve(ARTIFACTS, "e2e-objects-100k.json");
    const text = scaleSceneText(100_000, 5);
    writeFileSync(file, text);
    const scene = JSON.parse(text) as { layers: { id: string }[]; shapes: { id: string; layer?: string }[]; probes: { id: string }[] };
    const total = scene.shapes.length + scene.probes.length;
    const page = await session.newPage();
    await page.getByRole("tab", { name: /Objects/ }).click();
    await page.setInputFiles("#open-scene-input", file);
    await expect.poll(() => page.getByTestId("shape-count").textContent(), { timeout: 30_000 }).toBe("100000 shapes");
    await expect.poll(() => page.getByTestId("objects-count").textContent()).toBe(`${total} objects`);
    const list = page.getByRole("listbox", { name: "Objects" });
    expect(await list.getByRole("option").count()).toBeLessThan(60);
    // Scrolled to its end, the list draws the last shape's row.
    await page.evaluate(() => {
      const el = document.querySelector<HTMLElement>(".objects-list")!;
      el.scrollTop = el.scrollHeight;
    });
    // The last row is the last probe; the last shape's row is just above the probes'.
    const lastProbe = scene.probes.at(-1)!.id;
    await expect.poll(() => list.getByRole("option").last().getAttribute("data-testid")).toBe(`object-${lastProbe}`);
    // The list is in draw order: the last shape of the top layer.
    const top = scene.layers.at(-1)!.id;
    const lastShape = scene.shapes.filter((s) => s.layer === top).at(-1)!.id;
    const lastRow = `object-${lastShape}`;
    expect(await page.getByTestId(lastRow).count()).toBe(1);
    expect(await list.getByRole("option").count()).toBeLessThan(60);
    // The search runs over all 100,000 and keeps the list short.
    await page.getByLabel("Search objects").fill(lastShape);
    await expect.poll(() => page.getByTestId("objects-count").textContent()).toMatch(new RegExp(`^\\d+ of ${total}$`));
    expect(await list.getByRole("option").first().getAttribute("data-testid")).toBe(lastRow);
    await page.getByTestId(lastRow).click();
    expect(await page.getByTestId("inspector-what").textContent()).toContain(lastShape);
    expect(pageErrors(page)).toEqual([]);
  });

  it("names show on the canvas where the zoom leaves room, and the toggle hides them", async () => {
    const page = await session.newPage();
    const c = await box(page.locator(".canvas"));
    await placeAt(page, "Box", c.x + 300, c.y + 200);
    await rename(page, "door");
    await placeAt(page, "Box", c.x + 600, c.y + 200);
    await page.keyboard.press("Escape");
    const named = { x: c.x + 270, y: c.y + 185, width: 60, height: 30 };
    const unnamed = { x: c.x + 570, y: c.y + 185, width: 60, height: 30 };
    await expect.poll(async () => (await painted(page, NAMES_LAYER, named)).count).toBeGreaterThan(20);
    expect((await painted(page, NAMES_LAYER, unnamed)).count).toBe(0);
    // Zoomed far out, the box has no room for its name.
    for (let i = 0; i < 12; i++) await page.keyboard.press("Control+-");
    const all = await painted(page, NAMES_LAYER, c);
    expect(all.count).toBe(0);
    await page.keyboard.press("Control+0");
    await page.keyboard.press("Home");
    await expect.poll(async () => (await painted(page, NAMES_LAYER, c)).count).toBeGreaterThan(20);
    await runCommand(page, "Show names on shapes");
    await expect.poll(async () => (await painted(page, NAMES_LAYER, c)).count).toBe(0);
    // The choice is remembered.
    await page.reload();
    await page.getByRole("toolbar", { name: "Tools" }).waitFor();
    await placeAt(page, "Box", c.x + 300, c.y + 200);
    await rename(page, "door");
    await page.keyboard.press("Escape");
    expect((await painted(page, NAMES_LAYER, named)).count).toBe(0);
    expect(pageErrors(page)).toEqual([]);
  });

  it("a selected ray or sweep shows its numbers in the Inspector, editable and undoable", async () => {
    const page = await session.newPage();
    const c = await box(page.locator(".canvas"));
    await placeAt(page, "Circle", c.x + 200, c.y + 200);
    await rename(page, "coin");
    await placeAt(page, "Circle", c.x + 400, c.y + 200);
    await rename(page, "coin");
    await placeAt(page, "Capsule", c.x + 600, c.y + 200);
    await rename(page, "player");
    await page.getByRole("button", { name: "Ray", exact: true }).click();
    await page.mouse.move(c.x + 100, c.y + 400);
    await page.mouse.down();
    await page.mouse.move(c.x + 700, c.y + 400, { steps: 4 });
    await page.mouse.up();
    const inspector = page.getByRole("group", { name: "Inspector" });
    expect(await page.getByTestId("inspector-what").textContent()).toBe("ray ray-1");
    const toY = page.getByTestId("inspector-to-y");
    const fromY = page.getByTestId("inspector-from-y");
    const yBefore = await toY.inputValue();
    // Aim the ray up through the first coin: it hits it.
    const coinY = c.y + 200 - (c.y + 400) + Number(yBefore);
    await fromY.fill(String(coinY));
    await fromY.press("Enter");
    await toY.fill(String(coinY));
    await toY.press("Enter");
    await expect.poll(() => page.getByTestId("probe-result-ray-1").textContent()).toMatch(/^hits coin at /);
    await inspector.getByLabel("Name", { exact: true }).fill("line of sight");
    await inspector.getByLabel("Name", { exact: true }).press("Enter");
    expect(await page.getByLabel("Name of ray-1").inputValue()).toBe("line of sight");

    // A sweep's shape by name; a name two shapes share is refused with their ids.
    await page.getByRole("button", { name: "Sweep", exact: true }).click();
    await page.mouse.move(c.x + 600, c.y + 200);
    await page.mouse.down();
    await page.mouse.move(c.x + 600, c.y + 300, { steps: 4 });
    await page.mouse.up();
    const shape = page.getByTestId("inspector-sweep-shape");
    expect(await shape.inputValue()).toBe("player");
    await shape.fill("coin");
    await shape.press("Enter");
    await expect.poll(() => inspector.getByRole("alert").textContent()).toBe('2 shapes are named "coin" (circle-1, circle-2); give an id');
    expect(await page.getByTestId("probe-sweep-1").locator(".kind").textContent()).toBe("sweep of player");
    await shape.fill("circle-2");
    await shape.press("Enter");
    await expect.poll(() => page.getByTestId("probe-sweep-1").locator(".kind").textContent()).toBe("sweep of coin");
    await shape.evaluate((el) => (el as HTMLInputElement).blur());
    await page.keyboard.press("Control+z");
    await expect.poll(() => page.getByTestId("probe-sweep-1").locator(".kind").textContent()).toBe("sweep of player");
    expect(await shape.inputValue()).toBe("player");
    expect(pageErrors(page)).toEqual([]);
  });
  it("the History tab lists every step by name, as Tiled's History view; a click goes back or forward to it", async () => {
    const page = await session.newPage();
    await placeAt(page, "Box", 300, 200);
    await placeAt(page, "Circle", 450, 200);
    await page.getByRole("button", { name: "Select", exact: true }).click();
    await page.mouse.click(300, 200);
    // Arrow presses in a row on one selection are one step, as Godot merges them.
    for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowRight");
    const tab = page.getByRole("tab", { name: /History/ });
    expect(await tab.textContent()).toBe("History3");
    await tab.click();
    const list = page.getByRole("list", { name: "History" });
    const rows = () => list.getByRole("button").allTextContents();
    const current = () => list.locator("[aria-current=step]").textContent();
    expect(await rows()).toEqual(["Start", "Add box", "Add circle", "Move box-1"]);
    expect(await current()).toBe("Move box-1");
    await list.getByRole("button", { name: "Start" }).click();
    await expect.poll(() => page.getByTestId("shape-count").textContent()).toBe("0 shapes");
    expect(await current()).toBe("Start");
    expect(await page.getByTestId("notice").textContent()).toBe("Undid 3 steps");
    expect(await page.getByTestId("notice").getAttribute("title")).toBe("Undid: Move box-1, Add circle, Add box");
    // Undone steps stay listed, greyed, until a new step drops them.
    expect(await list.locator(".undone").count()).toBe(3);
    await list.getByRole("button", { name: "Add circle" }).click();
    await expect.poll(() => page.getByTestId("shape-count").textContent()).toBe("2 shapes");
    expect(await current()).toBe("Add circle");
    expect(await page.getByTestId("notice").textContent()).toBe("Redid 2 steps");
    if (process.env.EDITOR_SHOTS) await page.screenshot({ path: `${process.env.EDITOR_SHOTS}/history-tab.png` });
    await placeAt(page, "Box", 300, 400);
    expect(await rows()).toEqual(["Start", "Add box", "Add circle", "Add box"]);
    expect(pageErrors(page)).toEqual([]);
  });
});
