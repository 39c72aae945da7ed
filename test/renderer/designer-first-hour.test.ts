// A designer's first hour (review eyes5), without a browser: Trace Colliders… on a locked image and
// why it is greyed with no image, its settings remembered for the session, the palette's reasons
// for disabled actions, and a problems list that a later outcome replaces or clears.
import { beforeEach, describe, expect, it } from "vitest";
import { emptyScene, type SceneImage } from "../../core";
import { actionById, disabledReason } from "../../renderer/actions/registry";
import { runMenuCommand } from "../../renderer/actions/menu-model";
import { closeModal, useModal } from "../../renderer/app/modals";
import { DEFAULT_TRACE_SETTINGS, forgetTraceSettings, openTraceDialog, rememberTraceSettings, traceSettingsFor, traceTargetOf, useTraceTarget } from "../../renderer/app/trace/trace-session";
import { Editor } from "../../renderer/editor/editor";
import { listLines, loadDocument, notifyWithList, showProblems } from "../../renderer/store/actions";
import { setImageFlag } from "../../renderer/store/image-actions";

const image = (id: string, extra: Partial<SceneImage> = {}): SceneImage => ({ id, src: `${id}.png`, x: 0, y: 0, ...extra });

let editor = new Editor();
function load(images: SceneImage[]): void {
  loadDocument(editor, { ...emptyScene(), images }, { name: "level.json" });
}

beforeEach(() => {
  editor = new Editor();
  closeModal();
  forgetTraceSettings();
  useTraceTarget.setState({ imageId: null });
});

describe("Trace Colliders… and locked art", () => {
  it("traces a locked image: locking deselects it, and the action still opens the dialog on it", () => {
    load([image("level")]);
    editor.update({ selectedImage: "level" });
    setImageFlag(editor, "level", "locked", true);
    expect(editor.getState().selectedImage).toBeNull();
    const trace = actionById("edit.traceImage");
    expect(disabledReason(editor, trace)).toBeNull();
    runMenuCommand(editor, "edit.traceImage");
    expect([useModal.getState().open, useTraceTarget.getState().imageId]).toEqual(["trace", "level"]);
    // Tracing reads the art: the image is still locked and unselected.
    expect(editor.getState().images[0]!.locked).toBe(true);
    expect(editor.getState().selectedImage).toBeNull();
  });

  it("is disabled only with no image at all, and says why and what to do", () => {
    load([]);
    const trace = actionById("edit.traceImage");
    expect(disabledReason(editor, trace)).toBe("Trace Colliders needs an image: drop a PNG, JPEG or WebP on the canvas, paste one, or use Add image… in the Images panel");
    runMenuCommand(editor, "edit.traceImage");
    expect(useModal.getState().open).toBeNull();
  });

  it("starts on the selected image, else the topmost shown one, else the topmost; the Images row's Trace… names its own", () => {
    const bottom = image("bottom"), hiddenTop = image("top", { visible: false }), middle = image("middle", { locked: true });
    expect(traceTargetOf([bottom, middle, hiddenTop], "bottom")).toBe("bottom");
    expect(traceTargetOf([bottom, middle, hiddenTop], null)).toBe("middle");
    expect(traceTargetOf([hiddenTop], null)).toBe("top");
    expect(traceTargetOf([], null)).toBeNull();
    // A selected id that is gone (renamed, deleted) is not traced.
    expect(traceTargetOf([bottom], "gone")).toBe("bottom");
    load([bottom, middle, hiddenTop]);
    openTraceDialog(editor, "top");
    expect(useTraceTarget.getState().imageId).toBe("top");
    openTraceDialog(editor, "nonesuch");
    expect(useTraceTarget.getState().imageId).toBe("middle");
  });

  it("keeps the last settings per image for the session; an image traced first starts from the last used", () => {
    expect(traceSettingsFor("level")).toEqual(DEFAULT_TRACE_SETTINGS);
    const mine = { ...DEFAULT_TRACE_SETTINGS, tolerance: 3.5, concave: true };
    rememberTraceSettings("level", mine);
    expect(traceSettingsFor("level")).toEqual(mine);
    expect(traceSettingsFor("other")).toEqual(mine);
    const other = { ...DEFAULT_TRACE_SETTINGS, alpha: 40 };
    rememberTraceSettings("other", other);
    expect([traceSettingsFor("level"), traceSettingsFor("other"), traceSettingsFor("third")]).toEqual([mine, other, other]);
    forgetTraceSettings();
    expect(traceSettingsFor("level")).toEqual(DEFAULT_TRACE_SETTINGS);
  });
});

describe("why an action is disabled", () => {
  it("is null while it is enabled, its own words while not, and a plain sentence for one without", () => {
    load([]);
    expect(disabledReason(editor, actionById("edit.copy"))).toBe("Select shapes first: click one, or drag a box around several");
    expect(disabledReason(editor, actionById("edit.bakeTiles"))).toMatch(/^Bake Tile Colliders needs a scene imported from a Tiled map/);
    expect(disabledReason(editor, actionById("edit.selectAll"))).toBeNull();
    expect(disabledReason(editor, actionById("file.saveToMap"))).toMatch(/^Save to Map needs a scene imported from a Tiled map/);
    expect(disabledReason(editor, actionById("edit.flipHorizontal"))).toMatch(/^Select shapes or rays first/);
    expect(disabledReason(editor, actionById("edit.undo"))).toBe("Nothing to undo");
    expect(disabledReason(editor, actionById("file.rerecordRayLog"))).toBe("Open a ray log first (File → Open ray log…)");
    const bare = { ...actionById("edit.copy"), whyDisabled: undefined };
    expect(disabledReason(editor, bare)).toBe("Copy is not available now");
  });
});

describe("the problems list follows the latest outcome", () => {
  it("an outcome with a list replaces the last one's; one without clears it", () => {
    load([]);
    notifyWithList(editor, "export", "Exported untitled.tscn (Godot 4 scene); 1 warning", "Exported untitled.tscn: what it leaves out or changes", "untitled.tscn", listLines(["1 image without a sprite"]));
    expect(editor.getState().problems?.heading).toBe("Exported untitled.tscn: what it leaves out or changes");
    expect(editor.getState().notice).toBe("Exported untitled.tscn (Godot 4 scene); 1 warning (see the list)");
    notifyWithList(editor, "export", "Exported untitled.tmj (Tiled map)", "Exported untitled.tmj: what it leaves out or changes", "untitled.tmj", []);
    expect(editor.getState().problems).toBeNull();
    expect(editor.getState().notice).toBe("Exported untitled.tmj (Tiled map)");
    showProblems(editor, "import", "a.json", listLines(["one"]), "first");
    notifyWithList(editor, "export", "second", "second's heading", "b.json", listLines(["two"]));
    expect(editor.getState().problems).toEqual({ kind: "export", file: "b.json", heading: "second's heading", list: [{ path: "", message: "two" }] });
  });
});
