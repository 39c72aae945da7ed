// Packaging without downloading Electron: electron-builder, run with the project's configuration
// (build/electron-builder.yml) and -c.electronDist pointing at a folder holding a stub `electron`,
// makes the unpacked Linux app with the editor's bundles in resources/app.asar. Also checks the
// icons the installers need are there, as electron-builder reads them.
import { execFile } from "node:child_process";
import { chmod, copyFile, cp, mkdir, readFile, readdir, symlink, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { tempDir } from "./helpers";

const ROOT = path.resolve(import.meta.dirname, "../..");
const require = createRequire(import.meta.url);

interface AsarModule {
  listPackage(archive: string, options?: { isPack: boolean }): string[];
}

/** A copy of the project as electron-builder sees it, with small stand-ins for the built bundles
 * (the real ones are rebuilt by other tests running alongside). */
async function projectCopy(): Promise<string> {
  const dir = await tempDir("collider-package-");
  await copyFile(path.join(ROOT, "package.json"), path.join(dir, "package.json"));
  await cp(path.join(ROOT, "build"), path.join(dir, "build"), { recursive: true });
  await symlink(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
  await mkdir(path.join(dir, "dist", "electron"), { recursive: true });
  await mkdir(path.join(dir, "dist", "renderer", "assets"), { recursive: true });
  await mkdir(path.join(dir, "dist", "cli"), { recursive: true });
  await writeFile(path.join(dir, "dist", "electron", "main.cjs"), "// main\n");
  await writeFile(path.join(dir, "dist", "electron", "main.cjs.map"), "{}");
  await writeFile(path.join(dir, "dist", "electron", "preload.cjs"), "// preload\n");
  await writeFile(path.join(dir, "dist", "renderer", "index.html"), "<!doctype html><title>Collider Studio</title>");
  await writeFile(path.join(dir, "dist", "renderer", "assets", "app.js"), "export {};\n");
  await writeFile(path.join(dir, "dist", "cli", "collider-studio.cjs"), "// cli\n");
  return dir;
}

/** What -c.electronDist expects: an unpacked Electron, here only a stub executable. */
async function fakeElectron(): Promise<string> {
  const dir = await tempDir("collider-fake-electron-");
  await writeFile(path.join(dir, "electron"), "#!/bin/sh\necho stub electron\n");
  await chmod(path.join(dir, "electron"), 0o755);
  await writeFile(path.join(dir, "version"), "v45.4.1");
  return dir;
}

function pngSize(data: Buffer): { width: number; height: number } {
  expect(data.subarray(1, 4).toString("ascii")).toBe("PNG");
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

describe("electron-builder", () => {
  it("builds the unpacked Linux app from a local Electron folder, bundles in app.asar and nothing else", async () => {
    const project = await projectCopy();
    const electronDist = await fakeElectron();
    const output = path.join(project, "release");
    const bin = path.join(ROOT, "node_modules", ".bin", "electron-builder");
    const { stdout, stderr } = await promisify(execFile)(
      bin,
      ["--projectDir", project, "--config", "build/electron-builder.yml", "--linux", "dir", "--publish", "never", `-c.electronDist=${electronDist}`],
      { cwd: project, env: { ...process.env, ELECTRON_BUILDER_CACHE: path.join(project, "cache") }, timeout: 90_000 },
    );
    const unpacked = path.join(output, "linux-unpacked");
    expect(await readdir(unpacked), `${stdout}${stderr}`).toEqual(expect.arrayContaining(["collider-studio", "resources"]));
    // The stub was copied in as the app's executable, named after the package.
    expect(await readFile(path.join(unpacked, "collider-studio"), "utf8")).toContain("stub electron");
    const asar = require("@electron/asar") as AsarModule;
    const files = asar.listPackage(path.join(unpacked, "resources", "app.asar"), { isPack: false }).map((f) => f.replaceAll("\\", "/"));
    expect(files).toEqual(expect.arrayContaining(["/package.json", "/dist/electron/main.cjs", "/dist/electron/preload.cjs", "/dist/renderer/index.html", "/dist/renderer/assets/app.js"]));
    // No source maps, no CLI, no node_modules: the bundles are self-contained.
    expect(files.filter((f) => f.endsWith(".map") || f.startsWith("/node_modules") || f.startsWith("/dist/cli"))).toEqual([]);
  }, 90_000);
});

describe("icons", () => {
  const config = (): Promise<string> => readFile(path.join(ROOT, "build", "electron-builder.yml"), "utf8");

  it("Linux: a set of square PNGs up to 1024 px in build/icons", async () => {
    expect(await config()).toContain("icon: build/icons");
    for (const size of [16, 32, 48, 64, 128, 256, 512, 1024]) {
      expect(pngSize(await readFile(path.join(ROOT, "build", "icons", `${size}x${size}.png`)))).toEqual({ width: size, height: size });
    }
  });

  it("Windows: build/icon.ico holds PNGs up to 256 px", async () => {
    expect(await config()).toContain("icon: build/icon.ico");
    const ico = await readFile(path.join(ROOT, "build", "icon.ico"));
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
    const count = ico.readUInt16LE(4);
    const sizes = Array.from({ length: count }, (_, i) => {
      const at = 6 + 16 * i;
      const image = ico.subarray(ico.readUInt32LE(at + 12), ico.readUInt32LE(at + 12) + ico.readUInt32LE(at + 8));
      const { width } = pngSize(image);
      expect(ico.readUInt8(at) || 256).toBe(width);
      return width;
    });
    expect(sizes).toEqual(expect.arrayContaining([16, 32, 48, 256]));
  });

  it("macOS: build/icon.icns holds PNGs up to 1024 px and says its own length", async () => {
    expect(await config()).toContain("icon: build/icon.icns");
    const icns = await readFile(path.join(ROOT, "build", "icon.icns"));
    expect(icns.subarray(0, 4).toString("ascii")).toBe("icns");
    expect(icns.readUInt32BE(4)).toBe(icns.length);
    const types = new Map<string, number>();
    for (let at = 8; at < icns.length; at += icns.readUInt32BE(at + 4)) {
      types.set(icns.subarray(at, at + 4).toString("ascii"), pngSize(icns.subarray(at + 8, at + icns.readUInt32BE(at + 4))).width);
    }
    expect(types.get("ic09")).toBe(512);
    expect(types.get("ic10")).toBe(1024);
  });
});
