// The runtime package's tarball, built once: `npm test` packs it (npm run pack:core) before vitest
// runs, and the tests reuse it; run alone, a test packs it when it is missing or older than any
// file of the core it is built from.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export const ROOT = resolve(import.meta.dirname, "../..");
export const PACKAGE_DIR = join(ROOT, "dist/core-package");
const SOURCES = ["core", "build/core-package", "build/pack-core.mjs", "docs/runtime.md"];

function newestChange(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(path)) {
    if (path.endsWith("core") && (name === "node" || name === "shell")) continue;
    newest = Math.max(newest, newestChange(join(path, name)));
  }
  return newest;
}

function tarballIn(dir: string): string | undefined {
  const name = existsSync(dir) ? readdirSync(dir).find((f) => /^collider-studio-core-.*\.tgz$/.test(f)) : undefined;
  return name === undefined ? undefined : join(dir, name);
}

/** The path of the packed @collider-studio/core tarball, packing it first when it is stale. */
export function packedCore(): string {
  const tarball = tarballIn(join(ROOT, "dist"));
  const sources = Math.max(...SOURCES.map((p) => newestChange(join(ROOT, p))));
  if (tarball !== undefined && statSync(tarball).mtimeMs >= sources && existsSync(PACKAGE_DIR)) return tarball;
  return execFileSync(process.execPath, [join(ROOT, "build/pack-core.mjs")], { cwd: ROOT, encoding: "utf8" }).trim().split("\n").at(-1)!;
}

/**
 * A fresh folder (under the system's temporary one, named from `prefix`) holding a game's
 * package.json and the tarball installed with npm, offline, as a game installs it; its path.
 */
export function installPackedCore(prefix: string): string {
  const tarball = packedCore();
  const dir = mkdtempSync(join(tmpdir(), prefix));
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "game", private: true, version: "0.0.0" }));
  execFileSync("npm", ["install", "--no-audit", "--no-fund", "--offline", "--no-package-lock", tarball], { cwd: dir, stdio: "pipe" });
  return dir;
}
