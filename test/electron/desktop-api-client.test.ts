import { describe, expect, it, vi } from "vitest";
import { IPC } from "../../core/shell/desktop-api";
import { createDesktopApi } from "../../electron/desktop-api-client";

describe("createDesktopApi (what the preload exposes)", () => {
  it("exposes only the DesktopApi members, no IPC object", () => {
    const api = createDesktopApi(vi.fn(), "linux");
    expect(Object.keys(api).sort()).toEqual(["openScene", "platform", "saveScene"]);
    expect(api.platform).toBe("linux");
    for (const value of Object.values(api)) expect(typeof value === "function" || typeof value === "string").toBe(true);
  });

  it("invokes the contract's channels with exactly the given request", async () => {
    const invoke = vi.fn(async () => ({ ok: false, canceled: true }));
    const api = createDesktopApi(invoke, "win32");
    expect(await api.openScene()).toEqual({ ok: false, canceled: true });
    const request = { text: "{}", suggestedName: "a" };
    await api.saveScene(request);
    expect(invoke.mock.calls).toEqual([[IPC.openScene], [IPC.saveScene, request]]);
  });
});
