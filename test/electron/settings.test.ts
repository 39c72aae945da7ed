// The desktop settings file: defaults when it is missing or broken, and a readable warning.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS, readSettings } from "../../electron/settings";
import { errnoError, tempDir } from "./helpers";

const readText = (file: string) => readFile(file, "utf8");

async function settingsFile(text: string): Promise<string> {
  const file = path.join(await tempDir(), "settings.json");
  await writeFile(file, text);
  return file;
}

describe("readSettings", () => {
  it("reads the number of backups and ignores keys it does not know", async () => {
    const file = await settingsFile('{ "backups": 5, "theme": "dark" }');
    expect(await readSettings(file, readText)).toEqual({ settings: { backups: 5 } });
  });

  it("a missing file or key means the defaults (one backup), without a warning", async () => {
    const dir = await tempDir();
    expect(await readSettings(path.join(dir, "settings.json"), readText)).toEqual({ settings: { backups: 1 } });
    expect(await readSettings(await settingsFile("{}"), readText)).toEqual({ settings: DEFAULT_SETTINGS });
  });

  it("0 keeps no backups", async () => {
    expect((await readSettings(await settingsFile('{"backups":0}'), readText)).settings.backups).toBe(0);
  });

  it.each([
    ['{"backups": -1}', /settings\.json: backups: .*>=0.*; using the defaults$/],
    ['{"backups": 2.5}', /settings\.json: backups: .*int.*; using the defaults$/],
    ['{"backups": 51}', /settings\.json: backups: .*<=50.*; using the defaults$/],
    ['{"backups": "3"}', /settings\.json: backups: .*number.*; using the defaults$/],
    ["[]", /settings\.json: .*object.*; using the defaults$/],
    ["{ backups: 3 }", /settings\.json: not valid JSON \(.*\); using the defaults$/],
  ])("%s gives the defaults and a one-line warning naming the file", async (text, warning) => {
    const file = await settingsFile(text);
    const read = await readSettings(file, readText);
    expect(read.settings).toEqual(DEFAULT_SETTINGS);
    expect(read.warning).toMatch(warning);
    expect(read.warning).toContain(file);
    expect(read.warning).not.toMatch(/\n/);
  });

  it("an unreadable file gives the defaults and says why", async () => {
    const read = await readSettings("/cfg/settings.json", () => Promise.reject(errnoError("EACCES")));
    expect(read).toEqual({ settings: DEFAULT_SETTINGS, warning: "/cfg/settings.json: cannot read the settings (permission denied); using the defaults" });
  });
});
