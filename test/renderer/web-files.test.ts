// The File System Access paths the end-to-end test cannot reach with willing fake pickers: a
// refused permission, a write that fails half-way, a picker that fails, a browser with one picker.
import { afterEach, describe, expect, it, vi } from "vitest";
import { hasFileSystemAccess, joinNames, openInFolderWithPicker, openWithPicker, saveWithPicker, webSceneFolder, type WebDirectoryHandle, type WebFileHandle, type WebWritable } from "../../renderer/platform/web-files";

const SCENE = { name: "Collider Studio scene", extensions: ["json"] };

interface FakeHandle extends WebFileHandle {
  readonly written: string[];
  readonly aborted: boolean;
}

function fakeHandle(name: string, opts: { permission?: PermissionState; failWrite?: boolean; text?: string } = {}): FakeHandle {
  const state = { written: [] as string[], aborted: false };
  return {
    name,
    get written() {
      return state.written;
    },
    get aborted() {
      return state.aborted;
    },
    getFile: async () => new File([opts.text ?? ""], name),
    queryPermission: async () => opts.permission ?? "granted",
    requestPermission: async () => opts.permission ?? "granted",
    createWritable: async (): Promise<WebWritable> => {
      let pending = "";
      return {
        write: async (data) => {
          if (opts.failWrite) throw new Error("The disk is full.\nmore detail");
          pending += data;
        },
        close: async () => {
          state.written.push(pending);
        },
        abort: async () => {
          state.aborted = true;
        },
      };
    },
  };
}

function stubPickers(open: () => Promise<WebFileHandle[]>, save: () => Promise<WebFileHandle>): void {
  vi.stubGlobal("window", { showOpenFilePicker: open, showSaveFilePicker: save });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("web files", () => {
  it("needs both pickers", () => {
    vi.stubGlobal("window", { showOpenFilePicker: async () => [] });
    expect(hasFileSystemAccess()).toBe(false);
    stubPickers(async () => [], async () => fakeHandle("a.json"));
    expect(hasFileSystemAccess()).toBe(true);
  });

  it("a refused permission to write is a one-line error and writes nothing", async () => {
    const file = fakeHandle("castle.json", { permission: "denied", text: "{}" });
    stubPickers(async () => [file], async () => file);
    const opened = await openWithPicker(SCENE);
    if (opened.kind !== "done") throw new Error("not opened");
    const saved = await saveWithPicker({ name: opened.value.name, path: opened.value.path }, false, SCENE, async () => "new text");
    expect(saved).toEqual({ kind: "error", message: "Could not save castle.json: permission to write it was refused" });
    expect(file.written).toEqual([]);
  });

  it("a write that fails is aborted, so the file is never replaced, and reported in one line", async () => {
    const file = fakeHandle("castle.json", { failWrite: true });
    stubPickers(async () => [file], async () => file);
    const saved = await saveWithPicker({ name: "castle.json" }, true, SCENE, async () => "new text");
    expect(saved).toEqual({ kind: "error", message: "Could not save castle.json: The disk is full." });
    expect(file.aborted).toBe(true);
    expect(file.written).toEqual([]);
  });

  it("a picker that fails (not a cancel) is an error; a cancel is not", async () => {
    stubPickers(
      async () => {
        throw new DOMException("Must be handling a user gesture to show a file picker.", "SecurityError");
      },
      async () => {
        throw new DOMException("The user aborted a request.", "AbortError");
      },
    );
    expect(await openWithPicker(SCENE)).toEqual({ kind: "error", message: "Could not open a file: Must be handling a user gesture to show a file picker." });
    expect(await saveWithPicker({ name: "a.json" }, false, SCENE, async () => "x")).toEqual({ kind: "canceled" });
  });

  it("a path that is not one of this page's handles (a desktop path, or from before a reload) asks where", async () => {
    const picked = fakeHandle("where.json");
    const save = vi.fn(async () => picked);
    stubPickers(async () => [], save);
    const saved = await saveWithPicker({ name: "level.json", path: "web-file:999" }, false, SCENE, async () => "text");
    expect(save).toHaveBeenCalledTimes(1);
    expect(saved.kind === "done" && saved.value.name).toBe("where.json");
    expect(picked.written).toEqual(["text"]);
  });
});

describe("saving a scene opened in a folder", () => {
  /** A folder whose files sit at the given names (resolve answers by identity, as the browser does). */
  function fakeFolder(places: Map<WebFileHandle, string[]>): WebDirectoryHandle {
    const folder: WebDirectoryHandle = {
      name: "game",
      getDirectoryHandle: async () => folder,
      getFileHandle: async () => fakeHandle("x"),
      resolve: async (handle) => places.get(handle) ?? null,
    };
    return folder;
  }

  it("Save As inside the folder gives the text its new folder and keeps the folder; outside it, no folder", async () => {
    const scene = fakeHandle("level.json", { text: "{}" }), moved = fakeHandle("level.json"), outside = fakeHandle("far.json");
    const folder = fakeFolder(new Map([[scene, ["levels", "level.json"]], [moved, ["levels", "old", "level.json"]]]));
    const targets = [moved, outside];
    vi.stubGlobal("window", { showDirectoryPicker: async () => folder, showOpenFilePicker: async () => [scene], showSaveFilePicker: async () => targets.shift()! });
    const opened = await openInFolderWithPicker(SCENE);
    if (opened.kind !== "done") throw new Error("not opened");
    const file = { name: opened.value.name, path: opened.value.path! };
    const above = (dir: string) => webSceneFolder(file.path)!.replace(/\/levels$/, dir);
    expect(webSceneFolder(file.path)).toMatch(/^\/(?::above-\d+\/){32}levels$/);
    const folders: (string | undefined)[] = [];
    const textFor = async (f: string | undefined) => {
      folders.push(f);
      return "saved";
    };
    const inPlace = await saveWithPicker(file, false, SCENE, textFor);
    expect(inPlace).toEqual({ kind: "done", value: file });
    const inside = await saveWithPicker(file, true, SCENE, textFor);
    if (inside.kind !== "done") throw new Error("not saved");
    expect(webSceneFolder(inside.value.path)).toBe(above("/levels/old"));
    const away = await saveWithPicker(file, true, SCENE, textFor);
    if (away.kind !== "done") throw new Error("not saved");
    expect(webSceneFolder(away.value.path)).toBeUndefined();
    expect(folders).toEqual([above("/levels"), above("/levels/old"), undefined]);
    expect([scene.written, moved.written, outside.written]).toEqual([["saved"], ["saved"], ["saved"]]);
  });
});

describe("joinNames: a scene's relative path within the folder it was opened in", () => {
  it("walks down and up, ignores empty and '.' names, and refuses a climb out of the folder", () => {
    expect(joinNames(["levels"], "../art/red.png")).toEqual(["art", "red.png"]);
    expect(joinNames([], "art/./sub//red.png")).toEqual(["art", "sub", "red.png"]);
    expect(joinNames(["a", "b"], "../../x.png")).toEqual(["x.png"]);
    expect(joinNames(["levels"], "../../elsewhere.png")).toBeNull();
    expect(joinNames([], "../x.png")).toBeNull();
  });
});
