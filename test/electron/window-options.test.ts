import { describe, expect, it } from "vitest";
import { mainWindowOptions } from "../../electron/window-options";

describe("mainWindowOptions", () => {
  const options = mainWindowOptions("/app/dist/electron/preload.cjs");

  it("isolates the page from Node and Electron", () => {
    expect(options.webPreferences).toMatchObject({
      preload: "/app/dist/electron/preload.cjs",
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });

  it("has no preference that loosens security", () => {
    const prefs: Record<string, unknown> = { ...options.webPreferences };
    for (const risky of ["enableRemoteModule", "experimentalFeatures", "enableBlinkFeatures", "additionalArguments"]) {
      expect(prefs[risky]).toBeUndefined();
    }
  });

  it("opens a 1280x800 window titled Collider Studio, shown once ready", () => {
    expect(options).toMatchObject({ title: "Collider Studio", width: 1280, height: 800, show: false });
    expect(options.minWidth).toBeGreaterThan(0);
    expect(options.minWidth).toBeLessThanOrEqual(options.width);
    expect(options.minHeight).toBeGreaterThan(0);
    expect(options.minHeight).toBeLessThanOrEqual(options.height);
  });
});
