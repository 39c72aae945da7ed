// Box2D v3 (C) building the export's one-sided chains the way docs/exporters.md tells a v3 loader
// to: an open b2ChainDef of [prevVertex, ...vertices, nextVertex]. Box2D v3 makes an open chain's
// first and last points ghosts only (src/shape.c, b2CreateChain), so every edge must come out as a
// segment, and a 2-point one-way platform must reach its 4 points. Needs a Box2D v3 checkout:
// BOX2D_DIR=/tmp/box2d-v3.1.1 npx vitest run test/export/box2d-v3-chains.test.ts (skipped without
// it). Every file of its src/ is compiled with native/box2d-v3-chains.c (a few seconds).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { box2dWorld } from "../../core/export/box2d";
import { parseScene } from "../../core/scene/io";

// Unset or empty: skipped (an empty value names no checkout).
const SOURCE = process.env.BOX2D_DIR || undefined;
const PPM = 32;
const SCENE = {
  format: "collider-studio-scene", version: 1,
  shapes: [
    { id: "oneway", type: "chain", x: 0, y: 0, oneSided: true, points: [[-40, 0], [40, 0]] },
    { id: "slope", type: "chain", x: 320, y: 0, rotation: 20, oneSided: true, points: [[-64, 0], [0, 0], [64, -32], [128, -32]] },
    { id: "ring", type: "chain", x: -320, y: 0, closed: true, oneSided: true, points: [[-48, -48], [48, -48], [48, 48], [-48, 48]] },
  ],
};

interface P { readonly x: number; readonly y: number }

describe.runIf(SOURCE !== undefined)("Box2D v3's b2CreateChain on the export's one-sided chains", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "collider-box2d-v3-chains-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const binary = path.join(dir, "box2d-v3-chains");
  beforeAll(() => {
    const source = path.resolve(SOURCE!);
    const sources = readdirSync(path.join(source, "src")).filter((f) => f.endsWith(".c")).map((f) => path.join(source, "src", f));
    const harness = path.resolve(import.meta.dirname, "native/box2d-v3-chains.c");
    const cc = spawnSync(process.env.CC ?? "cc", ["-std=gnu17", "-O1", "-DNDEBUG", `-I${path.join(source, "include")}`, `-I${path.join(source, "src")}`, ...sources, harness, "-lm", "-o", binary], { encoding: "utf8" });
    if (cc.status !== 0) throw new Error(`cc failed: ${cc.stderr}`);
  }, 120_000);

  function run(input: string): string[] {
    const r = spawnSync(binary, [], { input, encoding: "utf8" });
    if (r.status !== 0) throw new Error(`box2d-v3-chains exited ${r.status}: ${r.stderr}`);
    return r.stdout.trim().split("\n");
  }

  const parsed = parseScene(JSON.stringify(SCENE));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed));
  const doc = box2dWorld(parsed.scene, { pixelsPerMeter: PPM });
  /** A body's local point in the world, as b2Body_GetWorldPoint. */
  const world = (i: number, p: P): P => {
    const b = doc.body[i]!, c = Math.cos(b.angle), s = Math.sin(b.angle);
    return { x: b.position.x + c * p.x - s * p.y, y: b.position.y + s * p.x + c * p.y };
  };
  const chainPoints = (i: number): P[] => {
    const chain = doc.body[i]!.fixture[0]!.chain!;
    return [chain.prevVertex!, ...chain.vertices.x.map((x, k) => ({ x, y: chain.vertices.y[k]! })), chain.nextVertex!].map((p) => world(i, p));
  };
  const chainLine = (i: number) => `chain ${chainPoints(i).length} ${chainPoints(i).map((p) => `${p.x} ${p.y}`).join(" ")}`;

  it("every edge of every chain is a segment, in the chain's order, its ghosts its neighbours (an open end's ghost the end edge extended straight)", () => {
    const lines = run(parsed.scene.shapes.map((_, i) => chainLine(i)).join("\n") + "\n");
    let at = 0;
    for (const [i, shape] of parsed.scene.shapes.entries()) {
      if (shape.type !== "chain") throw new Error("chains only");
      const n = shape.points.length, closed = shape.closed === true;
      expect(lines[at++], shape.id).toBe(`segments ${closed ? n : n - 1}`);
      // The written vertices (closed: the first again at the end) between their ghosts.
      const pts = chainPoints(i);
      for (let k = 0; k < (closed ? n : n - 1); k++) {
        const [p1x, p1y, p2x, p2y, g1x, g1y, g2x, g2y] = lines[at++]!.split(" ").slice(1).map(Number);
        const want = [pts[k + 1]!, pts[k + 2]!, pts[k]!, pts[k + 3]!];
        const got = [{ x: p1x!, y: p1y! }, { x: p2x!, y: p2y! }, { x: g1x!, y: g1y! }, { x: g2x!, y: g2y! }];
        // float32 points a few metres from the origin.
        got.forEach((g, j) => expect(Math.hypot(g.x - want[j]!.x, g.y - want[j]!.y), `${shape.id} segment ${k} point ${j}`).toBeLessThan(1e-5));
      }
    }
    expect(at).toBe(lines.length);
  });

  it("the 2-point one-way platform keeps its edge: boxes dropped just inside either end rest on top, one just outside falls past", () => {
    const h = 0.1, top = 0;
    const drops = [-40 / PPM + h, 40 / PPM - h, -40 / PPM - 2 * h, 40 / PPM + 2 * h].map((x) => `drop ${x} 1 ${h}`);
    const lines = run([chainLine(0), ...drops].join("\n") + "\n");
    const boxes = lines.filter((l) => l.startsWith("box ")).map((l) => Number(l.split(" ")[2]));
    expect(boxes.length).toBe(4);
    for (const y of boxes.slice(0, 2)) expect(Math.abs(y - (top + h))).toBeLessThan(0.02);
    for (const y of boxes.slice(2)) expect(y).toBeLessThan(top - 1);
  });
});
