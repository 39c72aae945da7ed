// The runtime package as published: its tarball passes publint and Are the Types Wrong, its API
// reference builds with no warning, it holds its size budget (.size-limit.json), ships no
// dependency and no editor code, and its version's major is the scene format version it reads.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { SCENE_VERSION } from "../../core/scene/types";
import { packedCore, PACKAGE_DIR, ROOT } from "./packed-core";

const bin = (name: string) => join(ROOT, "node_modules/.bin", name);
let tarball = "";

beforeAll(() => {
  tarball = packedCore();
}, 180_000);

describe("the @collider-studio/core tarball", () => {
  it("publint reports no problem", () => {
    const out = execFileSync(bin("publint"), ["run", tarball, "--strict"], { encoding: "utf8" });
    expect(out).toContain("All good!");
  });

  it("TypeDoc documents both entries without a warning: every type the API names is exported", () => {
    const run = () => execFileSync(bin("typedoc"), ["--options", "build/core-package/typedoc.json", "--emit", "none", "--treatWarningsAsErrors", "--disableSources"], { cwd: ROOT, encoding: "utf8", stdio: "pipe" });
    expect(run).not.toThrow();
  }, 120_000);

  it("Are the Types Wrong finds no problem in any entry, under any resolution", () => {
    const report = JSON.parse(execFileSync(bin("attw"), [tarball, "--format", "json"], { encoding: "utf8" })) as {
      analysis: { problems: unknown[]; entrypoints: Record<string, unknown> };
    };
    expect(report.analysis.problems).toEqual([]);
    expect(Object.keys(report.analysis.entrypoints).sort()).toEqual([".", "./package.json", "./validate"]);
  }, 60_000);

  it("holds the size budget of .size-limit.json", () => {
    const results = JSON.parse(execFileSync(bin("size-limit"), ["--json"], { cwd: ROOT, encoding: "utf8" })) as { name: string; passed: boolean; size: number }[];
    expect(results.filter((r) => !r.passed)).toEqual([]);
    expect(results.length).toBe(4);
  });

  it("has no runtime dependency, and its main entry carries neither zod nor editor code", () => {
    const manifest = JSON.parse(readFileSync(join(PACKAGE_DIR, "package.json"), "utf8")) as Record<string, unknown>;
    expect(manifest.dependencies).toBeUndefined();
    expect(manifest.peerDependencies).toBeUndefined();
    expect(manifest.sideEffects).toBe(false);
    const main = readFileSync(join(PACKAGE_DIR, "dist/index.js"), "utf8");
    const chunks = [...main.matchAll(/from "\.\/(chunk-[\w-]+\.js)"/g)].map((m) => readFileSync(join(PACKAGE_DIR, "dist", m[1]!), "utf8"));
    for (const code of [main, ...chunks]) {
      expect(code).not.toMatch(/ZodError|\$ZodType/);
      expect(code).not.toMatch(/core\/(export|import|tiled|replay|node|shell)\//);
      // Nor what only the editor's tracing (joining holes) or tests (the tree's checks) use, nor a JSON library.
      expect(code).not.toMatch(/core\/trace\/(triangulate|trace)\.ts|core\/dynamic-tree-checks\.ts|jsonc-parser/);
    }
  });

  it("is versioned by the scene format: its major version is the SCENE_VERSION it reads", () => {
    const manifest = JSON.parse(readFileSync(join(PACKAGE_DIR, "package.json"), "utf8")) as { version: string };
    expect(Number(manifest.version.split(".")[0])).toBe(SCENE_VERSION);
  });
});
