// The image:read channel: the page gets an image's bytes only for a relative path beside a scene
// the user chose, only for a PNG, JPEG or WebP file by its first bytes, and only through the
// guarded channel with a well-formed request.
import path from "node:path";
import { writeFile, mkdir } from "node:fs/promises";
import { describe, expect, it, vi } from "vitest";
import { imageTypeOfBytes } from "../../core/scene/image-source";
import { IPC } from "../../core/shell/desktop-api";
import { appIndexUrl } from "../../electron/app-url";
import { createImageFiles, resolveImagePath } from "../../electron/image-files";
import { IMAGE_CHANNELS, registerImageIpc } from "../../electron/image-ipc";
import type { InvokeEventLike } from "../../electron/ipc";
import { expectError, fakeFs, fakeIpcMain, tempDir } from "./helpers";

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
const WEBP = Uint8Array.from([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50]);
const GIF = new TextEncoder().encode("GIF89a....");

const scene = path.resolve("/levels/one/level.json");



describe("imageTypeOfBytes", () => {
  it("knows PNG, JPEG and WebP by their first bytes, and nothing else", () => {
    expect(imageTypeOfBytes(PNG)).toBe("image/png");
    expect(imageTypeOfBytes(JPEG)).toBe("image/jpeg");
    expect(imageTypeOfBytes(WEBP)).toBe("image/webp");
    expect(imageTypeOfBytes(GIF)).toBeNull();
    expect(imageTypeOfBytes(new Uint8Array())).toBeNull();
    expect(imageTypeOfBytes(PNG.slice(0, 7))).toBeNull();
    // RIFF of another kind (a WAV file) is not WebP.
    expect(imageTypeOfBytes(new TextEncoder().encode("RIFF....WAVEfmt "))).toBeNull();
  });
});

describe("resolveImagePath", () => {
  it("resolves a relative path against the scene's folder, ../ included", () => {
    expect(resolveImagePath(scene, "art/a.png")).toEqual({ ok: true, path: path.resolve("/levels/one/art/a.png") });
    expect(resolveImagePath(scene, "../shared/b.png")).toEqual({ ok: true, path: path.resolve("/levels/shared/b.png") });
  });

  it.each([
    ["an absolute path", "/etc/passwd", /absolute path/],
    ["a file: URL", "file:///etc/passwd", /"file:"/],
    ["an http URL", "http://example.com/a.png", /"http:"/],
    ["a Windows drive", "C:/Windows/a.png", /"C:"/],
    ["backslashes", "art\\a.png", /forward slashes/],
    ["a data: URL", "data:image/png;base64,AAAA", /read in the page/],
    ["a NUL character", "art/a.png\0.txt", /NUL/],
  ])("refuses %s", (_what, src, reason) => {
    const r = resolveImagePath(scene, src);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(reason);
  });
});

describe("createImageFiles", () => {
  const art = path.resolve("/levels/one/art/a.png");

  it("reads an image beside a chosen scene, with its type from its bytes", async () => {
    const fs = fakeFs({ [art]: PNG });
    const files = createImageFiles({ fs, isAllowed: (p) => p === scene });
    expect(await files.read({ scenePath: scene, src: "art/a.png" })).toEqual({ ok: true, value: { bytes: PNG, type: "image/png" } });
  });

  it("reads nothing beside a scene the user did not choose", async () => {
    const fs = fakeFs({ [art]: PNG });
    const files = createImageFiles({ fs, isAllowed: () => false });
    expectError(await files.read({ scenePath: scene, src: "art/a.png" }), /not opened or saved in a file dialog/);
    expect(fs.read).toEqual([]);
  });

  it("says an image is not found by its src, and refuses a file that is no PNG, JPEG or WebP whatever its name", async () => {
    const fs = fakeFs({ [art]: GIF });
    const files = createImageFiles({ fs, isAllowed: () => true });
    expectError(await files.read({ scenePath: scene, src: "art/missing.png" }), /^image not found: art\/missing\.png$/);
    expectError(await files.read({ scenePath: scene, src: "art/a.png" }), /not a PNG, JPEG or WebP file/);
  });

  it("refuses a file larger than the limit before reading it", async () => {
    const fs = fakeFs({ [art]: new Uint8Array(3 * 2 ** 20) });
    const files = createImageFiles({ fs, isAllowed: () => true, maxBytes: 2 ** 20 });
    expectError(await files.read({ scenePath: scene, src: "art/a.png" }), /3 MB, more than the 1 MB/);
    expect(fs.read).toEqual([]);
  });

  it("refuses an absolute path or a URL without touching the disk", async () => {
    const fs = fakeFs({ "/etc/passwd": PNG });
    const files = createImageFiles({ fs, isAllowed: () => true });
    expectError(await files.read({ scenePath: scene, src: "/etc/passwd" }), /absolute path/);
    expectError(await files.read({ scenePath: scene, src: "file:///etc/passwd" }), /"file:"/);
    expect(fs.read).toEqual([]);
  });

  it("reads real files through Node, a folder refused with a reason", async () => {
    const dir = await tempDir();
    await mkdir(path.join(dir, "art", "sub.png"), { recursive: true });
    await writeFile(path.join(dir, "art", "a.webp"), WEBP);
    const files = createImageFiles({ isAllowed: () => true });
    const sceneFile = path.join(dir, "level.json");
    const read = await files.read({ scenePath: sceneFile, src: "art/a.webp" });
    expect(read.ok && read.value.type).toBe("image/webp");
    expect(read.ok && [...read.value.bytes]).toEqual([...WEBP]);
    expectError(await files.read({ scenePath: sceneFile, src: "art/sub.png" }), /it is a folder/);
  });
});

describe("createImageFiles().pick (File → Add Image… in the desktop app)", () => {
  const dir = path.resolve("/art");
  const dialog = (answer: { canceled: boolean; filePaths: string[] }) => ({ showOpenDialog: vi.fn(async () => answer) });

  it("reads every picked image with its name and path, and says which ones it refused", async () => {
    const fs = fakeFs({ [path.join(dir, "a.png")]: PNG, [path.join(dir, "b.jpg")]: JPEG, [path.join(dir, "c.png")]: GIF });
    const d = dialog({ canceled: false, filePaths: ["a.png", "b.jpg", "c.png"].map((n) => path.join(dir, n)) });
    const files = createImageFiles({ fs, dialog: d, isAllowed: () => false });
    const r = await files.pick();
    expect(r).toEqual({
      ok: true,
      value: {
        images: [
          { name: "a.png", path: path.join(dir, "a.png"), bytes: PNG, type: "image/png" },
          { name: "b.jpg", path: path.join(dir, "b.jpg"), bytes: JPEG, type: "image/jpeg" },
        ],
        refused: ["cannot read c.png: it is not a PNG, JPEG or WebP file"],
      },
    });
    expect(d.showOpenDialog).toHaveBeenCalledWith(expect.objectContaining({ properties: ["openFile", "multiSelections"] }));
  });

  it("is canceled with the dialog, and fails without one", async () => {
    expect(await createImageFiles({ fs: fakeFs({}), dialog: dialog({ canceled: true, filePaths: [] }), isAllowed: () => true }).pick()).toEqual({ ok: false, canceled: true });
    expectError(await createImageFiles({ fs: fakeFs({}), isAllowed: () => true }).pick(), /cannot show the Open dialog/);
  });
});

describe("registerImageIpc", () => {
  const indexUrl = appIndexUrl("/app/dist/renderer/index.html");
  const editorContents = { id: 1 };
  const policy = { indexUrl, editorContents: () => editorContents };
  const event = (overrides: Partial<InvokeEventLike> = {}): InvokeEventLike => ({ sender: editorContents, senderFrame: { url: indexUrl, parent: null }, ...overrides });
  const fakeImages = () => ({
    read: vi.fn(async () => ({ ok: true, value: { bytes: PNG, type: "image/png" } }) as const),
    watch: vi.fn(async () => ({ ok: true, value: null }) as const),
    pick: vi.fn(async () => ({ ok: false, canceled: true }) as const),
    readPicked: vi.fn(async () => ({ ok: false, canceled: true }) as const),
  });

  it("registers its three channels and removes them again", () => {
    const { ipcMain, handlers } = fakeIpcMain();
    const dispose = registerImageIpc(ipcMain, fakeImages(), policy);
    expect([...handlers.keys()]).toEqual([...IMAGE_CHANNELS]);
    expect(IMAGE_CHANNELS).toEqual([IPC.readImage, IPC.watchImage, IPC.pickImages]);
    dispose();
    expect(handlers.size).toBe(0);
  });

  it("passes a well-formed request through", async () => {
    const { ipcMain, invoke } = fakeIpcMain();
    const images = fakeImages();
    registerImageIpc(ipcMain, images, policy);
    expect(await invoke(IPC.readImage, event(), { scenePath: scene, src: "art/a.png" })).toMatchObject({ ok: true });
    expect(images.read).toHaveBeenCalledExactlyOnceWith({ scenePath: scene, src: "art/a.png" });
  });

  it.each([
    ["no argument", []],
    ["two arguments", [{ scenePath: scene, src: "a.png" }, {}]],
    ["a string", ["a.png"]],
    ["a missing src", [{ scenePath: scene }]],
    ["an empty scene path", [{ scenePath: "", src: "a.png" }]],
    ["an extra key", [{ scenePath: scene, src: "a.png", encoding: "base64" }]],
    ["an overlong src", [{ scenePath: scene, src: "a".repeat(4097) }]],
  ])("rejects a request with %s without reading", async (_what, args) => {
    const { ipcMain, invoke } = fakeIpcMain();
    const images = fakeImages();
    registerImageIpc(ipcMain, images, policy);
    expectError(await invoke(IPC.readImage, event(), ...args), /^invalid image request: /);
    expect(images.read).not.toHaveBeenCalled();
  });

  it("passes a well-formed watch request through, and rejects another without watching", async () => {
    const { ipcMain, invoke } = fakeIpcMain();
    const images = fakeImages();
    registerImageIpc(ipcMain, images, policy);
    expect(await invoke(IPC.watchImage, event(), { scenePath: scene, src: "art/a.png" })).toEqual({ ok: true, value: null });
    expectError(await invoke(IPC.watchImage, event(), { scenePath: scene, src: "a.png", bytes: [] }), /^invalid image watch: /);
    expectError(await invoke(IPC.watchImage, event({ sender: { id: 2 } }), { scenePath: scene, src: "a.png" }), /did not come from the editor page/);
    expect(images.watch).toHaveBeenCalledExactlyOnceWith({ scenePath: scene, src: "art/a.png" });
  });

  it("a pick takes no arguments, and passes the dialog's answer through", async () => {
    const { ipcMain, invoke } = fakeIpcMain();
    const images = fakeImages();
    registerImageIpc(ipcMain, images, policy);
    expectError(await invoke(IPC.pickImages, event(), "/etc"), /^invalid image pick: it takes no arguments/);
    expect(images.pick).not.toHaveBeenCalled();
    expect(await invoke(IPC.pickImages, event())).toEqual({ ok: false, canceled: true });
    expectError(await invoke(IPC.pickImages, event({ sender: { id: 2 } })), /did not come from the editor page/);
    expect(images.pick).toHaveBeenCalledOnce();
  });

  it("refuses a call from anywhere but the editor page", async () => {
    const { ipcMain, invoke } = fakeIpcMain();
    const images = fakeImages();
    registerImageIpc(ipcMain, images, policy);
    expectError(await invoke(IPC.readImage, event({ senderFrame: { url: "https://evil.example/", parent: null } }), { scenePath: scene, src: "a.png" }), /did not come from the editor page/);
    expectError(await invoke(IPC.readImage, event({ sender: { id: 2 } }), { scenePath: scene, src: "a.png" }), /did not come from the editor page/);
    expect(images.read).not.toHaveBeenCalled();
  });
});
