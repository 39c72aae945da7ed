// A Tiled export stores each shape's object id in the document (storeTiledIds), not as an undo
// step: the history's shapes take the ids too, so undoing and redoing steps made before the
// export never brings a shape back without its id (the next export would renumber it).
import { describe, expect, it } from "vitest";
import type { Shape } from "../../core";
import { parseScene, serializeScene } from "../../core";
import { storeTiledIds } from "../../renderer/app/document-commands";
import { Editor } from "../../renderer/editor/editor";
import { addShape, currentScene, deleteSelection, moveItemsFrom, select } from "../../renderer/store/actions";

const box = (id: string, x: number): Shape => ({ id, type: "box", x, y: 0, rotation: 0, width: 10, height: 10, layer: "layer-1" });
const ids = (editor: Editor) => editor.getState().shapes.map((s) => `${s.id}:${s.tiledId}`);

describe("Tiled ids stored by an export", () => {
  it("survive undoing and redoing the steps made before the export", () => {
    const editor = new Editor();
    for (const [id, x] of [["a", 0], ["b", 20], ["c", 40]] as const) addShape(editor, box(id, x));
    moveItemsFrom(editor, [editor.getState().shapes[1]!], [], 5, 0);
    const steps = editor.history.undoCount;
    storeTiledIds(editor);
    expect(editor.history.undoCount).toBe(steps);
    expect(ids(editor)).toEqual(["a:1", "b:2", "c:3"]);
    editor.undo();
    expect(editor.getState().shapes[1]).toMatchObject({ x: 20, tiledId: 2 });
    editor.redo();
    expect(ids(editor)).toEqual(["a:1", "b:2", "c:3"]);
    for (let i = 0; i < steps; i++) editor.undo();
    expect(editor.getState().shapes).toEqual([]);
    for (let i = 0; i < steps; i++) editor.redo();
    expect(ids(editor)).toEqual(["a:1", "b:2", "c:3"]);
    expect(editor.getState().shapes[1]!.x).toBe(25);
  });

  it("keep the map's next id: a shape drawn after the one with the highest id was deleted gets a new id, also after a save and reopen", () => {
    const editor = new Editor();
    for (const [id, x] of [["a", 0], ["b", 20], ["c", 40]] as const) addShape(editor, box(id, x));
    storeTiledIds(editor);
    expect(editor.getState().extras.tiledNextObjectId).toBe(4);
    select(editor, ["c"]);
    deleteSelection(editor);
    addShape(editor, box("d", 60));
    // Saved and opened again: the scene file carries the next id.
    const reopened = parseScene(serializeScene(currentScene(editor)));
    expect(reopened.ok && reopened.scene.tiledNextObjectId).toBe(4);
    storeTiledIds(editor);
    expect(ids(editor)).toEqual(["a:1", "b:2", "d:4"]);
    expect(editor.getState().extras.tiledNextObjectId).toBe(5);
  });
});
