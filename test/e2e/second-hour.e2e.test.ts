// A designer's second hour (issue 27's editor review), each reproduced in Chromium as reported:
// drawing onto a locked or hidden layer, a locked layer's shape edited in the Inspector, box-
// selecting shapes over a level image, the Inspector's plurals, and deleting one polygon point.
import { decode, encode } from "fast-png";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { serializeScene, type Scene } from "../../core";
import { editorSession, notice, pageErrors, placeAt, savedShapes } from "./harness";

const session = editorSession();
const SHOTS = "/tmp/shots";

async function canvasAt(page: Page): Promise<{ x: number; y: number }> {
  const box = (await page.locator(".canvas").boundingBox())!;
  return { x: box.x, y: box.y };
}

async function open(page: Page, scene: Scene): Promise<void> {
  await page.setInputFiles("#open-scene-input", { name: "level.json", mimeType: "application/json", buffer: Buffer.from(serializeScene(scene)) });
  await expect.poll(() => notice(page)).toContain("Opened level.json");
}

const shapeCount = (page: Page) => page.getByTestId("shape-count").textContent();

describe("a designer's second hour", () => {
  it("a locked or hidden active layer takes no new shape: the status bar names it, nothing is added", async () => {
    const page = await session.newPage();
    const c = await canvasAt(page);
    await placeAt(page, "Box", c.x + 200, c.y + 200);
    await expect.poll(() => shapeCount(page)).toBe("1 shape");
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Lock Layer 1" }).click();
    await placeAt(page, "Circle", c.x + 400, c.y + 300);
    await expect.poll(() => notice(page)).toBe("Layer 'Layer 1' is locked: unlock it or pick another layer");
    expect(await shapeCount(page)).toBe("1 shape");
    // A polygon's first click is refused the same way.
    await page.keyboard.press("p");
    await page.mouse.click(c.x + 500, c.y + 300);
    expect(await shapeCount(page)).toBe("1 shape");
    await page.screenshot({ path: `${SHOTS}/second-hour-locked-layer.png` });
    // Hidden instead: the same, in its words.
    await page.getByRole("button", { name: "Unlock Layer 1" }).click();
    await page.getByRole("button", { name: "Hide Layer 1" }).click();
    await placeAt(page, "Box", c.x + 400, c.y + 300);
    await expect.poll(() => notice(page)).toBe("Layer 'Layer 1' is hidden: show it or pick another layer");
    expect(await shapeCount(page)).toBe("1 shape");
    // Pasting too.
    await page.getByRole("button", { name: "Show Layer 1" }).click();
    await page.keyboard.press("v");
    await page.mouse.click(c.x + 210, c.y + 210);
    await page.keyboard.press("Control+c");
    await page.getByRole("button", { name: "Lock Layer 1" }).click();
    await page.keyboard.press("Control+v");
    await expect.poll(() => notice(page)).toBe("Layer 'Layer 1' is locked: unlock it or pick another layer");
    expect(await shapeCount(page)).toBe("1 shape");
    expect(pageErrors(page)).toEqual([]);
  });

  it("a locked layer's shape selected in the Objects panel is shown read-only in the Inspector; arrows do not move it", async () => {
    const page = await session.newPage();
    const c = await canvasAt(page);
    await placeAt(page, "Box", c.x + 200, c.y + 200);
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Lock Layer 1" }).click();
    await page.getByRole("tab", { name: /Objects/ }).click();
    await page.getByTestId("object-box-1").click();
    await expect.poll(() => page.getByTestId("inspector-what").textContent()).toBe("box box-1");
    expect(await page.getByTestId("inspector-locked").textContent()).toBe("Layer 'Layer 1' is locked: unlock it to edit its shapes");
    expect(await page.getByTestId("inspector-x").isDisabled()).toBe(true);
    expect(await page.getByRole("checkbox", { name: "Layer bit 2" }).isDisabled()).toBe(true);
    // The clicked list has the focus and keeps its arrows (they walk its rows); with the focus
    // elsewhere, an arrow is a nudge, refused here.
    await page.getByRole("listbox", { name: "Objects" }).evaluate((el) => (el as HTMLElement).blur());
    await page.locator(".canvas").hover();
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => notice(page)).toBe("Layer 'Layer 1' is locked: unlock it to edit its shapes");
    await page.screenshot({ path: `${SHOTS}/second-hour-locked-inspector.png` });
    expect((await savedShapes(page))[0]).toMatchObject({ x: 200, y: 200 });
    expect(pageErrors(page)).toEqual([]);
  });

  it("a drag over a level image box-selects the shapes on it; a click selects the image; its transparent pixels are not it", async () => {
    const page = await session.newPage();
    // A 400 × 200 picture: opaque on its left half, fully transparent on its right.
    const width = 400, height = 200, data = new Uint8Array(width * height * 4);
    for (let y = 0; y < height; y++) for (let x = 0; x < width / 2; x++) data.set([60, 120, 200, 255], (y * width + x) * 4);
    const src = `data:image/png;base64,${Buffer.from(encode({ width, height, data, channels: 4, depth: 8 })).toString("base64")}`;
    const box = (id: string, x: number, y: number) => ({ id, type: "box" as const, x, y, rotation: 0, width: 20, height: 20 });
    await open(page, { format: "collider-studio-scene", version: 1, images: [{ id: "art", src, x: 100, y: 100 }], shapes: [box("a", 150, 150), box("b", 220, 150), box("c", 450, 250)], probes: [] });
    const c = await canvasAt(page);
    // Wait for the picture to be decoded and drawn: its blue shows at world (120, 280).
    const blue = async () => {
      const d = decode(await page.screenshot({ clip: { x: c.x + 120, y: c.y + 280, width: 1, height: 1 } })).data;
      return d[2]! > 150 && d[0]! < 120;
    };
    await expect.poll(blue).toBe(true);
    await page.mouse.move(c.x + 120, c.y + 120);
    await page.mouse.down();
    await page.mouse.move(c.x + 260, c.y + 180, { steps: 6 });
    await page.mouse.up();
    await expect.poll(() => page.getByTestId("inspector-what").textContent()).toBe("2 boxes");
    await page.screenshot({ path: `${SHOTS}/second-hour-marquee-over-image.png` });
    // A click on its opaque part selects it (nothing moved); on its transparent part, nothing.
    await page.mouse.click(c.x + 120, c.y + 280);
    await expect.poll(() => page.getByTestId("selection-count").textContent()).toBe("image art selected");
    await page.mouse.click(c.x + 400, c.y + 150);
    await expect.poll(() => page.getByTestId("selection-count").textContent()).toBe("0 selected");
    expect(pageErrors(page)).toEqual([]);
  });

  it("a clicked polygon vertex is ringed and Delete removes that point, not the polygon", async () => {
    const page = await session.newPage();
    const c = await canvasAt(page);
    await page.keyboard.press("p");
    for (const [x, y] of [[300, 300], [420, 300], [420, 420], [300, 420]] as const) await page.mouse.click(c.x + x, c.y + y);
    await page.keyboard.press("Enter");
    // The polygon is in and selected (its handles drawn) before its vertex is clicked.
    await expect.poll(() => shapeCount(page)).toBe("1 shape");
    await expect.poll(() => page.getByTestId("selection-count").textContent()).toBe("1 selected");
    await page.keyboard.press("v");
    // The select tool's handles reach Konva's hit graph a frame or more after the key: a click
    // before then takes the polygon itself (and rings nothing), so wait for the vertex to be hit.
    const hitThere = () => page.evaluate(() => (window as unknown as { Konva: { stages: { getIntersection: (p: { x: number; y: number }) => { id: () => string } | null }[] } }).Konva.stages[0]!.getIntersection({ x: 420, y: 420 })?.id() ?? null);
    await expect.poll(hitThere).toBe("polygon-1#v2");
    await page.mouse.click(c.x + 420, c.y + 420);
    await page.screenshot({ path: `${SHOTS}/second-hour-picked-vertex.png` });
    await page.keyboard.press("Delete");
    await expect.poll(() => notice(page)).toBe("Deleted vertex 2");
    const [polygon] = await savedShapes(page);
    expect(polygon).toMatchObject({ type: "polygon" });
    expect(polygon!.type === "polygon" && polygon!.points).toHaveLength(3);
    expect(await shapeCount(page)).toBe("1 shape");
    expect(pageErrors(page)).toEqual([]);
  });
});
