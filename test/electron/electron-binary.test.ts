import { chmod, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { electronExecutableName, findElectronBinary, tryInstallElectron } from "../../electron/launcher/electron-binary";
import { tempDir } from "./helpers";

/** A fake node_modules/electron: package folder with optional path.txt and dist binary. */
async function fakeElectronPackage(options: { pathTxt?: string; binary?: string } = {}): Promise<string> {
  const dir = path.join(await tempDir(), "node_modules", "electron");
  await mkdir(dir, { recursive: true });
  if (options.pathTxt !== undefined) await writeFile(path.join(dir, "path.txt"), options.pathTxt);
  if (options.binary !== undefined) {
    const binary = path.join(dir, "dist", options.binary);
    await mkdir(path.dirname(binary), { recursive: true });
    await writeFile(binary, "#!/bin/sh\n");
    await chmod(binary, 0o755);
  }
  return dir;
}

describe("findElectronBinary", () => {
  it("finds dist/<path.txt> when it exists", async () => {
    const electronDir = await fakeElectronPackage({ pathTxt: "electron", binary: "electron" });
    expect(findElectronBinary({ electronDir, env: {}, platform: "linux" })).toBe(path.join(electronDir, "dist", "electron"));
  });

  it("follows path.txt for the macOS app bundle layout", async () => {
    const name = electronExecutableName("darwin");
    const electronDir = await fakeElectronPackage({ pathTxt: name, binary: name });
    expect(findElectronBinary({ electronDir, env: {}, platform: "darwin" })).toBe(path.join(electronDir, "dist", name));
  });

  it("reports not installed when path.txt is missing (a skipped postinstall)", async () => {
    const electronDir = await fakeElectronPackage({ binary: "electron" });
    expect(findElectronBinary({ electronDir, env: {}, platform: "linux" })).toBeUndefined();
  });

  it("reports not installed when path.txt names a binary that is not there", async () => {
    const electronDir = await fakeElectronPackage({ pathTxt: "electron" });
    expect(findElectronBinary({ electronDir, env: {}, platform: "linux" })).toBeUndefined();
  });

  it("reports not installed when there is no electron package at all", async () => {
    const electronDir = path.join(await tempDir(), "node_modules", "electron");
    expect(findElectronBinary({ electronDir, env: {}, platform: "linux" })).toBeUndefined();
  });

  it("respects ELECTRON_OVERRIDE_DIST_PATH, with or without path.txt", async () => {
    const override = await tempDir();
    await writeFile(path.join(override, "electron"), "");
    const withoutPathTxt = await fakeElectronPackage();
    expect(findElectronBinary({ electronDir: withoutPathTxt, env: { ELECTRON_OVERRIDE_DIST_PATH: override }, platform: "linux" })).toBe(path.join(override, "electron"));
    const withPathTxt = await fakeElectronPackage({ pathTxt: "electron", binary: "electron" });
    expect(findElectronBinary({ electronDir: withPathTxt, env: { ELECTRON_OVERRIDE_DIST_PATH: override }, platform: "linux" })).toBe(path.join(override, "electron"));
  });

  it("does not fall back to node_modules when the override folder lacks the binary", async () => {
    const electronDir = await fakeElectronPackage({ pathTxt: "electron", binary: "electron" });
    expect(findElectronBinary({ electronDir, env: { ELECTRON_OVERRIDE_DIST_PATH: await tempDir() }, platform: "linux" })).toBeUndefined();
  });

  it("uses the platform's executable name like electron/install.js", () => {
    expect(electronExecutableName("linux")).toBe("electron");
    expect(electronExecutableName("win32")).toBe("electron.exe");
    expect(electronExecutableName("darwin")).toBe("Electron.app/Contents/MacOS/Electron");
  });
});

describe("tryInstallElectron", () => {
  it("runs install.js in the package folder; a successful install is then found", async () => {
    const electronDir = await fakeElectronPackage();
    await writeFile(path.join(electronDir, "install.js"), [
      "const fs = require('fs');",
      "console.log('Downloading Electron...');",
      "fs.mkdirSync('dist', { recursive: true });",
      "fs.writeFileSync('dist/electron', '');",
      "fs.writeFileSync('path.txt', 'electron');",
    ].join("\n"));
    expect(await tryInstallElectron(electronDir, process.env)).toBe(true);
    expect(findElectronBinary({ electronDir, env: {}, platform: "linux" })).toBe(path.join(electronDir, "dist", "electron"));
  });

  it("reports a failed download as false, swallowing its output", async () => {
    const electronDir = await fakeElectronPackage();
    await writeFile(path.join(electronDir, "install.js"), "console.error(new Error('getaddrinfo ENOTFOUND github.com').stack); process.exit(1);");
    expect(await tryInstallElectron(electronDir, process.env)).toBe(false);
  });

  it("gives up on a hanging download after the timeout", async () => {
    const electronDir = await fakeElectronPackage();
    await writeFile(path.join(electronDir, "install.js"), "setInterval(() => {}, 1000);");
    const started = Date.now();
    expect(await tryInstallElectron(electronDir, process.env, 300)).toBe(false);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("is false without an install.js", async () => {
    expect(await tryInstallElectron(await fakeElectronPackage(), process.env)).toBe(false);
  });
});
