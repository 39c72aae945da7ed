import { describe, expect, it } from "vitest";
import { DEFAULT_PORT, parseLauncherArgs } from "../../electron/launcher/launcher-args";

describe("parseLauncherArgs", () => {
  it("defaults to Electron on port 5178", () => {
    expect(parseLauncherArgs([], {})).toEqual({ ok: true, options: { web: false, port: DEFAULT_PORT } });
    expect(DEFAULT_PORT).toBe(5178);
  });

  it("reads --web and --port N / --port=N, and PORT from the environment", () => {
    expect(parseLauncherArgs(["--web", "--port", "8080"], {})).toEqual({ ok: true, options: { web: true, port: 8080 } });
    expect(parseLauncherArgs(["--port=0"], {})).toEqual({ ok: true, options: { web: false, port: 0 } });
    expect(parseLauncherArgs([], { PORT: "9000" })).toEqual({ ok: true, options: { web: false, port: 9000 } });
    expect(parseLauncherArgs(["--port", "7000"], { PORT: "9000" })).toEqual({ ok: true, options: { web: false, port: 7000 } });
    expect(parseLauncherArgs([], { PORT: "" })).toEqual({ ok: true, options: { web: false, port: DEFAULT_PORT } });
  });

  it.each([
    [["--port"], "--port needs a number"],
    [["--port", "http"], '--port must be a port number from 0 to 65535, got "http"'],
    [["--port=65536"], '--port must be a port number from 0 to 65535, got "65536"'],
    [["--port=-1"], '--port must be a port number from 0 to 65535, got "-1"'],
    [["--verbose"], "unknown option --verbose (expected --web or --port N)"],
  ])("rejects %j", (argv, error) => {
    expect(parseLauncherArgs(argv, {})).toEqual({ ok: false, error });
  });

  it("names PORT when the bad port came from the environment", () => {
    expect(parseLauncherArgs([], { PORT: "12.5" })).toEqual({ ok: false, error: 'PORT must be a port number from 0 to 65535, got "12.5"' });
  });
});
