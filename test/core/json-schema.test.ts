// The published JSON Schema is generated from the zod definition and kept in the repository; it
// must match the generator, accept what the format accepts structurally, and refuse wrong types.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import Ajv2020 from "ajv/dist/2020";
import { describe, expect, it } from "vitest";
import { rayLogLineJsonSchema, rayLogLineJsonSchemaText, sceneJsonSchema, sceneJsonSchemaText } from "../../core/index";
import { runCli } from "../../core/node/cli";

const ROOT = resolve(import.meta.dirname, "../..");
const committed = readFileSync(resolve(ROOT, "core/scene/scene.schema.json"), "utf8");

function validator() {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  return ajv.compile(sceneJsonSchema());
}

describe("scene JSON Schema", () => {
  it("the committed core/scene/scene.schema.json is what the generator makes (run `npm run schema` after changing the format)", () => {
    expect(committed).toBe(sceneJsonSchemaText());
  });

  it("`collider-studio schema` prints it", async () => {
    let out = "";
    const code = await runCli(["schema"], { stdout: (s) => { out += s; }, stderr: () => {}, readText: () => Promise.reject(new Error("no files")), writeText: () => Promise.reject(new Error("no files")) });
    expect(code).toBe(0);
    expect(out).toBe(committed);
  });

  it("accepts the README's example and the test fixtures a real JSON Schema validator reads", () => {
    const validate = validator();
    const readme = readFileSync(resolve(ROOT, "README.md"), "utf8");
    const example = JSON.parse(/## Scene format, version 1\n\n```json\n([\s\S]*?)```/.exec(readme)![1]!) as unknown;
    for (const doc of [example, JSON.parse(readFileSync(resolve(ROOT, "test/fixtures/valid.json"), "utf8")), JSON.parse(readFileSync(resolve(ROOT, "test/fixtures/casts.json"), "utf8"))]) {
      expect(validate(doc), JSON.stringify(validate.errors)).toBe(true);
    }
  });

  it("refuses wrong structure and types", () => {
    const validate = validator();
    const base = { format: "collider-studio-scene", version: 1, shapes: [] as unknown[] };
    const bad: unknown[] = [
      { ...base, format: "other" },
      { ...base, version: 2 },
      { format: "collider-studio-scene", version: 1 },
      { ...base, shapes: [{ id: "a", type: "circle", x: 0, y: 0 }] },
      { ...base, shapes: [{ id: "a", type: "triangle", x: 0, y: 0, radius: 1 }] },
      { ...base, shapes: [{ id: "a", type: "circle", x: "0", y: 0, radius: 1 }] },
      { ...base, shapes: [{ id: "a", type: "circle", x: 0, y: 0, radius: 1, collisionMask: 1.5 }] },
      { ...base, shapes: [{ id: "a", type: "circle", x: 0, y: 0, radius: 1, properties: [{ name: "k", type: "color", value: "red" }] }] },
      { ...base, layers: [] },
      { ...base, collisionLayers: [{ bit: 33, name: "x" }] },
      { ...base, probes: [{ id: "r", type: "ray", from: [0, 0] }] },
    ];
    for (const doc of bad) expect(validate(doc), JSON.stringify(doc)).toBe(false);
  });
});

describe("ray log line JSON Schema", () => {
  const committedLog = readFileSync(resolve(ROOT, "core/replay/ray-log.schema.json"), "utf8");

  it("the committed core/replay/ray-log.schema.json is what the generator makes, and `schema --ray-log` prints it", async () => {
    expect(committedLog).toBe(rayLogLineJsonSchemaText());
    let out = "";
    const code = await runCli(["schema", "--ray-log"], { stdout: (s) => { out += s; }, stderr: () => {}, readText: () => Promise.reject(new Error("no files")), writeText: () => Promise.reject(new Error("no files")) });
    expect(code).toBe(0);
    expect(out).toBe(committedLog);
  });

  it("a real JSON Schema validator accepts a full line and refuses wrong types", () => {
    const validate = new Ajv2020({ allErrors: true, strict: false }).compile(rayLogLineJsonSchema());
    expect(validate({ id: "a", from: [0, 1], to: [2, 3], mask: 3, frame: 2, time: 0.5, tag: "los", expect: { hit: true, shape: "w", fraction: 0.5, point: [1, 2], normal: [0, 1] }, extra: 1 })).toBe(true);
    expect(validate({ id: "a", from: [0, 1] })).toBe(false);
    expect(validate({ id: "a", from: [0, "1"], to: [2, 3] })).toBe(false);
    expect(validate({ id: "a", from: [0, 1], to: [2, 3], expect: { shape: "w" } })).toBe(false);
  });
});
