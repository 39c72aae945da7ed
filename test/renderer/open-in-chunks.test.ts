// Reading a big file in steps gives exactly the core's answer: the same scene for a valid file, and
// the same problems (paths, lines, columns) when anything in it is refused, including problems
// that only the whole scene shows (an id repeated in another step, a sweep naming a shape).
import { describe, expect, it } from "vitest";
import { parseScene, serializeScene, type Scene } from "../../core";
import { checkSceneInChunks, parseSceneInChunks, SHAPES_PER_CHUNK } from "../../renderer/app/open-in-chunks";
import { scaleScene } from "../bench/editor-scenes";

const count = 2 * SHAPES_PER_CHUNK + 123;

async function stepped(text: string) {
  const fractions: number[] = [];
  let pauses = 0;
  const result = await parseSceneInChunks(text, (f) => fractions.push(f), async () => {
    pauses++;
  });
  return { result, fractions, pauses };
}

function withSweep(scene: Scene, shape: string): Scene {
  return { ...scene, probes: [...scene.probes, { id: "sw", name: "sw", type: "sweep", shape, to: [1, 2] }] };
}

describe("opening a big file in steps", () => {
  const scene = withSweep(scaleScene(count, 3), "s4000");

  it("gives parseScene's scene, reporting progress step by step", async () => {
    const text = serializeScene(scene);
    const { result, fractions, pauses } = await stepped(text);
    expect(result).toEqual(parseScene(text));
    expect(result.ok).toBe(true);
    expect(pauses).toBe(Math.ceil(count / SHAPES_PER_CHUNK) + 1);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    expect(fractions.at(-1)).toBeCloseTo(0.9);
    expect(await checkSceneInChunks(text, () => {}, async () => {})).toEqual({ ok: true });
  });

  const broken: [string, (s: Scene) => unknown][] = [
    ["a bad radius in a later step", (s) => ({ ...s, shapes: s.shapes.map((x, i) => (i === 4 * Math.floor((count - 1) / 4) && x.type === "circle" ? { ...x, radius: -1 } : x)) })],
    ["an id repeated in another step", (s) => ({ ...s, shapes: s.shapes.map((x, i) => (i === count - 1 ? { ...x, id: "s1" } : x)) })],
    ["a sweep naming no shape", (s) => withSweep({ ...s, probes: [] }, "nope")],
    ["an unknown layer", (s) => ({ ...s, shapes: s.shapes.map((x, i) => (i === SHAPES_PER_CHUNK + 7 ? { ...x, layer: "gone" } : x)) })],
  ];
  for (const [what, edit] of broken) {
    it(`reports the core's problems for ${what}`, async () => {
      const text = JSON.stringify(edit(scene), null, 1);
      const expected = parseScene(text);
      expect(expected.ok).toBe(false);
      expect((await stepped(text)).result).toEqual(expected);
      // The worker's check: the same problems, without the scene.
      expect(await checkSceneInChunks(text, () => {}, async () => {})).toEqual(expected);
    });
  }

  it("leaves text that is not JSON to parseScene", async () => {
    const text = serializeScene(scene).slice(0, -20);
    expect((await stepped(text)).result).toEqual(parseScene(text));
  });
});
