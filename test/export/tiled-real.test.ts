// The real Tiled (Debian's tiled, 1.8 here) reads what exportTiled writes: `tiled --export-map`
// converts the exported map headless, and importTiled reads Tiled's own output back with every
// object's geometry unchanged. Skipped when `tiled` is not on PATH, except under CI (then it fails).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import type { Scene } from "../../core/index";
import { exportTiled, type TiledExportOptions } from "../../core/export/tiled";
import { importTiled } from "../../core/import/tiled";
import { seedOf } from "../core/arbitraries";
import { expectSameScene, readmeScene, sceneArbitrary, withoutPropertyTypes } from "./tiled-helpers";
import { onPath } from "../on-path";


const TILED = onPath("tiled");
const dir = mkdtempSync(join(tmpdir(), "tiled-real-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const env = { ...process.env, QT_QPA_PLATFORM: "offscreen", XDG_RUNTIME_DIR: dir };

/** Runs `tiled --export-map FORMAT in out`; throws (failing the test) on a non-zero exit or a hang. */
function tiledExport(input: string, format: "json" | "tmx", name: string): string {
  const inPath = join(dir, `${name}.tmj`);
  const outPath = join(dir, `${name}.out.${format}`);
  writeFileSync(inPath, input);
  execFileSync(TILED ?? "tiled", ["--export-map", format, inPath, outPath], { env, timeout: 30_000, stdio: "pipe" });
  return readFileSync(outPath, "utf8");
}

const tiledVersion = (): number[] => {
  const out = execFileSync(TILED ?? "tiled", ["--version"], { env, timeout: 30_000, encoding: "utf8" });
  return (/(\d+)\.(\d+)/.exec(out) ?? []).slice(1).map(Number);
};

/** exportTiled → Tiled → importTiled equals exportTiled → importTiled (Tiled changed nothing that matters). */
function throughTiled(scene: Scene, options: TiledExportOptions, name: string, tol: number): void {
  const ours = exportTiled(scene, options);
  const direct = importTiled(ours);
  const viaTiled = importTiled(tiledExport(ours, "json", name));
  if (!direct.ok || !viaTiled.ok) throw new Error(JSON.stringify([direct, viaTiled]));
  expect(viaTiled.skipped).toEqual([]);
  // Tiled sorts properties by name and prints 15 significant digits.
  expectSameScene(viaTiled.scene, direct.scene, tol, { anyPropertyOrder: true, propTol: 1e-14 });
}

describe.skipIf(!TILED && !process.env.CI)("the real Tiled reads the exported map", () => {
  it('README scene, capsules as polygons: every object comes back with the same geometry (1e-9)', () => {
    throughTiled(readmeScene(), { capsules: "polygon" }, "readme", 1e-9);
  });

  it("random scenes of every kind, hostile names, bits and properties, through Tiled and back", () => {
    let run = 0;
    fc.assert(
      fc.property(sceneArbitrary(8, { extent: 1000, maxSize: 200 }), (scene) => {
        throughTiled(withoutPropertyTypes(scene), { capsules: "polygon" }, `random-${run++}`, 1e-9);
      }),
      { seed: seedOf("tiled real round trip"), numRuns: 25 },
    );
  }, 120_000);

  it("Tiled writes JSON numbers with 15 significant digits (so 1e-9 holds for coordinates below 1e5)", () => {
    const scene: Scene = { format: "collider-studio-scene", version: 1, shapes: [{ id: "b", type: "box", x: 0.1 + 0.2 + 1, y: 1, rotation: 100 / 3, width: 2, height: 123.45678901234568 }], probes: [] };
    const out = JSON.parse(tiledExport(exportTiled(scene), "json", "digits")) as { layers: { objects: Record<string, number>[] }[] };
    const o = out.layers[0]!.objects[0]!;
    expect([o.rotation, o.height]).toEqual([33.3333333333333, 123.456789012346]);
  });

  it("capsule objects: Tiled before 1.12 reads them as rectangles of the capsule's box (hence the polygon option)", () => {
    const scene: Scene = { format: "collider-studio-scene", version: 1, shapes: [{ id: "p", type: "capsule", x: 200, y: 500, rotation: 30, radius: 16, height: 64 }], probes: [] };
    const back = importTiled(tiledExport(exportTiled(scene), "json", "capsule"));
    if (!back.ok) throw new Error(JSON.stringify(back.problems));
    const [major = 0, minor = 0] = tiledVersion();
    const shape = back.scene.shapes[0]!;
    if (major > 1 || minor >= 12) {
      expect(shape).toMatchObject({ type: "capsule", radius: 16, height: 64 });
    } else {
      expect(shape).toMatchObject({ id: "p", type: "box", width: 32, height: 64, rotation: 30 });
    }
    expect(shape.x).toBeCloseTo(200, 9);
    expect(shape.y).toBeCloseTo(500, 9);
  });

  it("exits non-zero on a file it cannot read, so a failed conversion fails the test", () => {
    expect(() => tiledExport("{ not json", "json", "broken")).toThrow();
  });

  it("TMX is no choice for colliders: Tiled 1.8 writes its numbers with 6 significant digits", () => {
    const scene: Scene = { format: "collider-studio-scene", version: 1, shapes: [{ id: "b", type: "box", x: 100, y: 100, rotation: 0, width: 123.456789, height: 2 }], probes: [] };
    expect(tiledExport(exportTiled(scene), "tmx", "tmx")).toContain('width="123.457"');
  });
});
