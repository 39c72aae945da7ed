// The runtime package as published: its tarball passes publint and Are the Types Wrong, its API
// reference builds with no warning and a comment on every item and parameter (no source links:
// there is no public repository), it holds its size budget (.size-limit.json), ships no
// dependency and no editor code, and its version's major is the scene format version it reads.
// It ships its licence, the notices of the code it bundles and its guide, and every TypeScript
// example importing it in the guides compiles under --strict against the built package.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { SCENE_VERSION } from "../../core/scene/types";
import { installPackedCore, packedCore, PACKAGE_DIR, ROOT } from "./packed-core";

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

  it("TypeDoc documents both entries without a warning: every type the API names is exported, every item and parameter has a comment", () => {
    // typedoc.json turns on validation.notDocumented, for the kinds its requiredToBeDocumented lists.
    const config = JSON.parse(readFileSync(join(ROOT, "build/core-package/typedoc.json"), "utf8")) as { disableSources?: boolean; validation?: { notDocumented?: boolean }; requiredToBeDocumented?: string[] };
    expect(config.disableSources).toBe(true);
    expect(config.validation?.notDocumented).toBe(true);
    expect(config.requiredToBeDocumented).toEqual(expect.arrayContaining(["Class", "Constructor", "Function", "Method", "Parameter", "Property", "Accessor", "Interface", "TypeAlias", "Variable"]));
    const run = (): string => {
      try {
        return execFileSync(bin("typedoc"), ["--options", "build/core-package/typedoc.json", "--emit", "none", "--treatWarningsAsErrors"], { cwd: ROOT, encoding: "utf8", stdio: "pipe" });
      } catch (e) {
        const { stdout, stderr } = e as { stdout?: string; stderr?: string };
        return `${stdout ?? ""}${stderr ?? ""}` || String(e);
      }
    };
    // The warnings themselves (colours taken out), so that a failure names each item lacking a comment.
    const colour = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");
    expect(run().replace(colour, "").split("\n").filter((line) => /\[(warning|error)\]/.test(line))).toEqual([]);
  }, 120_000);

  it("Are the Types Wrong finds no problem in any entry, under any resolution", () => {
    const report = JSON.parse(execFileSync(bin("attw"), [tarball, "--format", "json"], { encoding: "utf8" })) as {
      analysis: { problems: unknown[]; entrypoints: Record<string, unknown> };
    };
    expect(report.analysis.problems).toEqual([]);
    expect(Object.keys(report.analysis.entrypoints).sort()).toEqual([".", "./package.json", "./scene.schema.json", "./validate"]);
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

  it("ships its MIT licence, the notices of Box2D, earcut and zod, and its guide; names no repository it does not have", () => {
    const files = execFileSync("tar", ["tzf", tarball], { encoding: "utf8" }).split("\n");
    expect(files).toEqual(expect.arrayContaining(["package/LICENSE", "package/THIRD-PARTY-NOTICES.md", "package/docs/runtime.md", "package/README.md"]));
    const manifest = JSON.parse(readFileSync(join(PACKAGE_DIR, "package.json"), "utf8")) as Record<string, unknown>;
    expect(manifest.license).toBe("MIT");
    expect(readFileSync(join(PACKAGE_DIR, "LICENSE"), "utf8")).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} Collider Studio developers/);
    const notices = readFileSync(join(PACKAGE_DIR, "THIRD-PARTY-NOTICES.md"), "utf8");
    for (const notice of ["Copyright (c) 2022 Erin Catto", "ISC License\n\nCopyright (c) 2016, Mapbox", readFileSync(join(ROOT, "node_modules/zod/LICENSE"), "utf8").trim()]) expect(notices).toContain(notice);
    // No public address exists: none is made up.
    for (const field of ["repository", "homepage", "bugs"]) expect(manifest[field]).toBeUndefined();
    const readme = readFileSync(join(PACKAGE_DIR, "README.md"), "utf8"), guide = readFileSync(join(PACKAGE_DIR, "docs/runtime.md"), "utf8");
    expect(readme).not.toMatch(/github\.com|in the repository|collider-studio check/);
    // The guide's links stay inside the package; the command it names is the command line's.
    expect(guide).not.toMatch(/\]\(\.\.\/|collider-studio check/);
  });

  it("compiles every TypeScript example of the package (README.md, docs/runtime.md, its README) under --strict against the built package", () => {
    const dir = mkdtempSync(join(tmpdir(), "core-examples-"));
    try {
      mkdirSync(join(dir, "node_modules/@collider-studio"), { recursive: true });
      symlinkSync(PACKAGE_DIR, join(dir, "node_modules/@collider-studio/core"), "dir");
      // What the examples take from the game around them.
      const prelude = "declare const text: string, x: number, y: number;\ndeclare function land(...args: unknown[]): void;\ndeclare function slide(...args: unknown[]): void;\ndeclare function touched(...args: unknown[]): void;\nexport {};\n";
      const examples = ["README.md", "docs/runtime.md", "build/core-package/README.md"].flatMap((file) => [...readFileSync(join(ROOT, file), "utf8").matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!))
        .filter((code) => code.includes('from "@collider-studio/core'));
      expect(examples.length).toBeGreaterThanOrEqual(3);
      examples.forEach((code, i) => writeFileSync(join(dir, `example-${i}.mts`), prelude + code));
      writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: { strict: true, noEmit: true, module: "nodenext", moduleResolution: "nodenext", target: "es2022", lib: ["es2022"], types: [], skipLibCheck: false }, include: ["*.mts"] }));
      const run = () => execFileSync(bin("tsc"), ["-p", dir], { encoding: "utf8", stdio: "pipe" });
      expect(run).not.toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it("ships the scene format's JSON Schema as scene.schema.json, core/scene/scene.schema.json byte for byte, through its exports map", () => {
    const manifest = JSON.parse(readFileSync(join(PACKAGE_DIR, "package.json"), "utf8")) as { exports: Record<string, unknown> };
    expect(manifest.exports["./scene.schema.json"]).toBe("./scene.schema.json");
    expect(execFileSync("tar", ["tzf", tarball], { encoding: "utf8" }).split("\n")).toContain("package/scene.schema.json");
    const dir = installPackedCore("core-schema-");
    try {
      const committed = readFileSync(join(ROOT, "core/scene/scene.schema.json"), "utf8");
      // As a game reaches it: require.resolve, and an ESM import with its JSON attribute.
      const resolved = createRequire(join(dir, "package.json")).resolve("@collider-studio/core/scene.schema.json");
      expect(readFileSync(resolved, "utf8")).toBe(committed);
      const title = execFileSync(process.execPath, ["--input-type=module", "-e", 'import s from "@collider-studio/core/scene.schema.json" with { type: "json" }; console.log(s.title)'], { cwd: dir, encoding: "utf8" });
      expect(title.trim()).toBe((JSON.parse(committed) as { title: string }).title);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("makes its API reference where it is installed, with the command docs/runtime.md gives, in a game folder with a tsconfig.json of its own", () => {
    const dir = installPackedCore("core-api-docs-");
    try {
      writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: { target: "es2022", module: "nodenext", strict: true }, include: ["src"] }));
      const command = "typedoc --tsconfig node_modules/@collider-studio/core/docs/api.tsconfig.json --out api-docs";
      expect(readFileSync(join(ROOT, "docs/runtime.md"), "utf8")).toContain(`npx ${command}`);
      const args = [...command.split(" ").slice(1), "--treatWarningsAsErrors"];
      const output = execFileSync(bin("typedoc"), args, { cwd: dir, encoding: "utf8", stdio: "pipe" });
      expect(output).not.toMatch(/\[(warning|error)\]/);
      // The declarations' comments reached the .d.ts files: a parameter's and a field's.
      const text = (page: string) => readFileSync(join(dir, "api-docs", page), "utf8").replace(/<[^>]*>/g, "");
      expect(text("functions/index.makeBox.html")).toContain("Half the width, above 0 (not the full width).");
      expect(text("classes/index.QueryHit.html")).toContain("The contact point's world x");
      expect(text("index.html")).toContain("The collision core of Collider Studio");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it("is versioned by the scene format: its major version is the SCENE_VERSION it reads", () => {
    const manifest = JSON.parse(readFileSync(join(PACKAGE_DIR, "package.json"), "utf8")) as { version: string };
    expect(Number(manifest.version.split(".")[0])).toBe(SCENE_VERSION);
  });
});
