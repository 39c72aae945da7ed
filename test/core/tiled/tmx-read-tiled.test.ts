// parseTmx against Tiled 1.8 itself: for every fixture map, `tiled --export-map json` of the TMX
// equals parseTmx of it, compared as values (Tiled sorts keys) with the differences by design
// listed in tiled-compare.ts taken out.
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseTmx } from "../../../core/tiled/tmx-read";
import { comparable } from "./tiled-compare";
import { filesUnder, FIXTURES, fixtureCopy, NEEDS_TILED, SKIP_TILED, tiledExportMap } from "./tiled-app";

const MAPS = filesUnder(FIXTURES).filter((f) => f.endsWith(".tmx"));
const roots: string[] = [];
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

describe.skipIf(SKIP_TILED)(`parseTmx gives what Tiled 1.8 writes${NEEDS_TILED}`, () => {
  it("has fixture maps to compare", () => expect(MAPS.length).toBeGreaterThanOrEqual(6));

  for (const file of MAPS) {
    it(file, { timeout: 60_000 }, () => {
      const root = fixtureCopy(file.split("/")[0]!);
      roots.push(root);
      const path = join(root, file);
      const ours = parseTmx(readFileSync(path, "utf8"), file);
      if (!ours.ok) throw new Error(JSON.stringify(ours.problems));
      tiledExportMap(path, `${path}.tiled.json`, "json");
      const tiled: unknown = JSON.parse(readFileSync(`${path}.tiled.json`, "utf8"));
      expect(comparable(ours.value, true)).toEqual(comparable(tiled, false));
    });
  }
});
