// Old scene files keep loading: every fixture under test/fixtures/versions/ (one or more per
// published version) parses, and the migration pipeline applies its steps in order.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseScene, SCENE_VERSION } from "../../core/index";
import { MIGRATIONS, migrateScene, type Migration } from "../../core/scene/migrations";

const dir = path.join(__dirname, "..", "fixtures", "versions");
const fixtures = readdirSync(dir).filter((f) => f.endsWith(".json")).sort();

describe("fixtures of every version", () => {
  it("there is a fixture for every version from 1 to the current one", () => {
    for (let v = 1; v <= SCENE_VERSION; v++) expect(fixtures.some((f) => f.startsWith(`v${v}-`)), `a v${v}-*.json fixture`).toBe(true);
  });

  it.each(fixtures)("%s loads as the current version", (file) => {
    const result = parseScene(readFileSync(path.join(dir, file), "utf8"));
    expect(result.ok ? [] : result.problems).toEqual([]);
    if (result.ok) expect(result.scene.version).toBe(SCENE_VERSION);
  });

  it("the build has a step for every version below the current one", () => {
    for (let v = 1; v < SCENE_VERSION; v++) expect(MIGRATIONS[v], `migration ${v} → ${v + 1}`).toBeTypeOf("function");
  });
});

describe("migrateScene", () => {
  // A made-up history: version 1 named the list "colliders", version 2 called radii "r".
  const steps: Record<number, Migration> = {
    1: ({ colliders, ...rest }) => ({ ...rest, shapes: colliders }),
    2: (doc) => ({ ...doc, shapes: (doc.shapes as { r?: number }[]).map(({ r, ...s }) => ({ ...s, radius: r })) }),
  };

  it("applies each step in order and stamps the version after each", () => {
    const old = { format: "collider-studio-scene", version: 1, colliders: [{ id: "a", type: "circle", x: 0, y: 0, r: 2 }] };
    const result = migrateScene(old, 1, 3, steps);
    expect(result).toEqual({ ok: true, doc: { format: "collider-studio-scene", version: 3, shapes: [{ id: "a", type: "circle", x: 0, y: 0, radius: 2 }] } });
    // The input is left as it was.
    expect(old.colliders[0]).toEqual({ id: "a", type: "circle", x: 0, y: 0, r: 2 });
  });

  it("starts from the file's own version", () => {
    const result = migrateScene({ version: 2, shapes: [{ r: 1 }] }, 2, 3, steps);
    expect(result).toEqual({ ok: true, doc: { version: 3, shapes: [{ radius: 1 }] } });
  });

  it("a missing step is a message, not an exception", () => {
    expect(migrateScene({ version: 1, colliders: [] }, 1, 4, { 1: steps[1]! })).toEqual({ ok: false, message: "no migration from version 2 to 3 in this build" });
  });

  it("the current version needs no step", () => {
    const doc = { version: SCENE_VERSION };
    expect(migrateScene(doc, SCENE_VERSION, SCENE_VERSION)).toEqual({ ok: true, doc });
  });
});
