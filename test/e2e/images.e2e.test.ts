// Issue 24's images in the editor, in Chromium as a designer uses them: a PNG dropped on the
// canvas is drawn centred there, under the shapes; a corner resizes it keeping its aspect ratio
// (Alt frees it); the Layers panel's Images section changes its opacity, visibility, lock and
// order, each one undo step; the scene saves and reopens with it; a scene naming a missing file
// opens with a placeholder and saves the reference unchanged; a picture pasted from the
// clipboard and one picked with File → Add Image… are added too (a scene's first at (0, 0)).
import { readFileSync } from "node:fs";
import { encode, decode } from "fast-png";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { parseScene, serializeScene, type Scene, type SceneImage } from "../../core";
import { dropPatternImage, patternColour } from "../bench/editor-page";
import { editorSession, pageErrors } from "./harness";

const session = editorSession();
const SHOTS = "/tmp/shots";

type Rgba = readonly [number, number, number, number];

/** A PNG of `width` × `height` painted by `paint` (x, y → RGBA). */
function png(width: number, height: number, paint: (x: number, y: number) => Rgba): Buffer {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set(paint(x, y), (y * width + x) * 4);
  return Buffer.from(encode({ width, height, data, channels: 4, depth: 8 }));
}

const RED: Rgba = [220, 30, 30, 255];
const redPng = (w: number, h: number) => png(w, h, () => RED);

/** The canvas's top-left corner on the page: world (0, 0) at the default view. */
async function canvasAt(page: Page): Promise<{ x: number; y: number }> {
  const box = (await page.locator(".canvas").boundingBox())!;
  return { x: box.x, y: box.y };
}

/** The colour of one page pixel. */
async function pixel(page: Page, x: number, y: number): Promise<[number, number, number]> {
  const shot = decode(await page.screenshot({ clip: { x, y, width: 1, height: 1 } }));
  const d = shot.data;
  return [d[0]!, d[1]!, d[2]!];
}

const near = (a: readonly number[], b: readonly number[], tolerance = 6) => a.every((v, i) => Math.abs(v - b[i]!) <= tolerance);

/** Drops files on the canvas at page (x, y), as a file manager would. */
async function dropFiles(page: Page, files: readonly { name: string; type: string; bytes: Buffer }[], x: number, y: number): Promise<void> {
  const sent = files.map((f) => ({ name: f.name, type: f.type, base64: f.bytes.toString("base64") }));
  await page.evaluate(({ sent, x, y }) => {
    const dt = new DataTransfer();
    for (const f of sent) dt.items.add(new File([Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0))], f.name, { type: f.type }));
    const target = document.querySelector(".canvas")!;
    for (const type of ["dragenter", "dragover", "drop"]) target.dispatchEvent(new DragEvent(type, { dataTransfer: dt, clientX: x, clientY: y, bubbles: true, cancelable: true }));
  }, { sent, x, y });
}

/** The scene as Save writes it (a download in a browser without the File System Access API). */
async function saved(page: Page): Promise<{ scene: Scene; text: string }> {
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const text = readFileSync((await (await download).path())!, "utf8");
  const parsed = parseScene(text);
  if (!parsed.ok) throw new Error(`saved scene does not parse: ${parsed.problems[0]?.message}`);
  return { scene: parsed.scene, text };
}

async function open(page: Page, name: string, text: string): Promise<void> {
  await page.setInputFiles("#open-scene-input", { name, mimeType: "application/json", buffer: Buffer.from(text) });
  await expect.poll(() => page.getByTestId("notice").textContent()).toContain(`Opened ${name}`);
}

const notice = (page: Page) => page.getByTestId("notice").textContent();
const imageRow = (page: Page, id: string) => page.getByTestId(`image-${id}`);

/** Draws a box with the Box tool from page (x0, y0) to (x1, y1), then returns to Select. */
async function drawBox(page: Page, x0: number, y0: number, x1: number, y1: number): Promise<void> {
  await page.keyboard.press("b");
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  await page.mouse.move(x1, y1, { steps: 4 });
  await page.mouse.up();
  await page.keyboard.press("v");
}

describe("images in the editor", () => {
  it("a dropped PNG is drawn centred at the drop point, under the shapes, and saves embedded", async () => {
    const page = await session.newPage();
    const c = await canvasAt(page);
    // A box from world (380, 280) to (430, 330); its middle (405, 305) lies on no grid line.
    await drawBox(page, c.x + 380, c.y + 280, c.x + 430, c.y + 330);
    await page.keyboard.press("Escape");
    const boxOnBackground = await pixel(page, c.x + 412, c.y + 312);
    const background = await pixel(page, c.x + 212, c.y + 312);
    await dropFiles(page, [{ name: "red.png", type: "image/png", bytes: redPng(200, 100) }], c.x + 400, c.y + 300);
    await expect.poll(() => notice(page)).toBe("Dropped image red (200 × 100 px) at 300, 250, embedded in the scene");
    expect(await page.getByTestId("selection-count").textContent()).toBe("image red selected");
    // Its middle at the drop point: world (300, 250) to (500, 350).
    await expect.poll(() => pixel(page, c.x + 312, c.y + 262)).toSatisfy((p: number[]) => near(p, RED));
    expect(near(await pixel(page, c.x + 512, c.y + 262), background)).toBe(true);
    expect(near(await pixel(page, c.x + 287, c.y + 262), background)).toBe(true);
    // Under the box: the box's translucent fill over red, neither the box on the background nor plain red.
    const boxOverImage = await pixel(page, c.x + 412, c.y + 312);
    expect(near(boxOverImage, boxOnBackground)).toBe(false);
    expect(near(boxOverImage, RED)).toBe(false);
    // A click on the box picks the box, not the image under it.
    await page.mouse.click(c.x + 412, c.y + 312);
    await expect.poll(() => page.getByTestId("inspector-what").textContent()).toBe("box box-1");
    const { scene } = await saved(page);
    expect(scene.images).toEqual([{ id: "red", src: expect.stringMatching(/^data:image\/png;base64,/), x: 300, y: 250, width: 200, height: 100 }]);
    await expect.poll(() => imageRow(page, "red").textContent()).toContain("embedded image/png");
    expect(pageErrors(page)).toEqual([]);
  });

  it("a corner resizes the image keeping its aspect ratio, Alt frees it; each drag is one undo step", async () => {
    const page = await session.newPage();
    const c = await canvasAt(page);
    await dropFiles(page, [{ name: "red.png", type: "image/png", bytes: redPng(200, 100) }], c.x + 300, c.y + 200);
    await expect.poll(() => imageRow(page, "red").count()).toBe(1);
    // Dropped images are selected: their corners are handles. The south-east one is at world (400, 250).
    await page.mouse.move(c.x + 400, c.y + 250);
    await page.mouse.down();
    await page.mouse.move(c.x + 500, c.y + 260, { steps: 5 });
    await page.mouse.up();
    expect((await saved(page)).scene.images![0]).toMatchObject({ x: 200, y: 150, width: 300, height: 150 });
    await page.keyboard.down("Alt");
    await page.mouse.move(c.x + 500, c.y + 300);
    await page.mouse.down();
    await page.mouse.move(c.x + 450, c.y + 350, { steps: 5 });
    await page.mouse.up();
    await page.keyboard.up("Alt");
    expect((await saved(page)).scene.images![0]).toMatchObject({ x: 200, y: 150, width: 250, height: 200 });
    // Moved by its body, where no shape is.
    await page.mouse.move(c.x + 262, c.y + 212);
    await page.mouse.down();
    await page.mouse.move(c.x + 312, c.y + 237, { steps: 5 });
    await page.mouse.up();
    expect((await saved(page)).scene.images![0]).toMatchObject({ x: 250, y: 175, width: 250, height: 200 });
    await page.keyboard.press("Control+z");
    await page.keyboard.press("Control+z");
    expect((await saved(page)).scene.images![0]).toMatchObject({ x: 200, y: 150, width: 300, height: 150 });
    await page.screenshot({ path: `${SHOTS}/images-resize.png` });
    expect(pageErrors(page)).toEqual([]);
  });

  it("the Layers panel changes opacity (one step per drag), visibility, lock and order, and deletes", async () => {
    const page = await session.newPage();
    const c = await canvasAt(page);
    await dropFiles(page, [{ name: "red.png", type: "image/png", bytes: redPng(200, 100) }], c.x + 300, c.y + 200);
    await expect.poll(() => pixel(page, c.x + 262, c.y + 187)).toSatisfy((p: number[]) => near(p, RED));
    const background = await pixel(page, c.x + 612, c.y + 487);
    // The slider dragged from full to about half: one undo step.
    const slider = page.getByTestId("image-opacity-red");
    const box = (await slider.boundingBox())!;
    await page.mouse.move(box.x + box.width - 3, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.75, box.y + box.height / 2, { steps: 3 });
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 3 });
    await page.mouse.up();
    const half = await pixel(page, c.x + 262, c.y + 187);
    expect(half[0]).toBeLessThan(RED[0] - 40);
    expect(half[0]).toBeGreaterThan(background[0] + 40);
    await page.keyboard.press("Control+z");
    await expect.poll(() => pixel(page, c.x + 262, c.y + 187)).toSatisfy((p: number[]) => near(p, RED));
    // Hidden: the canvas shows the background there; shown again.
    await page.getByRole("button", { name: "Hide red" }).click();
    await expect.poll(() => pixel(page, c.x + 262, c.y + 187)).toSatisfy((p: number[]) => near(p, background));
    await page.getByRole("button", { name: "Show red" }).click();
    // Locked: a press on it starts a marquee instead of picking it.
    await page.getByRole("button", { name: "Lock red" }).click();
    await page.mouse.click(c.x + 262, c.y + 187);
    expect(await imageRow(page, "red").getAttribute("aria-current")).toBeNull();
    await page.getByRole("button", { name: "Unlock red" }).click();
    await page.mouse.click(c.x + 262, c.y + 187);
    await expect.poll(() => imageRow(page, "red").getAttribute("aria-current")).toBe("true");
    // A second image on top; red moved up over it.
    await dropFiles(page, [{ name: "blue.png", type: "image/png", bytes: png(100, 100, () => [30, 60, 220, 255]) }], c.x + 300, c.y + 200);
    await expect.poll(() => pixel(page, c.x + 287, c.y + 187)).toSatisfy((p: number[]) => near(p, [30, 60, 220]));
    await page.getByRole("button", { name: "Move red up" }).click();
    await expect.poll(() => pixel(page, c.x + 287, c.y + 187)).toSatisfy((p: number[]) => near(p, RED));
    expect((await saved(page)).scene.images!.map((i) => i.id)).toEqual(["blue", "red"]);
    await page.getByRole("button", { name: "Delete red" }).click();
    await expect.poll(() => pixel(page, c.x + 212, c.y + 187)).toSatisfy((p: number[]) => near(p, background));
    // Each of those was one step: undo back to before the move up (shown and unlocked are the defaults, left out).
    await page.keyboard.press("Control+z");
    await page.keyboard.press("Control+z");
    expect((await saved(page)).scene.images!.map((i) => [i.id, i.visible, i.locked])).toEqual([["red", undefined, undefined], ["blue", undefined, undefined]]);
    // Delete with the key, the image selected on the canvas.
    await page.mouse.click(c.x + 212, c.y + 187);
    await expect.poll(() => imageRow(page, "red").getAttribute("aria-current")).toBe("true");
    await page.keyboard.press("Delete");
    await expect.poll(() => imageRow(page, "red").count()).toBe(0);
    expect(pageErrors(page)).toEqual([]);
  });

  it("saved and opened again, the image comes back where it was", async () => {
    const page = await session.newPage();
    const c = await canvasAt(page);
    await dropFiles(page, [{ name: "red.png", type: "image/png", bytes: redPng(120, 80) }], c.x + 200, c.y + 200);
    await expect.poll(() => imageRow(page, "red").count()).toBe(1);
    const { text } = await saved(page);
    const again = await session.newPage();
    await open(again, "with-image.json", text);
    await expect.poll(() => pixel(again, c.x + 162, c.y + 187)).toSatisfy((p: number[]) => near(p, RED));
    expect((await saved(again)).text).toBe(text);
    expect(pageErrors(again)).toEqual([]);
  });

  it("a scene naming a missing file opens with a placeholder saying so, and saves the reference unchanged", async () => {
    const page = await session.newPage();
    const c = await canvasAt(page);
    const images: SceneImage[] = [{ id: "art", src: "art/level-1.png", x: 100, y: 100, opacity: 0.8, locked: true }];
    // With its grid cell, which every save writes: the file comes back byte for byte.
    const text = serializeScene({ format: "collider-studio-scene", version: 1, gridSize: 25, images, shapes: [{ id: "floor", type: "box", x: 300, y: 450, rotation: 0, width: 400, height: 40 }], probes: [] });
    const background = await pixel(page, c.x + 212, c.y + 212);
    await open(page, "level.json", text);
    await expect.poll(() => page.getByTestId("image-problem-art").textContent()).toMatch(/^image not read: art\/level-1\.png \(a browser reads files beside a scene only when it was opened, or its map imported, with File → Open Scene in Folder… or Import Tiled Map in Folder…\)$/);
    // The hatched 256 × 256 placeholder: some pixels of its square differ from the background.
    const shot = decode(await page.screenshot({ clip: { x: c.x + 100, y: c.y + 100, width: 256, height: 256 } }));
    let marked = 0;
    for (let i = 0; i < shot.data.length; i += 4) if (!near([shot.data[i]!, shot.data[i + 1]!, shot.data[i + 2]!], background, 20)) marked++;
    expect(marked).toBeGreaterThan(256 * 256 * 0.03);
    await page.screenshot({ path: `${SHOTS}/images-missing.png` });
    expect((await saved(page)).text).toBe(text);
    expect(pageErrors(page)).toEqual([]);
  });

  it("a picture pasted from the clipboard (Ctrl+V) is added centred at the pointer", async () => {
    const page = await session.newPage();
    const c = await canvasAt(page);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    const bytes = redPng(60, 40).toString("base64");
    await page.evaluate(async (base64) => {
      const blob = new Blob([Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0))], { type: "image/png" });
      await navigator.clipboard.write([new ClipboardItem({ "image/png": blob })]);
    }, bytes);
    await page.mouse.move(c.x + 500, c.y + 300);
    await page.keyboard.press("Control+V");
    await expect.poll(() => notice(page)).toBe("Pasted image image-1 (60 × 40 px) at 470, 280, embedded in the scene");
    expect((await saved(page)).scene.images![0]).toMatchObject({ x: 470, y: 280, width: 60, height: 40 });
    // Shapes still paste as before.
    await drawBox(page, c.x + 100, c.y + 100, c.x + 150, c.y + 150);
    await page.keyboard.press("Control+c");
    // The copy reaches the system clipboard (over the picture) a moment later.
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain("collider-studio-clipboard");
    await page.mouse.move(c.x + 700, c.y + 400);
    await page.keyboard.press("Control+v");
    await expect.poll(async () => (await saved(page)).scene.shapes.length).toBe(2);
    expect(pageErrors(page)).toEqual([]);
  });

  it("File → Add Image… puts a scene's first picture at (0, 0) and fits the view to it, a later one at the view's top-left grid point; a non-image refused by its bytes", async () => {
    const page = await session.newPage();
    await page.setViewportSize({ width: 1024, height: 640 });
    const addImage = async (files: Parameters<import("playwright-core").FileChooser["setFiles"]>[0]) => {
      await page.getByRole("menubar", { name: "Menu bar" }).getByRole("menuitem", { name: "File", exact: true }).click();
      const chooser = page.waitForEvent("filechooser");
      await page.getByRole("menu").locator("[role=menuitem]").filter({ hasText: /^Add Image…/ }).click();
      await (await chooser).setFiles(files);
    };
    // A level's art, as the report had it: 960 × 544 in a 1024 × 640 window had gone to X −118, Y −74, partly out of view.
    await addImage([{ name: "red.png", mimeType: "image/png", buffer: redPng(960, 544) }]);
    await expect.poll(() => notice(page)).toBe("Added image red (960 × 544 px) at 0, 0, embedded in the scene");
    expect([await page.getByTestId("inspector-image-x").inputValue(), await page.getByTestId("inspector-image-y").inputValue()]).toEqual(["0", "0"]);
    // The view fits it: each of its corners is on the canvas, red just inside it.
    const canvas = (await page.locator(".canvas").boundingBox())!;
    const scale = Math.min((canvas.width - 80) / 960, (canvas.height - 80) / 544);
    const left = canvas.x + canvas.width / 2 - 480 * scale, top = canvas.y + canvas.height / 2 - 272 * scale;
    for (const [x, y] of [[left + 12, top + 12], [left + 960 * scale - 12, top + 544 * scale - 12]] as const) {
      await expect.poll(() => pixel(page, x, y)).toSatisfy((p: number[]) => near(p, RED));
    }
    await page.screenshot({ path: `${SHOTS}/add-image-first.png` });
    expect((await saved(page)).scene.images![0]).toMatchObject({ x: 0, y: 0, width: 960, height: 544 });

    // A later picture: its corner on the first grid point inside the view's top-left corner.
    await page.keyboard.press("Control+0");
    await page.mouse.move(canvas.x + 1, canvas.y + 1);
    const [viewX, viewY] = (await page.getByTestId("cursor").textContent())!.split(", ").map(Number) as [number, number];
    await addImage([
      { name: "blue.png", mimeType: "image/png", buffer: png(40, 20, () => [30, 30, 220, 255]) },
      { name: "fake.png", mimeType: "image/png", buffer: Buffer.from("GIF89a not a png") },
    ]);
    await expect.poll(() => notice(page)).toMatch(/^Added image blue \(40 × 20 px\) at -?\d+, -?\d+, embedded in the scene · 1 file not added \(see the list\)$/);
    // Why, whole, in the list under the canvas: it stays until dismissed, where the status line fades.
    const problems = page.getByRole("alert", { name: "Problems" });
    expect(await problems.locator("strong").textContent()).toBe("Added 1 image");
    expect(await problems.locator("li").allTextContents()).toEqual(["not added: fake.png is not a PNG, JPEG or WebP image"]);
    await problems.getByRole("button", { name: "Dismiss" }).click();
    const blue = (await saved(page)).scene.images![1]!;
    for (const [corner, view] of [[blue.x, viewX], [blue.y, viewY]] as const) {
      expect(Math.abs(corner % 25)).toBe(0);
      expect(corner).toBeGreaterThanOrEqual(view - 1);
      expect(corner).toBeLessThan(view + 25 + 1);
    }
    await page.screenshot({ path: `${SHOTS}/add-image-later.png` });
    expect(pageErrors(page)).toEqual([]);
  });

  it("two Add Image… picked in a row, the second while the first still decodes: the first goes to (0, 0), the second where a later one goes", async () => {
    const page = await session.newPage();
    await page.setViewportSize({ width: 1024, height: 640 });
    const sent = [redPng(960, 544), png(40, 20, () => [30, 30, 220, 255])].map((b) => b.toString("base64"));
    // Both answers of the picker in one task: the first is still being read when the second comes.
    await page.evaluate(([red, blue]) => {
      const input = document.getElementById("add-image-input") as HTMLInputElement;
      for (const [name, base64] of [["red.png", red!], ["blue.png", blue!]] as const) {
        const dt = new DataTransfer();
        dt.items.add(new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], name, { type: "image/png" }));
        input.files = dt.files;
        input.dispatchEvent(new Event("change"));
      }
    }, sent);
    await expect.poll(() => notice(page)).toMatch(/^Added image blue \(40 × 20 px\) at /);
    const [red, blue] = (await saved(page)).scene.images!;
    expect(red).toMatchObject({ id: "red", x: 0, y: 0 });
    // The view was framed on the first: the second's corner is the first grid point inside its top-left corner.
    const canvas = (await page.locator(".canvas").boundingBox())!;
    await page.mouse.move(canvas.x + 1, canvas.y + 1);
    const view = (await page.getByTestId("cursor").textContent())!.split(", ").map(Number);
    expect(blue!.id).toBe("blue");
    expect([blue!.x, blue!.y]).not.toEqual([0, 0]);
    for (const [corner, at] of [[blue!.x, view[0]!], [blue!.y, view[1]!]] as const) {
      expect(Math.abs(corner % 25)).toBe(0);
      expect(corner).toBeGreaterThanOrEqual(at - 1);
      expect(corner).toBeLessThan(at + 25 + 1);
    }
    await page.screenshot({ path: `${SHOTS}/add-image-twice.png` });
    expect(pageErrors(page)).toEqual([]);
  });

  it("a picture dropped with snapping on has its top-left corner on the grid; without, centred where it falls", async () => {
    const page = await session.newPage();
    const c = await canvasAt(page);
    await dropFiles(page, [{ name: "loose.png", type: "image/png", bytes: redPng(50, 30) }], c.x + 413, c.y + 308);
    await expect.poll(() => notice(page)).toBe("Dropped image loose (50 × 30 px) at 388, 293, embedded in the scene");
    await page.keyboard.press("Escape");
    await page.keyboard.press("Shift+S");
    await dropFiles(page, [{ name: "snapped.png", type: "image/png", bytes: redPng(50, 30) }], c.x + 413, c.y + 308);
    await expect.poll(() => notice(page)).toBe("Dropped image snapped (50 × 30 px) at 400, 300, embedded in the scene");
    expect(pageErrors(page)).toEqual([]);
  });

  it("a level's art under its colliders, in both themes (screenshots)", async () => {
    const page = await session.newPage();
    const c = await canvasAt(page);
    const [W, H] = [880, 500];
    // Sky, a sun, two stone platforms, a ramp and grassy ground: the colliders below trace them.
    const art = png(W, H, (x, y): Rgba => {
      if (y >= 420) return y < 428 ? [70, 160, 60, 255] : [120, 80, 40, 255];
      if (x >= 360 && x <= 480 && y >= 420 - (x - 360) / 2) return [120, 80, 40, 255];
      if ((x >= 150 && x < 330 && y >= 300 && y < 320) || (x >= 540 && x < 720 && y >= 220 && y < 240)) return (x + y) % 16 < 2 ? [90, 90, 100, 255] : [140, 140, 150, 255];
      if ((x - 770) ** 2 + (y - 80) ** 2 <= 40 ** 2) return [250, 210, 60, 255];
      const t = y / 420;
      return [Math.round(120 + 80 * t), Math.round(170 + 55 * t), Math.round(230 + 20 * t), 255];
    });
    const scene = {
      format: "collider-studio-scene", version: 1,
      images: [{ id: "level-art", src: `data:image/png;base64,${art.toString("base64")}`, x: 20, y: 20, width: W, height: H, locked: true }],
      shapes: [
        { id: "ground", type: "box", x: 20 + W / 2, y: 20 + 460, width: W, height: 80 },
        { id: "left-platform", type: "box", x: 20 + 240, y: 20 + 310, width: 180, height: 20 },
        { id: "right-platform", type: "box", x: 20 + 630, y: 20 + 230, width: 180, height: 20 },
        { id: "ramp", type: "polygon", x: 20 + 440, y: 20 + 400, points: [[-80, 20], [40, 20], [40, -40]] },
        { id: "coin", type: "circle", x: 20 + 630, y: 20 + 190, radius: 14 },
      ],
      probes: [],
    };
    await open(page, "level-1.json", JSON.stringify(scene));
    // A pixel of the art under no collider: the sky; one under the ground collider: grass and earth under its fill.
    await expect.poll(() => pixel(page, c.x + 20 + 62, c.y + 20 + 37)).toSatisfy((p: number[]) => near(p, [129, 175, 231], 12));
    await page.screenshot({ path: `${SHOTS}/images-level-dark.png` });
    await page.getByRole("button", { name: "Toggle light/dark theme" }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme ?? document.body.className)).toContain("light");
    await page.screenshot({ path: `${SHOTS}/images-level-light.png` });
    expect(pageErrors(page)).toEqual([]);
  });

  it("an 8192 × 8192 PNG is drawn true at 100 % and zoomed out to 12.5 %, from its coarser levels (regression: they were 1 × 1)", async () => {
    const page = await session.newPage();
    await page.evaluate("window.__name = (f) => f");
    const c = await canvasAt(page);
    await page.getByRole("button", { name: "Grid", exact: true }).click();
    // Centred at canvas (400, 300): its pixel (px, py) lies at world (px − 3696, py − 3796).
    await dropPatternImage(page, 8192, c.x + 400, c.y + 300);
    await expect.poll(() => notice(page), { timeout: 30_000 }).toBe("Dropped image pattern (8192 × 8192 px) at -3696, -3796, embedded in the scene");
    const at = (px: number, py: number, scale: number) => ({ x: c.x + 400 + (px - 3696 - 400) * scale, y: c.y + 300 + (py - 3796 - 300) * scale });
    // Cell (29, 30)'s middle at 100 %.
    const p100 = at(29 * 128 + 64, 30 * 128 + 64, 1);
    await expect.poll(() => pixel(page, p100.x, p100.y)).toSatisfy((p: number[]) => near(p, patternColour(29 * 128, 30 * 128), 10));
    await page.mouse.move(c.x + 400, c.y + 300);
    // 100 → 75 → 50 → 33 → 25 → 12.5 %, a preset a notch.
    for (let k = 0; k < 5; k++) await page.mouse.wheel(0, 100);
    await expect.poll(() => page.getByTestId("zoom").textContent()).toBe("12.5%");
    for (const [i, j] of [[40, 30], [10, 40], [60, 20]] as const) {
      const p = at(i * 128 + 64, j * 128 + 64, 0.125);
      await expect.poll(() => pixel(page, Math.round(p.x), Math.round(p.y)), { timeout: 10_000 }).toSatisfy((got: number[]) => near(got, patternColour(i * 128, j * 128), 12));
    }
    await page.screenshot({ path: `${SHOTS}/images-8192-zoomed-out.png` });
    expect(pageErrors(page)).toEqual([]);
  });
});
