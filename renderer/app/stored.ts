// Preferences kept across runs in localStorage: the desktop app's page keeps it in the app's
// user-data folder, a browser per site. Storage can be blocked (privacy settings) or full; then
// the defaults apply and changes last for the session.

/** The parsed value saved under `key`, or undefined when there is none or it is not JSON. */
export function readStored(key: string): unknown {
  try {
    const saved = localStorage.getItem(key);
    return saved === null ? undefined : (JSON.parse(saved) as unknown);
  } catch {
    return undefined;
  }
}

export function writeStored(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Not saved; the value still applies for this session.
  }
}

/** The fields of a saved object, or an empty record when it is not one. */
export const storedFields = (value: unknown): Readonly<Record<string, unknown>> => (typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {});
