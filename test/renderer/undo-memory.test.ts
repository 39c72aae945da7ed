// The undo history's cost on a big level: 500 single-shape edits of a 100,000-shape document keep
// under 50 MB beyond the document itself (whole snapshots would keep 500 arrays of 100,000 slots,
// about 400 MB), and every one of them still undoes and redoes.
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { Editor } from "../../renderer/editor/editor";
import { loadDocument, updateShape } from "../../renderer/store/actions";
import { scaleScene } from "../bench/editor-scenes";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

/** Heap in use after full collections, in bytes. */
function heapUsed(): number {
  for (let i = 0; i < 3; i++) gc();
  return process.memoryUsage().heapUsed;
}

describe("undo history memory", () => {
  it("500 single-shape edits on a 100,000-shape level cost under 50 MB, and undo back to the start", () => {
    const editor = new Editor();
    loadDocument(editor, scaleScene(100_000, 5), { name: "big.json" });
    const start = editor.getState().shapes;
    // One edit first, so what every edit allocates once (the world's scratch, the first copies) is in the baseline.
    updateShape(editor, start[0]!.id, { x: start[0]!.x + 1 });
    const before = heapUsed();
    for (let i = 1; i < 500; i++) {
      const s = editor.getState().shapes[(i * 197) % 100_000]!;
      updateShape(editor, s.id, { x: s.x + 1 });
    }
    const grown = heapUsed() - before;
    expect(editor.history.undoCount).toBe(500);
    expect(grown, `${(grown / 1e6).toFixed(1)} MB`).toBeLessThan(50e6);
    for (let i = 0; i < 500; i++) editor.undo();
    expect(editor.history.undoCount).toBe(0);
    const back = editor.getState().shapes;
    expect(back.length).toBe(start.length);
    expect(back.every((s, i) => s === start[i])).toBe(true);
    editor.redo();
    expect(editor.getState().shapes[0]!.x).toBe(start[0]!.x + 1);
  }, 120_000);
});
