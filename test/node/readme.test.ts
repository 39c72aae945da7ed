// The README's scene example is a real scene: it must keep validating as the format grows.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { parseScene, serializeScene } from "../../core/index";

const readme = readFileSync(resolve(import.meta.dirname, "../../README.md"), "utf8");

describe("README", () => {
  it("the scene format example parses, uses every optional part, and round-trips", () => {
    const block = /## Scene format, version 1\n\n```json\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(block).toBeDefined();
    const parsed = parseScene(block!);
    expect(parsed.ok ? [] : parsed.problems).toEqual([]);
    if (!parsed.ok) return;
    const { scene } = parsed;
    expect(scene.layers?.length).toBeGreaterThan(1);
    expect(scene.collisionLayers?.length).toBeGreaterThan(0);
    expect(scene.shapes.some((s) => s.properties && s.properties.length > 0)).toBe(true);
    expect(scene.probes.length).toBeGreaterThan(0);
    const text = serializeScene(scene);
    const again = parseScene(text);
    expect(again.ok && serializeScene(again.scene)).toBe(text);
  });
});
