// The runtime package as a game gets it: the packed tarball installed with npm into a fresh
// folder (offline, from the file), then a game loop through the ESM entry and through the CJS
// entry, which must agree: the capsule lands on the floor, stops at a thin wall at speed, meets
// the sensor coin, and a newer scene file is refused naming its version.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packedCore } from "../package/packed-core";

const HERE = import.meta.dirname;
let dir = "";

beforeAll(() => {
  const tarball = packedCore();
  dir = mkdtempSync(join(tmpdir(), "collider-game-"));
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "game", private: true, version: "0.0.0" }));
  execFileSync("npm", ["install", "--no-audit", "--no-fund", "--offline", "--no-package-lock", tarball], { cwd: dir, stdio: "pipe" });
  const game = readFileSync(join(HERE, "game.js.txt"), "utf8");
  writeFileSync(join(dir, "game.mjs"), `import * as core from "@collider-studio/core";\nimport * as validate from "@collider-studio/core/validate";\nimport * as fs from "node:fs";\nconst require_fs = () => fs;\n${game}`);
  writeFileSync(join(dir, "game.cjs"), `const core = require("@collider-studio/core");\nconst validate = require("@collider-studio/core/validate");\nconst require_fs = () => require("node:fs");\n${game}`);
}, 240_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const play = (file: string) => JSON.parse(execFileSync(process.execPath, [join(dir, file), join(HERE, "level.json")], { encoding: "utf8" })) as Record<string, unknown>;

describe("@collider-studio/core installed from its tarball", () => {
  it("installs no dependency beside itself", () => {
    const tree = JSON.parse(execFileSync("npm", ["ls", "--all", "--json"], { cwd: dir, encoding: "utf8" })) as { dependencies: Record<string, { dependencies?: object }> };
    expect(Object.keys(tree.dependencies)).toEqual(["@collider-studio/core"]);
    expect(tree.dependencies["@collider-studio/core"]!.dependencies).toBeUndefined();
  });

  it.each(["game.mjs", "game.cjs"])("runs a game loop through %s: lands, stops at a thin wall, meets the coin", (file) => {
    const out = play(file);
    expect(out.landedOn).toBe("floor");
    // The floor's top is at y = 190; the sweep stops the capsule's bottom on it (within the cast's slop).
    expect(out.bottomAfterLanding as number).toBeGreaterThan(189.9);
    expect(out.bottomAfterLanding as number).toBeLessThanOrEqual(190);
    expect(out.wall).toBe("wall");
    // The wall's left face is at x = 299: no tunnelling at 40 units a step through 2 units.
    expect(out.rightAfterDash as number).toBeLessThanOrEqual(299);
    expect(out.rightAfterDash as number).toBeGreaterThan(298.9);
    expect(out.sensed).toEqual(["coin"]);
    expect(out.newer).toEqual({ name: "SceneLoadError", isSceneLoadError: true, message: "1:35: version: version 2 is newer than @collider-studio/core 1.0.0 reads (up to 1); update @collider-studio/core to 2.0.0 or later to open it" });
    expect(out.validateShapes).toBe(4);
  });

  it("gives the same answers through the ESM and the CJS entry", () => {
    expect(play("game.cjs")).toEqual(play("game.mjs"));
  });
});
