// Builds the runtime package @collider-studio/core into dist/core-package/ (tsup: ESM, CJS and
// .d.ts of core/runtime/index.ts and core/runtime/validate.ts, every dependency bundled) and packs
// its tarball into dist/. Prints the tarball's path. `--no-pack` stops after the build. The
// package's LICENSE and THIRD-PARTY-NOTICES.md (Box2D, earcut, zod) ship beside it, the guide
// docs/runtime.md as docs/runtime.md, its links out of the package kept as their text, and the
// scene format's JSON Schema (core/scene/scene.schema.json, `npm run schema`) as scene.schema.json,
// with docs/api.tsconfig.json, from which TypeDoc makes the API reference in a game's folder.
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "tsup";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const out = join(root, "dist/core-package");

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
cpSync(join(root, "build/core-package/package.json"), join(out, "package.json"));
for (const file of ["README.md", "LICENSE", "THIRD-PARTY-NOTICES.md"]) cpSync(join(root, "build/core-package", file), join(out, file));
cpSync(join(root, "core/scene/scene.schema.json"), join(out, "scene.schema.json"));
mkdirSync(join(out, "docs"));
const guide = readFileSync(join(root, "docs/runtime.md"), "utf8").replace(/\[([^\]]+)\]\(\.\.\/[^)]*\)/g, "$1 (in Collider Studio's README)");
writeFileSync(join(out, "docs/runtime.md"), guide);
// What TypeDoc reads to make the installed package's API reference (docs/runtime.md, API reference).
cpSync(join(root, "build/core-package/api.tsconfig.json"), join(out, "docs/api.tsconfig.json"));
// For resolvers without `exports` (node10, older bundlers): `@collider-studio/core/validate` as a folder.
cpSync(join(root, "build/core-package/validate"), join(out, "validate"), { recursive: true });

await build({
  entry: { index: "core/runtime/index.ts", validate: "core/runtime/validate.ts" },
  outDir: join(out, "dist"),
  format: ["esm", "cjs"],
  dts: true,
  tsconfig: join(root, "tsconfig.core.json"),
  target: "es2022",
  platform: "neutral",
  // Nothing at runtime: zod goes into the entry that uses it.
  noExternal: [/.*/],
  treeshake: true,
  splitting: true,
  sourcemap: false,
  clean: false,
  silent: true,
});

if (!process.argv.includes("--no-pack")) {
  const text = execFileSync("npm", ["pack", "--json", "--pack-destination", join(root, "dist")], { cwd: out, encoding: "utf8" });
  const [{ filename }] = JSON.parse(text);
  console.log(join(root, "dist", filename));
}
