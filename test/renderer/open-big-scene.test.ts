// Opening a big file with the check beside the reading: whatever the checker does (accepts,
// refuses, breaks, never starts), the answer is the core's, and the world built on the way is the
// world of exactly the shapes that get loaded.
import { describe, expect, it } from "vitest";
import { CollisionWorld, parseScene, type Scene } from "../../core";
import { openBigScene, type StartCheck } from "../../renderer/app/open-big-scene";
import { checkSceneInChunks, SHAPES_PER_CHUNK } from "../../renderer/app/open-in-chunks";
import { prepareDocument } from "../../renderer/store/actions";
import { scaleScene } from "../bench/editor-scenes";

const count = 2 * SHAPES_PER_CHUNK + 77;

/** The worker's check, run in this process after the reading has had its turn. */
function inProcess(log: string[]): StartCheck {
  return async (text, progress) => {
    log.push("started");
    const verdict = (async () => {
      await new Promise((r) => setTimeout(r, 0));
      const v = await checkSceneInChunks(text, progress, async () => {});
      log.push("checked");
      return v;
    })();
    return { verdict, stop: () => log.push("stopped") };
  };
}

const broken: StartCheck = async () => ({ verdict: Promise.resolve(null), stop: () => {} });
const none: StartCheck = async () => null;

async function open(text: string, start: StartCheck) {
  const fractions: number[] = [];
  const result = await openBigScene(text, (f) => fractions.push(f), async () => {}, start);
  if (!result) throw new Error("the open gave up although nothing else was wanted");
  return { result, fractions };
}

/** What the plain path loads: the core's answer, prepared for the store. */
function expected(text: string) {
  const parsed = parseScene(text);
  return parsed.ok ? { ok: true, prepared: prepareDocument(parsed.scene) } : parsed;
}

describe("opening a big file while a worker checks it", () => {
  // Shapes without a layer or a rotation, as other tools write them: both filled in on the way.
  const scaled = scaleScene(count, 5);
  const scene = { ...scaled, layers: undefined, shapes: scaled.shapes.map(({ layer: _l, rotation: _r, ...s }) => s) } as unknown as Scene;
  const plain = JSON.stringify(scene);

  it("loads what parseScene gives, with the world of those very shapes (their pairs found on demand)", async () => {
    const log: string[] = [];
    const { result, fractions } = await open(plain, inProcess(log));
    expect(log).toEqual(["started", "checked"]);
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    const { world: _w, ...loaded } = result;
    expect(loaded).toStrictEqual(expected(plain));
    const world = result.world!;
    expect(world.size).toBe(count);
    // Built for the prepared objects: syncing them again is a no-op, and the pairs are a fresh world's.
    const shapes = result.prepared.doc.shapes;
    expect(shapes.every((s) => world.lookup(s.id)?.shape === s)).toBe(true);
    const fresh = new CollisionWorld();
    fresh.sync(shapes);
    expect(world.overlaps()).toEqual(fresh.overlaps());
    expect(world.overlaps().length).toBeGreaterThan(0);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    expect(fractions.at(-1)).toBeGreaterThan(0.9);
  });

  const edits: [string, (s: Scene) => unknown][] = [
    ["a bad radius", (s) => ({ ...s, shapes: s.shapes.map((x, i) => (i === 4 * Math.floor((count - 1) / 4) && x.type === "circle" ? { ...x, radius: -1 } : x)) })],
    ["a shape missing its fields (the reading itself breaks)", (s) => ({ ...s, shapes: s.shapes.map((x, i) => (i === 9 ? { id: x.id, type: "polygon", x: 0, y: 0 } : x)) })],
    ["an id repeated", (s) => ({ ...s, shapes: s.shapes.map((x, i) => (i === count - 1 ? { ...x, id: "s1" } : x)) })],
    ["a self-crossing polygon", (s) => ({ ...s, shapes: s.shapes.map((x, i) => (i === 3 ? { ...x, type: "polygon", points: [[0, 0], [10, 0], [0, 10], [10, 10]] } : x)) })],
  ];
  for (const [what, edit] of edits) {
    it(`refuses ${what} with the core's problems, loading nothing`, async () => {
      const text = JSON.stringify(edit(scene), null, 1);
      const want = parseScene(text);
      expect(want.ok).toBe(false);
      expect((await open(text, inProcess([]))).result).toEqual(want);
    });
  }

  it("checks in the page when no worker starts, or the worker breaks (its progress never going back)", async () => {
    // A worker that got halfway before breaking.
    const halfway: StartCheck = async (_text, progress) => {
      progress(0.5);
      return { verdict: Promise.resolve(null), stop: () => {} };
    };
    for (const start of [none, broken, halfway]) {
      const { result, fractions } = await open(plain, start);
      expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
      if (!result.ok) throw new Error("refused");
      expect(result.world).toBeNull();
      expect(result.prepared).toStrictEqual(prepareDocument((parseScene(plain) as { scene: Scene }).scene));
    }
    const bad = JSON.stringify(edits[0]![1](scene));
    expect((await open(bad, broken)).result).toEqual(parseScene(bad));
  });

  it("gives up at a pause once another file is wanted, stopping the worker", async () => {
    const log: string[] = [];
    const opened = await openBigScene(plain, () => {}, async () => {}, inProcess(log), () => false);
    expect(opened).toBeNull();
    expect(log).toEqual(["started", "stopped"]);
  });

  it("leaves text that is not JSON, and other versions, to the page (stopping the worker)", async () => {
    for (const text of [plain.slice(0, -10), plain.replace('"version":1', '"version":2')]) {
      const log: string[] = [];
      const want = parseScene(text);
      expect(want.ok).toBe(false);
      expect((await open(text, inProcess(log))).result).toEqual(want);
      expect(log).toEqual(["started", "stopped"]);
    }
  });
});
