// Export Options… keeps each format's options in the scene (exportOptions): the dialog's draft
// turns into exactly what the file holds, a change is one named undo step that marks the scene
// unsaved, a bad value changes nothing, and the editor's exports run with the stored options.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { exportBox2d, exportPhaserMatter, parseScene, type Scene, type SceneExportOptions } from "../../core";
import { draftOf, OPTION_FIELDS, optionsOf } from "../../renderer/app/export-options/option-fields";
import { runExport } from "../../renderer/app/run-export";
import { Editor } from "../../renderer/editor/editor";
import { currentScene, loadDocument, redo, undo } from "../../renderer/store/actions";
import { setExportOptions } from "../../renderer/store/export-options";

const scene = (extra: Partial<Scene> = {}): Scene => ({
  format: "collider-studio-scene", version: 1, probes: [],
  shapes: [
    { id: "floor", type: "box", x: 0, y: 100, rotation: 0, width: 400, height: 20, layer: "layer-1" },
    { id: "pill", type: "capsule", x: 50, y: 50, rotation: 0, height: 60, radius: 10, layer: "layer-1", collisionLayer: 2 },
  ],
  ...extra,
});

function editorWith(s: Scene): Editor {
  const editor = new Editor();
  loadDocument(editor, s, { name: "level.json" });
  return editor;
}

const dirty = (editor: Editor): boolean => editor.getState().saved.exportOptions !== editor.getState().exportOptions;

describe("the dialog's draft", () => {
  const fields = Object.entries(OPTION_FIELDS).flatMap(([format, list]) => list.map((field) => ({ format, field })));
  const numberFields = fields.filter(({ field }) => field.kind === "number");
  /** The options a draft gives with `text` in one field, the rest untouched. */
  const typedIn = (format: string, key: string, text: string, base: SceneExportOptions = {}) => {
    const draft = draftOf(base);
    return optionsOf({ ...draft, [format]: { ...draft[format], [key]: text } }, base);
  };
  const valueOf = (options: SceneExportOptions, format: string, key: string): unknown => (options as Record<string, Record<string, unknown> | undefined>)[format]?.[key];

  it("an untouched draft gives back the options it was made from, unknown keys and stated defaults included", () => {
    const stored: SceneExportOptions = { box2d: { pixelsPerMeter: 32, filterBits: 16 }, godot: { rootName: "Colliders" }, tiled: { capsules: "polygon" }, ...({ defold: { x: 1 } } as object) };
    expect(optionsOf(draftOf(stored), stored)).toEqual({ options: stored, unread: new Map() });
    expect(optionsOf(draftOf({}), {})).toEqual({ options: {}, unread: new Map() });
  });

  it("a number field takes a number or a sum; its default and an empty field write nothing; other text is named", () => {
    fc.assert(fc.property(fc.constantFrom(...numberFields), fc.integer({ min: 1, max: 999 }), fc.integer({ min: 1, max: 99 }), ({ format, field }, a, b) => {
      const product = typedIn(format, field.key, `${a}*${b}`);
      expect(valueOf(product.options, format, field.key)).toBe(a * b === field.fallback ? undefined : a * b);
      expect(valueOf(typedIn(format, field.key, ` ${a / 8} `).options, format, field.key)).toBe(a / 8 === field.fallback ? undefined : a / 8);
    }));
    for (const { format, field } of numberFields) {
      expect(typedIn(format, field.key, String(field.fallback)).options).toEqual({});
      expect(typedIn(format, field.key, "").options).toEqual({});
      expect(typedIn(format, field.key, "lots").unread).toEqual(new Map([[`${format}.${field.key}`, "not a number or sum: lots"]]));
      // A default the file states stays stated.
      const stated = { [format]: { [field.key]: field.fallback } } as SceneExportOptions;
      expect(typedIn(format, field.key, String(field.fallback), stated).options).toEqual(stated);
    }
  });

  it("a text field is kept as typed (spaces too, for the check to name), its default and empty left out; a choice is its value, its default left out", () => {
    expect(valueOf(typedIn("godot", "rootName", " Level 1").options, "godot", "rootName")).toBe(" Level 1");
    expect(typedIn("godot", "rootName", "Colliders").options).toEqual({});
    expect(typedIn("godot3", "rootName", "").options).toEqual({});
    for (const { format, field } of fields) {
      if (field.kind !== "choice") continue;
      for (const c of field.choices) expect(valueOf(typedIn(format, field.key, String(c.value)).options, format, field.key)).toBe(c.value === field.fallback ? undefined : c.value);
    }
  });
});

describe("setExportOptions", () => {
  it("is one named undo step that marks the scene unsaved, and Save writes it", () => {
    const editor = editorWith(scene());
    expect(dirty(editor)).toBe(false);
    expect(setExportOptions(editor, { box2d: { pixelsPerMeter: 64 } }).size).toBe(0);
    expect(editor.history.undoLabel).toBe("Change Box2D JSON export options");
    expect(dirty(editor)).toBe(true);
    const written = currentScene(editor);
    expect(written.exportOptions).toEqual({ box2d: { pixelsPerMeter: 64 } });
    undo(editor);
    expect(editor.getState().exportOptions).toEqual({});
    expect(dirty(editor)).toBe(false);
    expect(currentScene(editor)).not.toHaveProperty("exportOptions");
    redo(editor);
    expect(editor.getState().exportOptions).toEqual({ box2d: { pixelsPerMeter: 64 } });
  });

  it("a bad value changes nothing and names the option; the same options again record no step", () => {
    const editor = editorWith(scene({ exportOptions: { tiled: { capsules: "polygon" } } }));
    const before = editor.getState().exportOptions;
    const problems = setExportOptions(editor, { box2d: { pixelsPerMeter: Number.NaN, filterBits: 8 as 16 } });
    expect([...problems.keys()]).toEqual(["box2d.pixelsPerMeter", "box2d.filterBits"]);
    expect(problems.get("box2d.pixelsPerMeter")).toBe("must be a finite number");
    expect(editor.getState().exportOptions).toBe(before);
    expect(editor.history.undoCount).toBe(0);
    setExportOptions(editor, { tiled: { capsules: "polygon" } });
    expect(editor.history.undoCount).toBe(0);
  });

  it("a scene opened with options keeps them through save, and the editor's exports run with them", () => {
    const opened = parseScene(JSON.stringify(scene({ exportOptions: { box2d: { pixelsPerMeter: 16 }, "phaser-matter": { bodies: "layer" } } })));
    if (!opened.ok) throw new Error("fixture");
    const editor = editorWith(opened.scene);
    const s = currentScene(editor);
    expect(s.exportOptions).toEqual({ box2d: { pixelsPerMeter: 16 }, "phaser-matter": { bodies: "layer" } });
    const box2d = runExport("box2d", s);
    expect(box2d.kind === "done" && box2d.text).toBe(exportBox2d(s, { pixelsPerMeter: 16 }));
    const phaser = runExport("phaser-matter", s);
    expect(phaser.kind === "done" && phaser.text).toBe(exportPhaserMatter(s, { bodies: "layer" }));
    expect(phaser.kind === "done" && phaser.text).not.toBe(exportPhaserMatter(s, {}));
  });
});
