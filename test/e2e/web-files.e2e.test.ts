// Files in the web build. With the File System Access API (stood in for by fake pickers and
// handles that record what is written), Open keeps the file's handle and Save writes back to it,
// Save As asks for a new file; without it, Open clicks the file input and Save downloads.
import { readFileSync } from "node:fs";
import { encode } from "fast-png";
import { resolve } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { parseScene } from "../../core";
import { editorSession, pageErrors, placeAt, ROOT } from "./harness";

const session = editorSession();
const README_SCENE = readFileSync(resolve(ROOT, "test/export/fixtures/readme-example.json"), "utf8");
const EXTERN_TILESET_TMX = readFileSync(resolve(ROOT, "test/fixtures/tiled/libtmx/externtileset.tmx"), "utf8");

/** A 96 × 64 opaque PNG, as base64. */
const artPng = (): string => Buffer.from(encode({ width: 96, height: 64, data: new Uint8Array(96 * 64 * 4).fill(200), channels: 4, depth: 8 })).toString("base64");

interface Recorded {
  /** Every file closed after writing, in order. */
  readonly writes: { name: string; text: string }[];
  /** The suggested name of every Save dialog shown. */
  readonly saveDialogs: string[];
  /** What the next Open dialogs pick (a picture's bytes as base64); empty means the user cancels. */
  readonly toOpen: { name: string; text: string; base64?: string }[];
  /** The names the next Save dialogs pick; empty means the user cancels. */
  readonly toSave: string[];
}

/** Installs fake pickers before the editor loads: handles keep their name and record writes. */
async function fakePickers(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const rec: Recorded = { writes: [], saveDialogs: [], toOpen: [], toSave: [] };
    (window as unknown as { __files: Recorded }).__files = rec;
    const handle = (name: string, text: string, base64?: string) => ({
      kind: "file",
      name,
      getFile: async () => new File([base64 === undefined ? text : Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], name, { type: base64 === undefined ? "application/json" : "image/png" }),
      queryPermission: async () => "granted",
      requestPermission: async () => "granted",
      createWritable: async () => {
        let written = "";
        return {
          write: async (data: string) => {
            written += data;
          },
          close: async () => {
            rec.writes.push({ name, text: written });
          },
          abort: async () => undefined,
        };
      },
    });
    const cancel = () => new DOMException("The user aborted a request.", "AbortError");
    Object.assign(window, {
      showOpenFilePicker: async () => {
        const next = rec.toOpen.shift();
        if (!next) throw cancel();
        return [handle(next.name, next.text, next.base64)];
      },
      showSaveFilePicker: async (options: { suggestedName: string }) => {
        rec.saveDialogs.push(options.suggestedName);
        const next = rec.toSave.shift();
        if (!next) throw cancel();
        return handle(next, "");
      },
    });
  });
}

const recorded = (page: Page): Promise<Recorded> => page.evaluate(() => (window as unknown as { __files: Recorded }).__files);
const shapeCount = (page: Page) => page.getByTestId("shape-count").textContent();
const button = (page: Page, name: string) => page.getByRole("button", { name, exact: true });

function shapesIn(text: string): number {
  const parsed = parseScene(text);
  if (!parsed.ok) throw new Error("written scene does not parse");
  return parsed.scene.shapes.length;
}

/** Counts downloads, which must never happen while the API is there. */
function downloads(page: Page): () => number {
  let count = 0;
  page.on("download", () => count++);
  return () => count;
}

describe("files in a browser with the File System Access API", () => {
  it("Open keeps the file: Save writes back to it without asking; Save As asks, and later Saves go to the new file", async () => {
    const page = await session.newPage({ beforeLoad: fakePickers });
    const downloaded = downloads(page);
    await page.evaluate((text) => (window as unknown as { __files: Recorded }).__files.toOpen.push({ name: "castle.json", text }), README_SCENE);
    await button(page, "Open").click();
    await expect.poll(() => shapeCount(page)).toMatch(/^5 shapes/);
    await expect.poll(() => page.title()).toBe("castle.json — Collider Studio");

    // The top layer (Hazards) is locked and takes no new shapes: draw on Ground.
    await page.getByRole("button", { name: "Make Ground active" }).click();
    await placeAt(page, "Box", 640, 400);
    await expect.poll(() => page.title()).toBe("• castle.json — Collider Studio");
    await button(page, "Save").click();
    await expect.poll(async () => (await recorded(page)).writes.length).toBe(1);
    let rec = await recorded(page);
    expect(rec.writes[0]!.name).toBe("castle.json");
    expect(shapesIn(rec.writes[0]!.text)).toBe(6);
    expect(rec.saveDialogs).toEqual([]);
    await expect.poll(() => page.title()).toBe("castle.json — Collider Studio");

    await page.evaluate(() => (window as unknown as { __files: Recorded }).__files.toSave.push("castle-copy.json"));
    await button(page, "Save As").click();
    await expect.poll(async () => (await recorded(page)).writes.length).toBe(2);
    rec = await recorded(page);
    expect(rec.saveDialogs).toEqual(["castle.json"]);
    expect(rec.writes[1]!.name).toBe("castle-copy.json");
    await expect.poll(() => page.title()).toBe("castle-copy.json — Collider Studio");

    await placeAt(page, "Circle", 700, 300);
    await page.keyboard.press("Control+S");
    await expect.poll(async () => (await recorded(page)).writes.length).toBe(3);
    rec = await recorded(page);
    expect(rec.writes[2]!.name).toBe("castle-copy.json");
    expect(shapesIn(rec.writes[2]!.text)).toBe(7);
    expect(rec.saveDialogs).toEqual(["castle.json"]); // no second dialog
    expect(downloaded()).toBe(0);
    expect(pageErrors(page)).toEqual([]);
  });

  it("a new document asks where on its first Save; canceling the dialog writes nothing and keeps it unsaved", async () => {
    const page = await session.newPage({ beforeLoad: fakePickers });
    const downloaded = downloads(page);
    await placeAt(page, "Box", 640, 400);
    await button(page, "Save").click();
    await expect.poll(async () => (await recorded(page)).saveDialogs).toEqual(["untitled.json"]);
    expect((await recorded(page)).writes).toEqual([]);
    await expect.poll(() => page.title()).toBe("• untitled.json — Collider Studio");
    expect(await page.locator(".statusbar").textContent()).not.toContain("Could not");

    await page.evaluate(() => (window as unknown as { __files: Recorded }).__files.toSave.push("room.json"));
    await button(page, "Save").click();
    await expect.poll(async () => (await recorded(page)).writes.map((w) => w.name)).toEqual(["room.json"]);
    await expect.poll(() => page.title()).toBe("room.json — Collider Studio");
    // Canceling Open leaves the document as it was.
    await button(page, "Open").click();
    expect(await page.title()).toBe("room.json — Collider Studio");
    expect(downloaded()).toBe(0);
    expect(pageErrors(page)).toEqual([]);
  });

  it("a file that fails to open does not take over Save: the open document's file is written", async () => {
    const page = await session.newPage({ beforeLoad: fakePickers });
    await page.evaluate((text) => {
      const files = (window as unknown as { __files: Recorded }).__files;
      files.toOpen.push({ name: "castle.json", text }, { name: "broken.json", text: '{"format": "collider-studio", "version": 1, "shapes": 3}' });
    }, README_SCENE);
    await button(page, "Open").click();
    await expect.poll(() => shapeCount(page)).toMatch(/^5 shapes/);
    await button(page, "Open").click();
    await page.getByRole("alert", { name: "Problems" }).waitFor();
    expect(await page.title()).toBe("castle.json — Collider Studio");
    await page.getByRole("button", { name: "Make Ground active" }).click();
    await placeAt(page, "Box", 640, 400);
    await button(page, "Save").click();
    await expect.poll(async () => (await recorded(page)).writes.map((w) => w.name)).toEqual(["castle.json"]);
    expect((await recorded(page)).saveDialogs).toEqual([]);
  });
});

describe("File → Open… takes what a drop takes", () => {
  it("with the API: a .tmx imports the map, a PNG is added at (0, 0) as Add Image… adds it, another file says what it is and what to use", async () => {
    const page = await session.newPage({ beforeLoad: fakePickers });
    const open = async (entry: { name: string; text: string; base64?: string }) => {
      await page.evaluate((e) => (window as unknown as { __files: Recorded }).__files.toOpen.push(e), entry);
      await page.keyboard.press("Control+o");
    };
    const notice = () => page.getByTestId("notice").textContent();
    // Had said "Could not open externtileset.tmx: 1 problem — 1:1: not valid JSON".
    await open({ name: "externtileset.tmx", text: EXTERN_TILESET_TMX });
    await expect.poll(notice).toMatch(/^Imported \d+ shapes? from externtileset\.tmx/);
    await expect.poll(() => page.title()).toBe("• externtileset.json — Collider Studio");
    expect(await page.getByRole("alert", { name: "Problems" }).filter({ hasText: "not valid JSON" }).count()).toBe(0);
    // A picture is added to the document, not opened in its place: no unsaved-changes question.
    const asked: string[] = [];
    page.on("dialog", (d) => { asked.push(d.message()); void d.dismiss(); });
    await open({ name: "art.png", text: "", base64: artPng() });
    await expect.poll(notice).toBe("Added image art (96 × 64 px) at 0, 0, embedded in the scene");
    expect(asked).toEqual([]);
    await open({ name: "notes.txt", text: "hello" });
    await expect.poll(notice).toBe("Did not open notes.txt: Open… takes a scene (.json), a Tiled map (.tmx, .tmj) or a PNG, JPEG or WebP image");
    await open({ name: "tiles.tsx", text: "<tileset/>" });
    await expect.poll(notice).toBe("Did not open tiles.tsx: a Tiled tileset: open the map (.tmx, .tmj) that uses it");
    // A scene still asks before it replaces unsaved changes (declined: the map stays).
    await open({ name: "castle.json", text: README_SCENE });
    await expect.poll(() => asked).toEqual(["Discard unsaved changes and open another scene?"]);
    expect(await page.title()).toBe("• externtileset.json — Collider Studio");
    expect(pageErrors(page)).toEqual([]);
  });

  it("without the API: the file input takes maps and pictures too", async () => {
    const page = await session.newPage();
    expect(await page.locator("#open-scene-input").getAttribute("accept")).toContain(".tmx");
    await page.setInputFiles("#open-scene-input", { name: "externtileset.tmx", mimeType: "application/xml", buffer: Buffer.from(EXTERN_TILESET_TMX) });
    await expect.poll(() => page.getByTestId("notice").textContent()).toMatch(/^Imported \d+ shapes? from externtileset\.tmx/);
    await page.setInputFiles("#open-scene-input", { name: "art.png", mimeType: "image/png", buffer: Buffer.from(artPng(), "base64") });
    await expect.poll(() => page.getByTestId("notice").textContent()).toBe("Added image art (96 × 64 px) at 0, 0, embedded in the scene");
    expect(pageErrors(page)).toEqual([]);
  });
});

describe("files in a browser without the API", () => {
  it("Open clicks the file input and Save downloads the scene", async () => {
    const page = await session.newPage();
    expect(await page.evaluate(() => "showSaveFilePicker" in window || "showOpenFilePicker" in window)).toBe(false);
    const chooser = page.waitForEvent("filechooser");
    await button(page, "Open").click();
    await (await chooser).setFiles({ name: "castle.json", mimeType: "application/json", buffer: Buffer.from(README_SCENE) });
    await expect.poll(() => shapeCount(page)).toMatch(/^5 shapes/);
    // The top layer (Hazards) is locked and takes no new shapes: draw on Ground.
    await page.getByRole("button", { name: "Make Ground active" }).click();
    await placeAt(page, "Box", 640, 400);
    const download = page.waitForEvent("download");
    await button(page, "Save").click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("castle.json");
    expect(shapesIn(readFileSync((await file.path())!, "utf8"))).toBe(6);
    await expect.poll(() => page.title()).toBe("castle.json — Collider Studio");
    expect(pageErrors(page)).toEqual([]);
  });

  it("a scene or a Tiled map dropped on the canvas opens, after the unsaved-changes question; another file says what may be dropped", async () => {
    const page = await session.newPage();
    const drop = (name: string, text: string) => page.evaluate(({ name, text }) => {
      const dt = new DataTransfer();
      dt.items.add(new File([text], name, { type: "" }));
      const target = document.querySelector(".canvas")!;
      for (const type of ["dragenter", "dragover", "drop"]) target.dispatchEvent(new DragEvent(type, { dataTransfer: dt, clientX: 400, clientY: 300, bubbles: true, cancelable: true }));
    }, { name, text });
    const notice = () => page.getByTestId("notice").textContent();
    await placeAt(page, "Box", 300, 300);
    const asked: string[] = [];
    let accept = false;
    page.on("dialog", (d) => { asked.push(d.message()); void (accept ? d.accept() : d.dismiss()); });
    // Unsaved changes: declining keeps the box.
    await drop("level.json", README_SCENE);
    await expect.poll(() => asked).toEqual(["Discard unsaved changes and open another scene?"]);
    expect(await page.getByTestId("shape-count").textContent()).toBe("1 shape");
    accept = true;
    await drop("level.json", README_SCENE);
    await expect.poll(notice).toBe("Opened level.json");
    expect(await page.getByTestId("shape-count").textContent()).toBe("5 shapes");
    expect(await page.title()).toBe("level.json — Collider Studio");
    // A map: imported as a new, unsaved document.
    const { exportTiled } = await import("../../core");
    const scene = parseScene(README_SCENE);
    if (!scene.ok) throw new Error("fixture");
    await drop("castle.tmj", exportTiled(scene.scene));
    await expect.poll(notice).toMatch(/^Imported 5 shapes from castle\.tmj/);
    await expect.poll(() => page.title()).toBe("• castle.json — Collider Studio");
    await drop("notes.txt", "hello");
    await expect.poll(notice).toBe("Drop PNG, JPEG or WebP images to add them, or one scene (.json) or Tiled map (.tmx, .tmj) to open it");
    expect(await page.getByTestId("shape-count").textContent()).toBe("5 shapes");
    // A dropped scene with problems lists them and keeps the document.
    await drop("bad.json", '{"format": "collider-studio-scene", "version": 1, "shapes": [{"id": "a", "type": "circle", "x": 0, "y": 0, "radius": -1}]}');
    await expect.poll(notice).toBe("Could not open bad.json: 1 problem");
    expect(await page.getByTestId("shape-count").textContent()).toBe("5 shapes");
    expect(pageErrors(page)).toEqual([]);
  });
});
