// Trace Colliders… in Chromium (issue 24): an image dropped on the canvas, traced with a live
// preview whose counts follow the sliders, added as polygons on the active layer in one undo step,
// saved and reopened as valid convex polygons.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { encode } from "fast-png";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { checkConvexPolygon, checkSimplePolygon, parseScene, type PolygonShape } from "../../core";
import { runCli } from "../../core/node/cli";
import { readTextFile, writeTextFile } from "../../core/node/files";
import { fakeFolder } from "./fake-folder";
import { editorSession, pageErrors, runCommand, savedShapes } from "./harness";

const session = editorSession();
const work = mkdtempSync(join(tmpdir(), "trace-e2e-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/**
 * 96 × 64 pixels: an opaque ring (a hole in it) and an opaque square, and a faint blob (alpha 100)
 * that only a threshold at or below 100 counts.
 */
function spritePng(): Buffer {
  const width = 96, height = 64;
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const r = Math.hypot(x + 0.5 - 24, y + 0.5 - 32);
      const ring = r <= 20 && r >= 8;
      const square = x >= 52 && x < 72 && y >= 8 && y < 28;
      const faint = x >= 56 && x < 88 && y >= 40 && y < 56;
      const a = ring || square ? 255 : faint ? 100 : 0;
      data.set([200, 120, 40, a], (y * width + x) * 4);
    }
  }
  return Buffer.from(encode({ width, height, data, channels: 4, depth: 8 }));
}

async function dropPng(page: Page, bytes: Buffer, x: number, y: number): Promise<void> {
  await page.evaluate(({ base64, x, y }) => {
    const dt = new DataTransfer();
    dt.items.add(new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], "sprite.png", { type: "image/png" }));
    const target = document.querySelector(".canvas")!;
    for (const type of ["dragenter", "dragover", "drop"]) target.dispatchEvent(new DragEvent(type, { dataTransfer: dt, clientX: x, clientY: y, bubbles: true, cancelable: true }));
  }, { base64: bytes.toString("base64"), x, y });
}

/** Moves a range input to `value` as a person would, through React's input event. */
async function slide(page: Page, label: string, value: number): Promise<void> {
  await page.getByLabel(label).evaluate((el, v) => {
    const input = el as HTMLInputElement;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(input, String(v));
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }, value);
}

describe("Trace Colliders… in Chromium", () => {
  it("traces a dropped image with a live preview, adds the pieces in one undo step, and saves them valid", async () => {
    const page = await session.newPage();
    const c = (await page.locator(".canvas").boundingBox())!;
    // Nothing to trace until an image is selected.
    await runCommand(page, "Trace Colliders");
    expect(await page.getByRole("dialog", { name: "Trace colliders" }).count()).toBe(0);
    await page.keyboard.press("Escape");

    await dropPng(page, spritePng(), c.x + 300, c.y + 200);
    await expect.poll(() => page.getByTestId("notice").textContent()).toMatch(/image/i);
    await runCommand(page, "Trace Colliders");
    const dialog = page.getByRole("dialog", { name: "Trace colliders" });
    await dialog.waitFor();
    const status = page.getByTestId("trace-status");
    await expect.poll(() => status.textContent(), { timeout: 15_000 }).toMatch(/^2 blobs \(1 hole\), \d+ pieces, IoU 0\.9\d\d$/);
    const pieces = Number((await status.textContent())!.match(/(\d+) pieces/)![1]);
    expect(pieces).toBeGreaterThanOrEqual(5);
    // A lower threshold takes the faint blob in: one more outline, live.
    await slide(page, "Alpha threshold", 90);
    await expect.poll(() => status.textContent()).toMatch(/^3 blobs \(1 hole\), \d+ pieces/);
    await slide(page, "Alpha threshold", 128);
    await expect.poll(() => status.textContent()).toMatch(/^2 blobs \(1 hole\), \d+ pieces, IoU/);
    // The preview shows the picture and the pieces over it.
    const painted = await page.getByTestId("trace-preview").evaluate((el) => {
      const d = (el as HTMLCanvasElement).getContext("2d")!.getImageData(0, 0, 560, 360).data;
      let n = 0;
      for (let i = 3; i < d.length; i += 4) if (d[i]! > 0) n++;
      return n;
    });
    expect(painted).toBeGreaterThan(1000);
    await page.screenshot({ path: "/tmp/shots/trace-dialog.png" });

    await page.getByRole("button", { name: `Add ${pieces} colliders` }).click();
    expect(await dialog.count()).toBe(0);
    await expect.poll(() => page.getByTestId("shape-count").textContent()).toBe(`${pieces} shapes`);
    expect(await page.getByTestId("notice").textContent()).toBe(`Added ${pieces} colliders traced from sprite`);
    await page.getByRole("tab", { name: /Objects/ }).click();
    expect(await page.getByTestId("object-sprite-1").textContent()).toContain("sprite-1");

    // One undo step takes them all back; redo brings them again.
    await page.keyboard.press("Control+z");
    await expect.poll(() => page.getByTestId("shape-count").textContent()).toBe("0 shapes");
    await page.keyboard.press("Control+Shift+z");
    await expect.poll(() => page.getByTestId("shape-count").textContent()).toBe(`${pieces} shapes`);

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    const text = readFileSync((await (await download).path())!, "utf8");
    const parsed = parseScene(text);
    if (!parsed.ok) throw new Error(parsed.problems.map((p) => p.message).join("; "));
    expect(parsed.scene.shapes).toHaveLength(pieces);
    for (const s of parsed.scene.shapes) {
      expect(s.type).toBe("polygon");
      if (s.type === "polygon") expect(s.points.length).toBeLessThanOrEqual(8);
    }
    expect(parsed.scene.images).toHaveLength(1);
    // Reopened: the same shapes.
    await page.setInputFiles("#open-scene-input", { name: "traced.json", mimeType: "application/json", buffer: Buffer.from(text) });
    await expect.poll(() => page.getByTestId("shape-count").textContent()).toBe(`${pieces} shapes`);
    expect(pageErrors(page)).toEqual([]);
  });

  it("leaves out specks under the least area, which is typed and remembered, and takes a typed tolerance past the slider's end", async () => {
    const page = await session.newPage();
    const c = (await page.locator(".canvas").boundingBox())!;
    // A 120 × 40 slab under 6 specks of 1 to 9 px² (brush dust).
    const width = 160, height = 80, data = new Uint8Array(width * height * 4);
    const speck = (x: number, y: number) => [[10, 10, 1], [40, 12, 2], [70, 8, 3], [100, 14, 1], [130, 10, 2], [150, 20, 3]].some(([sx, sy, n]) => x >= sx! && x < sx! + n! && y >= sy! && y < sy! + n!);
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set([90, 160, 60, (x >= 20 && x < 140 && y >= 36 && y < 76) || speck(x, y) ? 255 : 0], (y * width + x) * 4);
    await dropPng(page, Buffer.from(encode({ width, height, data, channels: 4, depth: 8 })), c.x + 300, c.y + 200);
    await expect.poll(() => page.getByTestId("notice").textContent()).toMatch(/image/i);
    await runCommand(page, "Trace Colliders");
    const status = page.getByTestId("trace-status");
    // Regression: each speck was a collider of its own (7 blobs).
    await expect.poll(() => status.textContent(), { timeout: 15_000 }).toBe("1 blob, 1 piece, IoU 1.000");
    expect(await page.getByTestId("trace-specks").textContent()).toBe("Left out 6 blobs smaller than 16 px²");
    const minArea = page.getByLabel("Ignore blobs under (px²), typed");
    expect(await minArea.inputValue()).toBe("16");
    await minArea.fill("0");
    await expect.poll(() => status.textContent()).toBe("7 blobs, 7 pieces, IoU 1.000");
    expect(await page.getByTestId("trace-specks").count()).toBe(0);
    await minArea.fill("5");
    await expect.poll(() => status.textContent()).toBe("3 blobs, 3 pieces, IoU 1.000");
    expect(await page.getByTestId("trace-specks").textContent()).toBe("Left out 4 blobs smaller than 5 px²");
    // A tolerance beyond the slider's 8 px, typed: the slider rests at its end.
    const tolerance = page.getByLabel("Tolerance (px), typed");
    await tolerance.fill("20");
    await expect.poll(() => page.getByLabel("Tolerance (px)", { exact: true }).inputValue()).toBe("8");
    await page.screenshot({ path: "/tmp/shots-fix-trace/trace-min-area.png" });
    await page.getByRole("button", { name: "Cancel" }).click();
    // Remembered for the image, as the other settings are.
    await runCommand(page, "Trace Colliders");
    await expect.poll(() => status.textContent(), { timeout: 15_000 }).toBe("3 blobs, 3 pieces, IoU 1.000");
    expect([await minArea.inputValue(), await tolerance.inputValue()]).toEqual(["5", "20"]);
    expect(pageErrors(page)).toEqual([]);
  });

  it("a scene written by the CLI's trace opens with its image under the colliders, where the editor's Trace puts them too", async () => {
    // Regression: the CLI wrote no image, so the scene opened with colliders and no art, and an
    // image added by hand landed out of line with colliders traced at --x/--y.
    mkdirSync(join(work, "art"), { recursive: true });
    mkdirSync(join(work, "levels"), { recursive: true });
    const png = spritePng();
    writeFileSync(join(work, "art", "sprite.png"), png);
    let err = "";
    const code = await runCli(["trace", join(work, "art", "sprite.png"), "-o", join(work, "levels", "level.json"), "--x", "40", "--y", "-30", "--scale", "2"], { stdout: () => undefined, stderr: (t) => void (err += t), readText: readTextFile, writeText: writeTextFile });
    expect([code, err]).toEqual([0, expect.stringMatching(/traced 2 blobs/)]);
    const text = readFileSync(join(work, "levels", "level.json"), "utf8");
    const cli = parseScene(text);
    if (!cli.ok) throw new Error("the CLI wrote no scene");
    expect(cli.scene.images).toEqual([{ id: "sprite", src: "../art/sprite.png", x: 40, y: -30, width: 192, height: 128 }]);

    const b64 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString("base64");
    const page = await session.newPage({ beforeLoad: (p) => fakeFolder(p, { "art/sprite.png": b64(png), "levels/level.json": b64(text) }) });
    await page.evaluate(() => (window as unknown as { __open: string[] }).__open.push("levels/level.json"));
    await page.getByRole("menuitem", { name: "File" }).click();
    await page.getByRole("menuitem", { name: "Open Scene in Folder…" }).click();
    await expect.poll(() => page.getByTestId("notice").textContent()).toContain("Opened level.json");
    const count = cli.scene.shapes.length;
    await expect.poll(() => page.getByTestId("shape-count").textContent()).toBe(`${count} shapes`);
    expect(await page.getByTestId("image-problem-sprite").count()).toBe(0);
    // Traced again in the editor with the same settings: the same pieces, on the CLI's ones.
    await runCommand(page, "Trace Colliders");
    await expect.poll(() => page.getByTestId("trace-status").textContent(), { timeout: 15_000 }).toMatch(new RegExp(`^2 blobs \\(1 hole\\), ${count} pieces, IoU`));
    await page.getByRole("button", { name: `Add ${count} colliders` }).click();
    await expect.poll(() => page.getByTestId("shape-count").textContent()).toBe(`${2 * count} shapes`);
    await page.screenshot({ path: "/tmp/shots-fix-trace/cli-scene-opened.png" });
    // Saved back into the folder it was opened from.
    await page.keyboard.press("Control+s");
    await expect.poll(() => page.evaluate(() => (window as unknown as { __writes: unknown[] }).__writes.length)).toBe(1);
    const saved = parseScene(await page.evaluate(() => (window as unknown as { __writes: { text: string }[] }).__writes[0]!.text));
    if (!saved.ok) throw new Error("saved no scene");
    expect(saved.scene.images).toEqual(cli.scene.images);
    const shapes = saved.scene.shapes as PolygonShape[];
    const world = (s: PolygonShape) => s.points.map(([x, y]) => [Math.round((s.x + x) * 1e6) / 1e6, Math.round((s.y + y) * 1e6) / 1e6]);
    const cliPieces = shapes.slice(0, count).map(world), editorPieces = shapes.slice(count).map(world);
    expect(editorPieces).toEqual(cliPieces);
    expect(pageErrors(page)).toEqual([]);
  });

  it("Whole outlines traces a hill as one concave polygon, saved as one valid shape", async () => {
    const page = await session.newPage();
    const c = (await page.locator(".canvas").boundingBox())!;
    // A wavy hill 160 × 80 px: one blob, no hole.
    const width = 160, height = 80, data = new Uint8Array(width * height * 4);
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set([90, 160, 60, y > 40 + 15 * Math.sin(x / 15) ? 255 : 0], (y * width + x) * 4);
    await dropPng(page, Buffer.from(encode({ width, height, data, channels: 4, depth: 8 })), c.x + 300, c.y + 200);
    await expect.poll(() => page.getByTestId("notice").textContent()).toMatch(/image/i);
    await runCommand(page, "Trace Colliders");
    const status = page.getByTestId("trace-status");
    await expect.poll(() => status.textContent(), { timeout: 15_000 }).toMatch(/^1 blob, \d+ pieces, IoU 0\.9\d\d$/);
    expect(Number((await status.textContent())!.match(/(\d+) pieces/)![1])).toBeGreaterThan(1);
    await page.getByLabel("Whole outlines: one concave polygon per blob, a few where it has holes").check();
    await expect.poll(() => status.textContent()).toMatch(/^1 blob, 1 piece, IoU 0\.9\d\d$/);
    await page.getByRole("button", { name: "Add 1 collider" }).click();
    await expect.poll(() => page.getByTestId("shape-count").textContent()).toBe("1 shape");
    const shapes = await savedShapes(page);
    expect(shapes).toHaveLength(1);
    const hill = shapes[0]!;
    if (hill.type !== "polygon") throw new Error(`traced a ${hill.type}`);
    expect(hill.points.length).toBeGreaterThan(8);
    expect(checkSimplePolygon(hill.points)).toBeNull();
    expect(checkConvexPolygon(hill.points.map(([x, y]) => ({ x, y })))).not.toBeNull();
    expect(pageErrors(page)).toEqual([]);
  });
  it("Chains (terrain edges) traces each outline and hole as a closed one-sided chain, a choice remembered after Cancel", async () => {
    const page = await session.newPage();
    const c = (await page.locator(".canvas").boundingBox())!;
    await dropPng(page, spritePng(), c.x + 300, c.y + 200);
    await expect.poll(() => page.getByTestId("notice").textContent()).toMatch(/image/i);
    await runCommand(page, "Trace Colliders");
    const status = page.getByTestId("trace-status");
    await expect.poll(() => status.textContent(), { timeout: 15_000 }).toMatch(/^2 blobs \(1 hole\), \d+ pieces, IoU 0\.9\d\d$/);
    const iou = (await status.textContent())!.match(/IoU (\S+)$/)![1];
    const chains = page.getByLabel("Chains (terrain edges): each outline and hole a closed one-sided chain, no seams to catch on");
    await chains.check();
    // The ring's outline, its hole's and the square's: three chains, the pieces' IoU.
    await expect.poll(() => status.textContent()).toMatch(/^2 blobs \(1 hole\), 3 chains of \d+ points, IoU 0\.9\d\d$/);
    expect((await status.textContent())!.endsWith(`IoU ${iou}`)).toBe(true);
    expect(await page.getByRole("slider", { name: /^Points per piece/ }).isDisabled()).toBe(true);
    mkdirSync("/tmp/shots-tracechains", { recursive: true });
    await page.getByRole("dialog", { name: "Trace colliders" }).screenshot({ path: "/tmp/shots-tracechains/trace-chains-dialog.png" });
    await page.getByRole("button", { name: "Cancel" }).click();
    await runCommand(page, "Trace Colliders");
    expect(await chains.isChecked()).toBe(true);
    expect(await page.getByLabel("Convex pieces: polygons of at most the points per piece").isChecked()).toBe(false);
    await expect.poll(() => status.textContent(), { timeout: 15_000 }).toMatch(/^2 blobs \(1 hole\), 3 chains/);
    await page.getByRole("button", { name: "Add 3 colliders" }).click();
    await expect.poll(() => page.getByTestId("shape-count").textContent()).toBe("3 shapes");
    await page.locator(".canvas").click({ position: { x: 700, y: 500 } });
    await page.keyboard.press("Shift+1");
    await page.screenshot({ path: "/tmp/shots-tracechains/trace-chains-added.png" });
    const shapes = await savedShapes(page);
    expect(shapes.map((s) => [s.id, s.type, s.type === "chain" && s.closed, s.type === "chain" && s.oneSided])).toEqual([1, 2, 3].map((k) => [`sprite-${k}`, "chain", true, true]));
    expect(pageErrors(page)).toEqual([]);
  });

  it("a big picture's trace says the stage it is at while it runs", async () => {
    const page = await session.newPage();
    const c = (await page.locator(".canvas").boundingBox())!;
    // 3000 × 1500 px: a wavy floor with a thousand pinholes, a second or more to trace on this machine.
    const width = 3000, height = 1500, data = new Uint8Array(width * height * 4);
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data[(y * width + x) * 4 + 3] = y > 900 + 80 * Math.sin(x / 90) && (x % 97 !== 5 || y % 41 !== 7) ? 255 : 0;
    await dropPng(page, Buffer.from(encode({ width, height, data, channels: 4, depth: 8 })), c.x + 300, c.y + 200);
    await expect.poll(() => page.getByTestId("notice").textContent(), { timeout: 15_000 }).toMatch(/image/i);
    // Every text the status shows, recorded in the page as it changes (polling from here could miss a short stage).
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { __statuses: string[] }).__statuses = seen;
      new MutationObserver(() => {
        const text = document.querySelector("[data-testid='trace-status']")?.textContent ?? "";
        if (seen.at(-1) !== text) seen.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await runCommand(page, "Trace Colliders");
    await expect.poll(() => page.getByTestId("trace-status").textContent(), { timeout: 30_000 }).toMatch(/IoU/);
    const seen = new Set((await page.evaluate(() => (window as unknown as { __statuses: string[] }).__statuses)).map((t) => t.replace(/\d+/g, "N")));
    expect([...seen].filter((t) => t.startsWith("Tracing… ")).length, [...seen].join(" / ")).toBeGreaterThanOrEqual(2);
    expect(seen).toContain("Tracing… finding the blobs (N of N)");
    expect(pageErrors(page)).toEqual([]);
  });

  it("a level picture with no transparent pixels says why its trace is one box, and what to do", async () => {
    const page = await session.newPage();
    const c = (await page.locator(".canvas").boundingBox())!;
    // Level art on an opaque background (alpha 255 everywhere), and a faint backdrop (alpha 200 at least).
    const picture = (low: number) => {
      const width = 120, height = 68, data = new Uint8Array(width * height * 4);
      for (let i = 0; i < width * height; i++) data.set([40, 60, 90, i % width < 60 ? 255 : low], i * 4);
      return Buffer.from(encode({ width, height, data, channels: 4, depth: 8 }));
    };
    await dropPng(page, picture(255), c.x + 300, c.y + 200);
    await expect.poll(() => page.getByTestId("notice").textContent()).toMatch(/image/i);
    await runCommand(page, "Trace Colliders");
    const status = page.getByTestId("trace-status");
    const note = page.getByTestId("trace-whole-picture");
    await expect.poll(() => status.textContent(), { timeout: 15_000 }).toBe("1 blob, 1 piece, IoU 1.000");
    await expect.poll(() => note.textContent()).toBe("sprite has no transparent pixels, so the trace is one box over the whole picture: tracing follows transparency. Erase the background in the art (save it as a PNG or WebP with transparency) and trace again.");
    await page.screenshot({ path: "/tmp/shots/trace-whole-picture.png" });
    await page.keyboard.press("Escape");
    await page.keyboard.press("Delete");

    // Translucent but above the threshold everywhere: raising it past the lowest alpha helps.
    await dropPng(page, picture(200), c.x + 300, c.y + 200);
    await runCommand(page, "Trace Colliders");
    await expect.poll(() => note.textContent(), { timeout: 15_000 }).toBe("Every pixel of sprite is at least as opaque as the threshold (its most transparent has alpha 200), so the trace covers the whole picture: raise the alpha threshold above 200, or erase the background in the art.");
    await slide(page, "Alpha threshold", 201);
    await expect.poll(() => note.count()).toBe(0);
    await expect.poll(() => status.textContent()).toMatch(/^1 blob, 1 piece, IoU 1\.000$/);
    expect(pageErrors(page)).toEqual([]);
  });
});
