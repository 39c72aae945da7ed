// writeTmx against Tiled 1.8 itself: for every fixture map, Tiled opens what writeTmx writes from
// parseTmx's model, and `tiled --export-map json` of it equals that of the original file, exactly
// (Tiled writes both, so no difference by design is left; class members keep their types here
// because libtmx's are int and string, the types their JSON values give).
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseTmx } from "../../../core/tiled/tmx-read";
import { writeTmx } from "../../../core/tiled/tmx-write";
import { filesUnder, FIXTURES, fixtureCopy, NEEDS_TILED, SKIP_TILED, tiledExportMap } from "./tiled-app";

const MAPS = filesUnder(FIXTURES).filter((f) => f.endsWith(".tmx"));
const roots: string[] = [];
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

describe.skipIf(SKIP_TILED)(`Tiled 1.8 reads what writeTmx writes as it reads the original${NEEDS_TILED}`, () => {
  for (const file of MAPS) {
    it(file, { timeout: 60_000 }, () => {
      const root = fixtureCopy(file.split("/")[0]!);
      roots.push(root);
      const path = join(root, file);
      const ours = parseTmx(readFileSync(path, "utf8"), file);
      if (!ours.ok) throw new Error(JSON.stringify(ours.problems));
      // Beside the original, so relative paths mean the same.
      const written = path.replace(/\.tmx$/, ".written.tmx");
      writeFileSync(written, writeTmx(ours.value));
      tiledExportMap(path, `${path}.json`, "json");
      tiledExportMap(written, `${written}.json`, "json");
      expect(JSON.parse(readFileSync(`${written}.json`, "utf8"))).toEqual(JSON.parse(readFileSync(`${path}.json`, "utf8")));
    });
  }
});
