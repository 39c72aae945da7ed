// A designer's first hour (review eyes5) in Chromium: the Trace colliders dialog takes the keyboard
// (focus inside, Escape cancels, Enter adds, no key reaches the canvas under it), a locked image
// traces, a disabled command says why, the dialog's settings are kept, and the problems list
// follows the latest export; and the canvas keeps drawing after an Inspector edit of several
// selected boxes while a sensor overlaps. Screenshots go to EDITOR_SHOTS when it is set.
import { decode, encode } from "fast-png";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { CANVAS_TOP, editorSession, notice, pageErrors, placeAt, runCommand, savedShapes } from "./harness";

const session = editorSession();
const shot = async (page: Page, name: string) => {
  if (process.env.EDITOR_SHOTS) await page.screenshot({ path: `${process.env.EDITOR_SHOTS}/${name}.png` });
};

/** A w × h PNG whose pixel (x, y) has alpha `alpha(x, y)`. */
function png(width: number, height: number, alpha: (x: number, y: number) => number): Buffer {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set([200, 120, 40, alpha(x, y)], (y * width + x) * 4);
  return Buffer.from(encode({ width, height, data, channels: 4, depth: 8 }));
}
/** Two opaque squares on a clear ground. */
const level = () => png(96, 64, (x, y) => ((x >= 8 && x < 40) || (x >= 56 && x < 88)) && y >= 16 && y < 48 ? 255 : 0);

async function dropPng(page: Page, bytes: Buffer, name: string, x: number, y: number): Promise<void> {
  await page.evaluate(({ base64, name, x, y }) => {
    const dt = new DataTransfer();
    dt.items.add(new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], name, { type: "image/png" }));
    const target = document.querySelector(".canvas")!;
    for (const type of ["dragenter", "dragover", "drop"]) target.dispatchEvent(new DragEvent(type, { dataTransfer: dt, clientX: x, clientY: y, bubbles: true, cancelable: true }));
  }, { base64: bytes.toString("base64"), name, x, y });
  await expect.poll(() => notice(page)).toMatch(/^Dropped image/);
}

/** The canvas pixel at (x, y) of the page as [r, g, b]. */
async function pixel(page: Page, x: number, y: number): Promise<number[]> {
  const d = decode(await page.screenshot({ clip: { x, y, width: 1, height: 1 } })).data;
  return [d[0]!, d[1]!, d[2]!];
}

/** Whether the focused element is inside the open dialog (not the page's body). */
const focusInDialog = (page: Page) => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null && document.activeElement !== document.body);
const dialog = (page: Page) => page.getByRole("dialog", { name: "Trace colliders" });
const status = (page: Page) => page.getByTestId("trace-status");

describe("the Trace colliders dialog and the keyboard", () => {
  it("has focus on opening (Add disabled while tracing), Escape cancels, keys never reach the canvas, Enter adds", async () => {
    const page = await session.newPage();
    await placeAt(page, "Box", 700, CANVAS_TOP + 450);
    await dropPng(page, level(), "level.png", 300, CANVAS_TOP + 200);
    // The box selected, the dialog opened from the image's row: Delete under the dialog must not delete it.
    await page.getByRole("button", { name: "Select", exact: true }).click();
    await page.mouse.click(700, CANVAS_TOP + 450);
    await expect.poll(() => page.getByTestId("selection-count").textContent()).toBe("1 selected");
    await page.getByRole("button", { name: "Trace colliders from level" }).click();
    await dialog(page).waitFor();
    expect(await focusInDialog(page)).toBe(true);
    await page.keyboard.press("Delete");
    await page.keyboard.press("v");
    await expect.poll(() => status(page).textContent(), { timeout: 15_000 }).toMatch(/^2 blobs, 2 pieces/);
    expect(await page.getByTestId("shape-count").textContent()).toBe("1 shape");
    await shot(page, "trace-dialog-focused");
    await page.keyboard.press("Escape");
    expect(await dialog(page).count()).toBe(0);
    expect(await page.getByTestId("shape-count").textContent()).toBe("1 shape");

    // Enter adds once the trace is in.
    await page.getByRole("button", { name: "Trace colliders from level" }).click();
    await expect.poll(() => status(page).textContent(), { timeout: 15_000 }).toMatch(/^2 blobs, 2 pieces/);
    await page.keyboard.press("Enter");
    await expect.poll(() => dialog(page).count()).toBe(0);
    await expect.poll(() => page.getByTestId("shape-count").textContent()).toBe("3 shapes");
    expect(pageErrors(page)).toEqual([]);
  });

  it("an image with nothing to trace: Add is never enabled, yet Escape closes and Enter does nothing", async () => {
    const page = await session.newPage();
    await dropPng(page, png(64, 64, () => 0), "empty.png", 300, CANVAS_TOP + 200);
    await runCommand(page, "Trace Colliders");
    await dialog(page).waitFor();
    expect(await focusInDialog(page)).toBe(true);
    await expect.poll(() => status(page).textContent(), { timeout: 15_000 }).toBe("Nothing to trace: no pixel is as opaque as the threshold");
    await page.keyboard.press("Enter");
    expect(await dialog(page).count()).toBe(1);
    await page.keyboard.press("Escape");
    expect(await dialog(page).count()).toBe(0);
    // The editor has its keys back: Delete removes the selected image.
    await page.keyboard.press("Delete");
    await expect.poll(() => page.getByRole("button", { name: "Trace colliders from empty" }).count()).toBe(0);
  });
});

describe("Trace Colliders on locked art, and why a command is disabled", () => {
  it("a locked image traces (from the palette and its row); with no image the palette says why", async () => {
    const page = await session.newPage();
    await runCommand(page, "Trace Colliders");
    await expect.poll(() => page.getByTestId("palette-refused").textContent()).toBe("Trace Colliders needs an image: drop a PNG, JPEG or WebP on the canvas, paste one, or use Add image… in the Images panel");
    expect(await page.getByRole("option", { name: /Trace Colliders/ }).getAttribute("title")).toMatch(/^Trace Colliders needs an image/);
    await shot(page, "palette-disabled-reason");
    await page.keyboard.press("Escape");

    await dropPng(page, level(), "level.png", 300, CANVAS_TOP + 200);
    await page.getByRole("button", { name: "Lock level" }).click();
    await expect.poll(() => page.getByTestId("selection-count").textContent()).toBe("0 selected");
    await runCommand(page, "Trace Colliders");
    await dialog(page).waitFor();
    expect(await page.getByRole("heading", { name: "Trace colliders from level" }).count()).toBe(1);
    await expect.poll(() => status(page).textContent(), { timeout: 15_000 }).toMatch(/^2 blobs, 2 pieces/);
    await page.getByRole("button", { name: "Add 2 colliders" }).click();
    await expect.poll(() => page.getByTestId("shape-count").textContent()).toBe("2 shapes");
    // Still locked.
    expect(await page.getByRole("button", { name: "Unlock level" }).count()).toBe(1);
    await shot(page, "trace-locked-row");

    // Two images, none selected: the topmost is offered first, the other one chosen in the dialog.
    await dropPng(page, png(32, 32, (x) => (x < 16 ? 255 : 0)), "strip.png", 600, CANVAS_TOP + 400);
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByTestId("selection-count").textContent()).toBe("0 selected");
    await runCommand(page, "Trace Colliders");
    await expect.poll(() => page.getByRole("heading", { level: 2 }).textContent()).toBe("Trace colliders from strip");
    await dialog(page).getByRole("combobox", { name: "Image to trace" }).selectOption("level");
    await expect.poll(() => page.getByRole("heading", { level: 2 }).textContent()).toBe("Trace colliders from level");
    await expect.poll(() => status(page).textContent(), { timeout: 15_000 }).toMatch(/^2 blobs, 2 pieces/);
    await shot(page, "trace-image-choice");
    await page.keyboard.press("Escape");
    expect(pageErrors(page)).toEqual([]);
  });

  it("keeps the tolerance and Whole outlines after Cancel and after Undo", async () => {
    const page = await session.newPage();
    await dropPng(page, level(), "level.png", 300, CANVAS_TOP + 200);
    await runCommand(page, "Trace Colliders");
    await dialog(page).waitFor();
    const tolerance = page.getByLabel("Tolerance (px)", { exact: true });
    await tolerance.evaluate((el) => {
      const input = el as HTMLInputElement;
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(input, "3");
      input.dispatchEvent(new Event("input", { bubbles: true }));
    });
    await page.getByLabel("Whole outlines: one concave polygon per blob, a few where it has holes").check();
    await page.getByRole("button", { name: "Cancel" }).click();
    await runCommand(page, "Trace Colliders");
    await dialog(page).waitFor();
    expect(await tolerance.inputValue()).toBe("3");
    expect(await page.getByLabel("Whole outlines: one concave polygon per blob, a few where it has holes").isChecked()).toBe(true);
    await expect.poll(() => status(page).textContent(), { timeout: 15_000 }).toMatch(/^2 blobs, 2 pieces/);
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByTestId("shape-count").textContent()).toBe("2 shapes");
    await page.keyboard.press("Control+z");
    await expect.poll(() => page.getByTestId("shape-count").textContent()).toBe("0 shapes");
    await runCommand(page, "Trace Colliders");
    await dialog(page).waitFor();
    expect(await tolerance.inputValue()).toBe("3");
    expect(await page.getByLabel("Whole outlines: one concave polygon per blob, a few where it has holes").isChecked()).toBe(true);
  });
});

describe("the problems list after exports", () => {
  it("a Godot export lists its renames, of nodes and of metadata keys; a later Tiled export with nothing to say clears the list", async () => {
    const page = await session.newPage();
    const crates = Array.from({ length: 6 }, (_, i) => ({ id: `box-${i + 1}`, type: "box", x: 100 + 60 * i, y: 300, rotation: 0, width: 40, height: 40, name: "crate", ...(i === 0 ? { properties: [{ name: "open speed", type: "number", value: 2 }] } : {}) }));
    await page.setInputFiles("#open-scene-input", { name: "crates.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify({ format: "collider-studio-scene", version: 1, shapes: crates })) });
    await expect.poll(() => page.getByTestId("shape-count").textContent()).toBe("6 shapes");
    const panel = page.getByRole("alert", { name: "Problems" });
    let download = page.waitForEvent("download");
    await runCommand(page, "Export as Godot 4");
    await download;
    await expect.poll(() => panel.locator("li").allTextContents()).toEqual([
      `6 shapes renamed: a Godot node's name is unique among its body's children (shapes sharing one take their id after it) and has no . : @ / " %, so "crate" is written crate_box-1 (and 5 more); name them apart in the editor to choose the names yourself`,
      `1 custom property under another metadata key: Godot 4's metadata keys are identifiers (letters, digits and _) and shape_id holds the shape's id, so "open speed" of "crate" is open_speed; get_meta takes the key as written`,
    ]);
    await shot(page, "problems-godot-renames");
    download = page.waitForEvent("download");
    await runCommand(page, "Export as Tiled");
    await download;
    await expect.poll(() => notice(page)).toBe("Exported crates.tmj (Tiled map)");
    expect(await panel.count()).toBe(0);
    expect(pageErrors(page)).toEqual([]);
  });
});

describe("Tiled object ids of drawn shapes", () => {
  /** Exports as Tiled (a download) and returns each object's id by its shape id, and nextobjectid. */
  async function exportedIds(page: Page): Promise<{ readonly ids: Record<string, number>; readonly next: number }> {
    const download = page.waitForEvent("download");
    await runCommand(page, "Export as Tiled");
    const map = JSON.parse(readFileSync(await (await download).path(), "utf8")) as { nextobjectid: number; layers: { objects?: { id: number; properties?: { name: string; value: unknown }[] }[] }[] };
    const ids: Record<string, number> = {};
    for (const o of map.layers.flatMap((l) => l.objects ?? [])) ids[String(o.properties?.find((p) => p.name === "shape_id")?.value)] = o.id;
    return { ids, next: map.nextobjectid };
  }

  it("deleting a drawn shape between two Tiled exports changes no other object's id; saved, the ids stay with the scene", async () => {
    const page = await session.newPage();
    const xs = [250, 400, 550, 700];
    for (const x of xs) {
      await placeAt(page, "Box", x, CANVAS_TOP + 300);
      await page.keyboard.press("Escape");
    }
    await expect.poll(() => page.getByTestId("shape-count").textContent()).toBe("4 shapes");
    const first = await exportedIds(page);
    expect(Object.values(first.ids).sort()).toEqual([1, 2, 3, 4]);
    // Delete the second box, as the review deleted "Slope".
    await page.getByRole("button", { name: "Select", exact: true }).click();
    await page.mouse.click(xs[1]!, CANVAS_TOP + 300);
    await expect.poll(() => page.getByTestId("selection-count").textContent()).toBe("1 selected");
    await page.keyboard.press("Delete");
    await expect.poll(() => page.getByTestId("shape-count").textContent()).toBe("3 shapes");
    const second = await exportedIds(page);
    const deleted = Object.keys(first.ids).find((id) => !(id in second.ids))!;
    const { [deleted]: _gone, ...kept } = first.ids;
    expect(second.ids).toEqual(kept);
    expect(second.next).toBe(first.next);
    await shot(page, "tiled-ids-after-delete");
    const saved = await savedShapes(page);
    expect(Object.fromEntries(saved.map((s) => [s.id, s.tiledId]))).toEqual(kept);
    expect(pageErrors(page)).toEqual([]);
  });
});

describe("the canvas after an Inspector edit", () => {
  it("editing several selected boxes in the Inspector while a sensor overlaps something leaves every shape drawn", async () => {
    const page = await session.newPage();
    const box = (await page.locator(".canvas").boundingBox())!;
    const c = { x: box.x, y: box.y };
    const background = await pixel(page, c.x + 700, c.y + 500);
    for (const x of [250, 320, 390]) {
      await placeAt(page, "Box", c.x + x, c.y + 400);
      await page.keyboard.press("Escape");
    }
    for (const x of [550, 620]) await placeAt(page, "Circle", c.x + x, c.y + 250);
    await page.getByLabel("Sensor").check();
    await page.keyboard.press("Escape");
    await page.keyboard.press("v");
    // A marquee around the three boxes.
    await page.mouse.move(c.x + 200, c.y + 330);
    await page.mouse.down();
    await page.mouse.move(c.x + 460, c.y + 470, { steps: 8 });
    await page.mouse.up();
    await expect.poll(() => page.getByTestId("inspector-what").textContent()).toBe("3 boxes");
    const width = page.getByLabel("Width", { exact: true });
    await width.fill("48");
    await width.press("Enter");
    // Deselected, the boxes go back into the cached drawing: every one must be painted there.
    await page.keyboard.press("Escape");
    await page.waitForTimeout(200);
    for (const x of [250, 320, 390]) expect(await pixel(page, c.x + x, c.y + 400)).not.toEqual(background);
    expect(await pixel(page, c.x + 550, c.y + 250)).not.toEqual(background);
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });
});
