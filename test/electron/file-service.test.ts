import { readdir, readFile, writeFile, mkdir } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import {
  createSceneFileService, OPEN_FILTERS, sceneFileName, SCENE_FILTERS,
  type DialogLike, type OpenDialogOptions, type SaveDialogOptions,
} from "../../electron/file-service";
import { nodeFileSystem, type SceneFileSystem } from "../../electron/file-system";
import { errnoError, tempDir } from "./helpers";

/** A dialog that answers from queues and records what it was asked. */
function fakeDialog(answers: { open?: string[] | null; save?: (string | null)[] } = {}) {
  const openOptions: OpenDialogOptions[] = [];
  const saveOptions: SaveDialogOptions[] = [];
  const saves = [...(answers.save ?? [])];
  const dialog: DialogLike = {
    async showOpenDialog(options) {
      openOptions.push(options);
      const paths = answers.open;
      return paths ? { canceled: false, filePaths: paths } : { canceled: true, filePaths: [] };
    },
    async showSaveDialog(options) {
      saveOptions.push(options);
      const next = saves.shift();
      return next ? { canceled: false, filePath: next } : { canceled: true, filePath: "" };
    },
  };
  return { dialog, openOptions, saveOptions };
}

describe("open", () => {
  it("shows an Open dialog for scenes, Tiled maps and images, and reads a scene as UTF-8", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "level-é.json");
    await writeFile(file, '{"name":"Château ✓"}', "utf8");
    const { dialog, openOptions } = fakeDialog({ open: [file] });
    const service = createSceneFileService({ dialog });
    expect(await service.open()).toEqual({ ok: true, value: { kind: "scene", path: file, name: "level-é.json", text: '{"name":"Château ✓"}' } });
    expect(openOptions).toEqual([{ title: "Open", properties: ["openFile"], filters: OPEN_FILTERS }]);
    expect(OPEN_FILTERS[0]).toEqual({ name: "Scenes, Tiled maps and images", extensions: ["json", "tmx", "tmj", "png", "jpg", "jpeg", "webp"] });
    expect(OPEN_FILTERS.at(-1)).toEqual({ name: "All files", extensions: ["*"] });
    expect(service.isAllowed(file)).toBe(true);
  });

  // Open… on a .tmx had read it as a scene: "1:1: not valid JSON".
  it("routes by extension as a drop does: a map is read as an import, an image through the image reader, another file only named", async () => {
    const dir = await tempDir();
    const map = path.join(dir, "level.TMX"), art = path.join(dir, "art.png"), notes = path.join(dir, "notes.txt");
    await writeFile(map, "<map/>", "utf8");
    await writeFile(notes, "hello", "utf8");
    const imported: string[] = [];
    const readImage = vi.fn(async () => ({ ok: true, value: { bytes: new Uint8Array([1]), type: "image/png" } }) as const);
    const open = (file: string) => createSceneFileService({ dialog: fakeDialog({ open: [file] }).dialog, onImported: (p) => imported.push(p), readImage });
    const mapService = open(map);
    expect(await mapService.open()).toEqual({ ok: true, value: { kind: "map", path: map, name: "level.TMX", text: "<map/>" } });
    expect(imported).toEqual([map]);
    expect(mapService.isAllowed(map)).toBe(false);
    expect(await open(art).open()).toEqual({ ok: true, value: { kind: "image", path: art, name: "art.png", image: { bytes: new Uint8Array([1]), type: "image/png" } } });
    expect(readImage).toHaveBeenCalledWith(art);
    const notesService = open(notes);
    expect(await notesService.open()).toEqual({ ok: true, value: { kind: "other", path: notes, name: "notes.txt" } });
    expect(notesService.isAllowed(notes)).toBe(false);
  });

  it("reports a canceled dialog as canceled", async () => {
    const service = createSceneFileService({ dialog: fakeDialog({ open: null }).dialog });
    expect(await service.open()).toEqual({ ok: false, canceled: true });
  });

  it("turns read errors into a readable message, and does not allow the path", async () => {
    const dir = await tempDir();
    const missing = path.join(dir, "gone.json");
    const service = createSceneFileService({ dialog: fakeDialog({ open: [missing] }).dialog });
    expect(await service.open()).toEqual({ ok: false, canceled: false, error: `cannot open ${missing}: no such file or folder` });
    expect(service.isAllowed(missing)).toBe(false);
  });

  it("turns a failing dialog into a message, not an exception", async () => {
    const dialog: DialogLike = {
      showOpenDialog: () => Promise.reject(new Error("no display\n    at stack line")),
      showSaveDialog: () => Promise.reject(new Error("no display")),
    };
    const service = createSceneFileService({ dialog });
    expect(await service.open()).toEqual({ ok: false, canceled: false, error: "cannot show the Open dialog: no display" });
    expect(await service.save({ text: "{}" })).toEqual({ ok: false, canceled: false, error: "cannot show the Save dialog: no display" });
  });
});

describe("save", () => {
  it("asks where to save when there is no path, proposing the suggested name with .json", async () => {
    const dir = await tempDir();
    const target = path.join(dir, "arena.json");
    const { dialog, saveOptions } = fakeDialog({ save: [target] });
    const service = createSceneFileService({ dialog });
    expect(await service.save({ text: "{\"v\":1}", suggestedName: "arena" })).toEqual({ ok: true, value: { path: target, name: "arena.json" } });
    expect(await readFile(target, "utf8")).toBe("{\"v\":1}");
    expect(saveOptions).toHaveLength(1);
    expect(saveOptions[0]).toMatchObject({ title: "Save scene", defaultPath: "arena.json", filters: SCENE_FILTERS });
    expect(saveOptions[0]!.properties).toContain("showOverwriteConfirmation");
  });

  it("saves to exactly the path the dialog confirmed, never to another name it did not ask about", async () => {
    const dir = await tempDir();
    const service = createSceneFileService({ dialog: fakeDialog({ save: [path.join(dir, "level")] }).dialog });
    const result = await service.save({ text: "{}" });
    expect(result).toEqual({ ok: true, value: { path: path.join(dir, "level"), name: "level" } });
  });

  it("reports a canceled Save dialog as canceled and writes nothing", async () => {
    const dir = await tempDir();
    const service = createSceneFileService({ dialog: fakeDialog({ save: [null] }).dialog });
    expect(await service.save({ text: "{}", suggestedName: "x" })).toEqual({ ok: false, canceled: true });
    expect(await readdir(dir)).toEqual([]);
  });

  it("saves again to a path it opened without asking, atomically replacing the old content and keeping it as .bak", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "scene.json");
    await writeFile(file, "old", "utf8");
    const { dialog, saveOptions } = fakeDialog({ open: [file] });
    const service = createSceneFileService({ dialog });
    await service.open();
    expect(await service.save({ text: "new", path: file })).toEqual({ ok: true, value: { path: file, name: "scene.json" } });
    expect(saveOptions).toEqual([]);
    expect(await readFile(file, "utf8")).toBe("new");
    expect((await readdir(dir)).sort()).toEqual(["scene.json", "scene.json.bak"]);
    expect(await readFile(`${file}.bak`, "utf8")).toBe("old");
    // The next save keeps the content just replaced, not the first one.
    expect((await service.save({ text: "newer", path: file })).ok).toBe(true);
    expect(await readFile(`${file}.bak`, "utf8")).toBe("new");
  });

  it("keeps as many previous versions as the backups setting says, for saves and exports alike", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "scene.json"), exported = path.join(dir, "scene.tscn");
    await writeFile(file, "v0", "utf8");
    await writeFile(exported, "e0", "utf8");
    const { dialog } = fakeDialog({ open: [file], save: [exported, exported] });
    const service = createSceneFileService({ dialog, backups: 2 });
    await service.open();
    for (const text of ["v1", "v2", "v3"]) expect((await service.save({ text, path: file })).ok).toBe(true);
    expect(await readFile(`${file}.bak`, "utf8")).toBe("v2");
    expect(await readFile(`${file}.bak.2`, "utf8")).toBe("v1");
    const type = { name: "Godot scene", extensions: ["tscn"] };
    for (const text of ["e1", "e2"]) expect((await service.exportFile({ text, suggestedName: "scene.json", type })).ok).toBe(true);
    expect(await readFile(`${exported}.bak.2`, "utf8")).toBe("e0");
    expect((await readdir(dir)).sort()).toEqual(["scene.json", "scene.json.bak", "scene.json.bak.2", "scene.tscn", "scene.tscn.bak", "scene.tscn.bak.2"]);
  });

  it("saves again to a path chosen in an earlier Save dialog", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "a.json");
    const { dialog, saveOptions } = fakeDialog({ save: [file] });
    const service = createSceneFileService({ dialog });
    await service.save({ text: "1" });
    expect(await service.save({ text: "2", path: file })).toMatchObject({ ok: true });
    expect(saveOptions).toHaveLength(1);
    expect(await readFile(file, "utf8")).toBe("2");
  });

  it("refuses a path that no dialog chose in this session", async () => {
    const dir = await tempDir();
    const victim = path.join(dir, "victim.json");
    await writeFile(victim, "precious", "utf8");
    const { dialog, saveOptions } = fakeDialog({ save: [victim] });
    const service = createSceneFileService({ dialog });
    const result = await service.save({ text: "overwritten", path: victim });
    expect(result).toMatchObject({ ok: false, canceled: false });
    expect(result.ok === false && !result.canceled && result.error).toMatch(/^cannot save .*victim\.json: this file was not chosen in a file dialog/);
    expect(saveOptions).toEqual([]);
    expect(await readFile(victim, "utf8")).toBe("precious");
  });

  it("refuses relative and dot-dot variants of paths it does not know", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "ok.json");
    const service = createSceneFileService({ dialog: fakeDialog({ save: [file] }).dialog });
    await service.save({ text: "{}" });
    expect(service.isAllowed(path.join(dir, "sub", "..", "ok.json"))).toBe(true);
    expect(await service.save({ text: "x", path: path.join(dir, "..", "ok.json") })).toMatchObject({ ok: false, canceled: false });
    expect(await service.save({ text: "x", path: "ok.json" })).toMatchObject({ ok: false, canceled: false });
  });

  it("Save As asks even for a known path, starting in its folder", async () => {
    const dir = await tempDir();
    const first = path.join(dir, "first.json");
    const second = path.join(dir, "second.json");
    const { dialog, saveOptions } = fakeDialog({ save: [first, second] });
    const service = createSceneFileService({ dialog });
    await service.save({ text: "1", suggestedName: "first.json" });
    expect(await service.save({ text: "2", path: first, saveAs: true, suggestedName: "copy of first" })).toEqual({ ok: true, value: { path: second, name: "second.json" } });
    expect(saveOptions[1]!.defaultPath).toBe(path.join(dir, "copy of first.json"));
    expect(await readFile(first, "utf8")).toBe("1");
    expect(await readFile(second, "utf8")).toBe("2");
  });

  it("Save As of an unknown path does not reveal that path in the dialog", async () => {
    const { dialog, saveOptions } = fakeDialog({ save: [null] });
    const service = createSceneFileService({ dialog });
    await service.save({ text: "1", path: "/secret/place/level.json", saveAs: true });
    expect(saveOptions[0]!.defaultPath).toBe("level.json");
  });

  it("keeps the old content and removes the temporary file when the rename fails", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "scene.json");
    await writeFile(file, "old", "utf8");
    // Only the final rename onto the target fails; the backup's rename before it succeeds.
    const renameFails: SceneFileSystem = { ...nodeFileSystem, rename: (from, to) => (to === file ? Promise.reject(errnoError("EACCES")) : nodeFileSystem.rename(from, to)) };
    const service = createSceneFileService({ dialog: fakeDialog({ open: [file] }).dialog, fs: renameFails });
    await service.open();
    expect(await service.save({ text: "new", path: file })).toEqual({ ok: false, canceled: false, error: `cannot save ${file}: permission denied` });
    expect(await readFile(file, "utf8")).toBe("old");
    // The backup was taken before the failed rename: it holds the same old content.
    expect((await readdir(dir)).sort()).toEqual(["scene.json", "scene.json.bak"]);
    expect(await readFile(`${file}.bak`, "utf8")).toBe("old");
  });

  it("keeps the old content and removes a partly written temporary file when the disk is full", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "scene.json");
    await writeFile(file, "old", "utf8");
    const writeFails: SceneFileSystem = {
      ...nodeFileSystem,
      async writeNewFile(tempPath, text) {
        await writeFile(tempPath, text.slice(0, 2), { flag: "wx" });
        throw errnoError("ENOSPC");
      },
    };
    const service = createSceneFileService({ dialog: fakeDialog({ open: [file] }).dialog, fs: writeFails });
    await service.open();
    expect(await service.save({ text: "new content", path: file })).toEqual({ ok: false, canceled: false, error: `cannot save ${file}: the disk is full` });
    expect(await readFile(file, "utf8")).toBe("old");
    expect(await readdir(dir)).toEqual(["scene.json"]);
  });

  it("writes through a temporary file in the target's folder, then renames it over the target", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "scene.json");
    const calls: string[] = [];
    const spying: SceneFileSystem = {
      ...nodeFileSystem,
      writeNewFile: vi.fn(async (p: string, text: string) => { calls.push(`write ${p}`); await nodeFileSystem.writeNewFile(p, text); }),
      rename: vi.fn(async (from: string, to: string) => { calls.push(`rename ${from} -> ${to}`); await nodeFileSystem.rename(from, to); }),
    };
    const service = createSceneFileService({ dialog: fakeDialog({ save: [file] }).dialog, fs: spying });
    await service.save({ text: "{}" });
    expect(calls).toHaveLength(2);
    const temp = calls[0]!.slice("write ".length);
    expect(path.dirname(temp)).toBe(dir);
    expect(temp).not.toBe(file);
    expect(calls[1]).toBe(`rename ${temp} -> ${file}`);
  });

  it("reports a missing folder readably", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "no-such-folder", "scene.json");
    const service = createSceneFileService({ dialog: fakeDialog({ save: [file] }).dialog });
    expect(await service.save({ text: "{}" })).toEqual({ ok: false, canceled: false, error: `cannot save ${file}: no such file or folder` });
  });

  it("reports a target that is a folder readably", async () => {
    const dir = await tempDir();
    const folder = path.join(dir, "taken.json");
    await mkdir(folder);
    const service = createSceneFileService({ dialog: fakeDialog({ save: [folder] }).dialog });
    const result = await service.save({ text: "{}" });
    expect(result).toMatchObject({ ok: false, canceled: false });
    expect(result.ok === false && !result.canceled && result.error).toMatch(new RegExp(`^cannot save ${folder.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: `));
    expect(result.ok === false && !result.canceled && result.error).not.toMatch(/\n| {4}at /);
    expect(await readdir(dir)).toEqual(["taken.json"]);
  });
});

describe("sceneFileName", () => {
  it("keeps a plain name and adds .json", () => {
    expect(sceneFileName("Level 1")).toBe("Level 1.json");
    expect(sceneFileName("arena.json")).toBe("arena.json");
    expect(sceneFileName("ARENA.JSON")).toBe("ARENA.JSON");
  });

  it("drops folders, control and reserved characters, and falls back to untitled", () => {
    expect(sceneFileName("../../etc/passwd")).toBe("passwd.json");
    expect(sceneFileName("C:\\Users\\x\\a.json")).toBe("a.json");
    expect(sceneFileName("bad\u0000<name>?")).toBe("badname.json");
    expect(sceneFileName("   ")).toBe("untitled.json");
    expect(sceneFileName("..")).toBe("untitled.json");
    expect(sceneFileName(undefined)).toBe("untitled.json");
  });
});

describe("export and import", () => {
  const godot = { name: "Godot scene", extensions: ["tscn"] };

  it("exports where the Save dialog says, proposing the scene's name with the type's extension, keeping an old file as .bak", async () => {
    const dir = await tempDir();
    const target = path.join(dir, "level.tscn");
    await writeFile(target, "old export", "utf8");
    const { dialog, saveOptions } = fakeDialog({ save: [target] });
    const service = createSceneFileService({ dialog });
    expect(await service.exportFile({ text: "[gd_scene]", suggestedName: "level.json", type: godot })).toEqual({ ok: true, value: { path: target, name: "level.tscn" } });
    expect(saveOptions).toEqual([{ title: "Export Godot scene", defaultPath: "level.tscn", properties: ["createDirectory", "showOverwriteConfirmation"], filters: [godot] }]);
    expect(await readFile(target, "utf8")).toBe("[gd_scene]");
    expect(await readFile(`${target}.bak`, "utf8")).toBe("old export");
    // An export target is not a place the scene may be saved to.
    expect(service.isAllowed(target)).toBe(false);
  });

  it("chooses an export target first, then writes there without asking again; a path not chosen for that type is refused", async () => {
    const dir = await tempDir();
    const target = path.join(dir, "out", "level.tscn");
    await mkdir(path.dirname(target));
    const { dialog, saveOptions } = fakeDialog({ save: [target] });
    const service = createSceneFileService({ dialog });
    expect(await service.chooseTarget({ suggestedName: "level.json", type: godot })).toEqual({ ok: true, value: { path: target, name: "level.tscn" } });
    expect(saveOptions.map((o) => o.title)).toEqual(["Export Godot scene"]);
    expect(await service.exportFile({ text: "[gd_scene]", suggestedName: "level.json", type: godot, path: target })).toEqual({ ok: true, value: { path: target, name: "level.tscn" } });
    expect(await readFile(target, "utf8")).toBe("[gd_scene]");
    expect(saveOptions).toHaveLength(1);
    const tiled = { name: "Tiled map", extensions: ["tmj"] };
    expect(await service.exportFile({ text: "{}", suggestedName: "a", type: tiled, path: target })).toEqual({ ok: false, canceled: false, error: `cannot export to ${target}: it was not chosen in the Export dialog in this session` });
    const elsewhere = path.join(dir, "elsewhere.tscn");
    expect(await service.exportFile({ text: "x", suggestedName: "a", type: godot, path: elsewhere })).toMatchObject({ ok: false, canceled: false });
    expect(await readdir(dir)).toEqual(["out"]);
    // An export target is no place to save the scene to.
    expect(service.isAllowed(target)).toBe(false);
  });

  it("chooses a scene target (Save As) and allows it for save(), starting in the document's folder when it was chosen", async () => {
    const dir = await tempDir();
    const opened = path.join(dir, "level.json"), target = path.join(dir, "copy.json");
    await writeFile(opened, "{}", "utf8");
    const { dialog, saveOptions } = fakeDialog({ open: [opened], save: [target, null] });
    const service = createSceneFileService({ dialog });
    await service.open();
    expect(await service.chooseTarget({ suggestedName: "level.json", path: opened })).toEqual({ ok: true, value: { path: target, name: "copy.json" } });
    expect(saveOptions[0]).toMatchObject({ title: "Save scene", defaultPath: path.join(dir, "level.json") });
    expect(service.isAllowed(target)).toBe(true);
    expect(await service.save({ text: "saved", path: target })).toEqual({ ok: true, value: { path: target, name: "copy.json" } });
    expect(await readFile(target, "utf8")).toBe("saved");
    expect(await service.chooseTarget({ suggestedName: "x" })).toEqual({ ok: false, canceled: true });
  });

  it("a canceled export writes nothing; a failed one says where", async () => {
    const dir = await tempDir();
    const canceled = createSceneFileService({ dialog: fakeDialog({ save: [null] }).dialog });
    expect(await canceled.exportFile({ text: "x", suggestedName: "a", type: godot })).toEqual({ ok: false, canceled: true });
    const missing = path.join(dir, "no-such-folder", "a.tscn");
    const failing = createSceneFileService({ dialog: fakeDialog({ save: [missing] }).dialog });
    expect(await failing.exportFile({ text: "x", suggestedName: "a", type: godot })).toEqual({ ok: false, canceled: false, error: `cannot export to ${missing}: no such file or folder` });
    expect(await readdir(dir)).toEqual([]);
  });

  it("imports the file the Open dialog picks, filtered by the type, without allowing it for saving", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "map.tmj");
    await writeFile(file, '{"type":"map"}', "utf8");
    const { dialog, openOptions } = fakeDialog({ open: [file] });
    const service = createSceneFileService({ dialog });
    const type = { name: "Tiled map", extensions: ["tmj", "json"] };
    expect(await service.importFile({ title: "Import Tiled map", type })).toEqual({ ok: true, value: { path: file, name: "map.tmj", text: '{"type":"map"}' } });
    expect(openOptions).toEqual([{ title: "Import Tiled map", properties: ["openFile"], filters: [type] }]);
    expect(service.isAllowed(file)).toBe(false);
  });
});

describe("openPath (Open Recent, a drop, files from the OS) and onSceneFile", () => {
  it("reads a path without a dialog and allows saving back to it; a recent file once the page opened it", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "recent.json");
    await writeFile(file, "{}", "utf8");
    const { dialog, openOptions } = fakeDialog();
    const seen: string[] = [];
    const service = createSceneFileService({ dialog, onSceneFile: (p) => seen.push(p) });
    expect(await service.openPath(file)).toEqual({ ok: true, value: { path: file, name: "recent.json", text: "{}" } });
    expect(openOptions).toEqual([]);
    expect(service.isAllowed(file)).toBe(true);
    expect(seen).toEqual([]);
    expect(service.opened(file)).toEqual({ path: file, name: "recent.json", text: "{}" });
    expect(await service.save({ text: "{\"v\":2}", path: file })).toMatchObject({ ok: true });
    expect(await readFile(file, "utf8")).toBe("{\"v\":2}");
    expect(seen).toEqual([file, file]);
  });

  // Regression: openPath added the file to Open Recent as soon as it was read, so a recent file,
  // a drop or a file from the OS that the page then could not open (not a scene, problems) was
  // added (or moved to the top) all the same.
  it("a scene read by openPath that the page did not open stays off the recent files", async () => {
    const dir = await tempDir();
    const [broken, good] = ["broken", "good"].map((n) => path.join(dir, `${n}.json`));
    await writeFile(broken!, "not a scene");
    await writeFile(good!, "{}");
    const seen: string[] = [];
    const service = createSceneFileService({ dialog: fakeDialog().dialog, onSceneFile: (p) => seen.push(p) });
    expect((await service.openPath(broken!)).ok).toBe(true);
    expect((await service.openPath(good!)).ok).toBe(true);
    // Only the last read counts, once: the page never confirms the broken one, and cannot later.
    expect(service.opened(broken!)).toBeUndefined();
    expect(service.opened(good!)?.path).toBe(good);
    expect(service.opened(good!)).toBeUndefined();
    expect(seen).toEqual([good]);
    // A read that failed leaves nothing to confirm.
    expect((await service.openPath(path.join(dir, "gone.json"))).ok).toBe(false);
    expect(service.opened(good!)).toBeUndefined();
    expect(seen).toEqual([good]);
  });

  it("a missing file is a readable error, neither allowed nor remembered", async () => {
    const dir = await tempDir();
    const gone = path.join(dir, "gone.json");
    const seen: string[] = [];
    const service = createSceneFileService({ dialog: fakeDialog().dialog, onSceneFile: (p) => seen.push(p) });
    expect(await service.openPath(gone)).toEqual({ ok: false, canceled: false, error: `cannot open ${gone}: no such file or folder` });
    expect(service.isAllowed(gone)).toBe(false);
    expect(seen).toEqual([]);
  });

  it("remembers scenes opened through the dialog and saved, but not imports or exports", async () => {
    const dir = await tempDir();
    const scene = path.join(dir, "a.json");
    const map = path.join(dir, "m.tmj");
    const saved = path.join(dir, "b.json");
    const exported = path.join(dir, "b.tscn");
    await writeFile(scene, "{}");
    await writeFile(map, "{}");
    const seen: string[] = [];
    const { dialog } = fakeDialog({ open: [scene], save: [saved, exported] });
    const service = createSceneFileService({ dialog, onSceneFile: (p) => seen.push(p) });
    await service.open();
    service.opened(scene);
    await service.save({ text: "{}", saveAs: true });
    await service.exportFile({ text: "x", suggestedName: "b", type: { name: "Godot scene", extensions: ["tscn"] } });
    const importing = createSceneFileService({ dialog: fakeDialog({ open: [map] }).dialog, onSceneFile: (p) => seen.push(p) });
    await importing.importFile({ title: "Import", type: { name: "Tiled map", extensions: ["tmj"] } });
    expect(seen).toEqual([scene, saved]);
  });

  it("a scene picked in Open… is remembered only once the page says it opened it (not if the user kept the document)", async () => {
    const dir = await tempDir();
    const [kept, taken] = ["kept", "taken"].map((n) => path.join(dir, `${n}.json`));
    for (const file of [kept, taken]) await writeFile(file!, "{}");
    const answers = [kept!, taken!];
    const dialog: DialogLike = { showOpenDialog: async () => ({ canceled: false, filePaths: [answers.shift()!] }), showSaveDialog: async () => ({ canceled: true }) };
    const seen: string[] = [];
    const service = createSceneFileService({ dialog, onSceneFile: (p) => seen.push(p) });
    // Picked, then "Discard unsaved changes?" answered No: the page never confirms.
    expect(await service.open()).toMatchObject({ ok: true, value: { path: kept } });
    expect(seen).toEqual([]);
    // Saving to a file picked in the dialog needs no second dialog, opened or not.
    expect(service.isAllowed(kept!)).toBe(true);
    expect(await service.open()).toMatchObject({ ok: true, value: { path: taken } });
    // Only the last pick counts, once.
    expect(service.opened(kept!)).toBeUndefined();
    expect(service.opened(path.relative(process.cwd(), taken!))).toEqual({ path: taken, name: "taken.json", text: "{}" });
    expect(service.opened(taken!)).toBeUndefined();
    expect(seen).toEqual([taken]);
  });
});

describe("paths that may be saved without a dialog (isAllowed)", () => {
  it("are the user's choices only: this session's dialogs and openPath, the recent list, and allow (a restored document's path)", async () => {
    const dir = await tempDir();
    const [opened, savedAs, recent, remembered, restored, other] = ["opened", "saved-as", "recent", "remembered", "restored", "other"].map((n) => path.join(dir, `${n}.json`));
    for (const file of [opened, recent, remembered, other]) await writeFile(file!, "{}");
    const seen: string[] = [];
    const { dialog } = fakeDialog({ open: [opened!], save: [savedAs!] });
    const service = createSceneFileService({ dialog, chosenBefore: (p) => p === remembered, onSceneFile: (p) => seen.push(p) });
    for (const file of [opened, savedAs, recent, remembered, restored]) expect(service.isAllowed(file!)).toBe(file === remembered);
    await service.open();
    service.opened(opened!);
    await service.save({ text: "{}", saveAs: true });
    await service.openPath(recent!);
    service.opened(recent!);
    // A restored document's path, given relative to the working folder like any other.
    service.allow(path.relative(process.cwd(), restored!));
    for (const file of [opened, savedAs, recent, remembered, restored]) expect(service.isAllowed(file!)).toBe(true);
    expect(service.isAllowed(other!)).toBe(false);
    // Allowing is not opening: the restored path reaches the recent list only once it is saved.
    expect(seen).toEqual([opened, savedAs, recent]);
    expect(await service.save({ text: "restored", path: restored! })).toMatchObject({ ok: true });
    expect(await readFile(restored!, "utf8")).toBe("restored");
    expect(seen).toEqual([opened, savedAs, recent, restored]);
  });
});

describe("chosenBefore (the recent files list)", () => {
  it("allows saving in place to a path the user chose in an earlier session, and to no other", async () => {
    const dir = await tempDir();
    const remembered = path.join(dir, "remembered.json");
    const other = path.join(dir, "other.json");
    await writeFile(remembered, "old");
    await writeFile(other, "precious");
    const service = createSceneFileService({ dialog: fakeDialog().dialog, chosenBefore: (p) => p === remembered });
    expect(service.isAllowed(remembered)).toBe(true);
    expect(await service.save({ text: "new", path: remembered })).toMatchObject({ ok: true });
    expect(await readFile(remembered, "utf8")).toBe("new");
    expect(await service.save({ text: "pwned", path: other })).toMatchObject({ ok: false, canceled: false });
    expect(await readFile(other, "utf8")).toBe("precious");
  });
});
