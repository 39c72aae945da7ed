// The desktop app's settings file, `settings.json` in Electron's userData folder. Read once at
// start; the user edits it by hand. A missing file means the defaults; a broken one means the
// defaults too, with a one-line warning naming the file and the problem, never a crash.
import { z } from "zod";
import { DEFAULT_BACKUPS, MAX_BACKUPS } from "../core/node/atomic-write";
import { describeFileError } from "./file-errors";

export const SETTINGS_FILE_NAME = "settings.json";

// Not strict: keys this version does not know (a newer version's, another module's) are ignored.
const settingsSchema = z.object({
  /** How many previous versions of a saved file to keep: `.bak`, `.bak.2`, …; 0 keeps none. */
  backups: z.number().int().min(0).max(MAX_BACKUPS).optional(),
});

export interface Settings {
  readonly backups: number;
}

export const DEFAULT_SETTINGS: Settings = { backups: DEFAULT_BACKUPS };

export interface SettingsRead {
  readonly settings: Settings;
  /** Why the file was not used, as one line; absent when it was read (or did not exist). */
  readonly warning?: string;
}

const isMissing = (err: unknown) => typeof err === "object" && err !== null && "code" in err && err.code === "ENOENT";

/** Reads the settings at `file` with `readText` (fs.readFile as UTF-8 in the app, a fake in tests). */
export async function readSettings(file: string, readText: (file: string) => Promise<string>): Promise<SettingsRead> {
  let text: string;
  try {
    text = await readText(file);
  } catch (err) {
    if (isMissing(err)) return { settings: DEFAULT_SETTINGS };
    return { settings: DEFAULT_SETTINGS, warning: `${file}: cannot read the settings (${describeFileError(err)}); using the defaults` };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    return { settings: DEFAULT_SETTINGS, warning: `${file}: not valid JSON (${err instanceof Error ? err.message : String(err)}); using the defaults` };
  }
  const parsed = settingsSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.map(String).join(".")}: ` : "";
    return { settings: DEFAULT_SETTINGS, warning: `${file}: ${where}${issue?.message ?? "invalid"}; using the defaults` };
  }
  return { settings: { backups: parsed.data.backups ?? DEFAULT_BACKUPS } };
}
