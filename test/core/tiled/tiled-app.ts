// The real Tiled (Debian's tiled 1.8 here), headless, for tests that compare with what it writes;
// and the fixture maps copied somewhere with images of the sizes the files declare, since Tiled
// counts a tileset's tiles from its image.
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { encode } from "fast-png";
import { parseTmx, parseTsx, parseTx } from "../../../core/tiled/tmx-read";
import type { JsonObject, JsonValue } from "../../../core/tiled/types";
import { onPath } from "../../on-path";


export const TILED = onPath("tiled");
/** Skip Tiled tests where it is not installed, except under CI, where they must run. */
export const SKIP_TILED = !TILED && !process.env.CI;
/** Said in the titles of tests that need Tiled, so a skipped run says why. */
export const NEEDS_TILED = TILED ? "" : " (skipped: `tiled` is not on PATH)";

/** Runs `tiled --export-map FORMAT in out` (absolute paths: Tiled 1.8 makes paths relative to the current folder otherwise). */
export function tiledExportMap(input: string, output: string, format: "json" | "tmx", options: readonly ("--embed-tilesets" | "--detach-templates")[] = []): void {
  const env = { ...process.env, QT_QPA_PLATFORM: "offscreen", XDG_RUNTIME_DIR: scratch() };
  execFileSync(TILED ?? "tiled", [...options, "--export-map", format, resolve(input), resolve(output)], { env, timeout: 60_000, stdio: "pipe" });
}

export function tiledExportTileset(input: string, output: string, format: "json" | "tsx"): void {
  const env = { ...process.env, QT_QPA_PLATFORM: "offscreen", XDG_RUNTIME_DIR: scratch() };
  execFileSync(TILED ?? "tiled", ["--export-tileset", format, resolve(input), resolve(output)], { env, timeout: 60_000, stdio: "pipe" });
}

/** Tiled's XDG_RUNTIME_DIR (it wants one, private to the user): one folder, reused by every run. */
function scratch(): string {
  const dir = join(tmpdir(), "collider-studio-tiled-runtime");
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}

export const FIXTURES = resolve(dirname(new URL(import.meta.url).pathname), "../../fixtures/tiled");

/** Every file under `dir`, relative to it, forward slashes. */
export function filesUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name));
      else out.push(relative(dir, join(d, e.name)).split("\\").join("/"));
    }
  };
  walk(dir);
  return out.sort();
}

function png(width: number, height: number): Uint8Array {
  return encode({ width, height, data: new Uint8Array(width * height * 4).fill(180), channels: 4 });
}

/** Images named in a model (tileset, tile and image layer images) with the size it gives them. */
function imagesOf(value: JsonValue | undefined, out: { image: string; width: number; height: number }[]): void {
  if (Array.isArray(value)) for (const v of value) imagesOf(v as JsonValue, out);
  else if (typeof value === "object" && value !== null) {
    const o = value as JsonObject;
    if (typeof o.image === "string" && typeof o.imagewidth === "number" && typeof o.imageheight === "number") out.push({ image: o.image, width: o.imagewidth, height: o.imageheight });
    for (const v of Object.values(o)) imagesOf(v, out);
  }
}

/** Copies the fixture folder `name` to a new temporary folder and writes every image its files name, at the declared size. */
export function fixtureCopy(name: string): string {
  const root = mkdtempSync(join(tmpdir(), `tiled-fixture-`));
  cpSync(join(FIXTURES, name), join(root, name), { recursive: true });
  for (const file of filesUnder(root)) {
    const path = join(root, file);
    const parse = file.endsWith(".tmx") ? parseTmx : file.endsWith(".tsx") ? parseTsx : file.endsWith(".tx") ? parseTx : undefined;
    let model: JsonValue | undefined;
    if (parse) {
      const r = parse(readFileSync(path, "utf8"), file);
      if (r.ok) model = r.value;
    } else if (/\.(tmj|tsj|tj)$/.test(file)) model = JSON.parse(readFileSync(path, "utf8")) as JsonValue;
    const images: { image: string; width: number; height: number }[] = [];
    imagesOf(model, images);
    for (const { image, width, height } of images) {
      const target = resolve(dirname(path), image);
      if (existsSync(target) || width <= 0 || height <= 0) continue;
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, png(width, height));
    }
  }
  return root;
}
