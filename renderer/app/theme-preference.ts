// The colour theme outside the store: the first run follows the system (prefers-color-scheme),
// later runs the last choice, kept in localStorage; <html data-theme> drives the CSS variables.
import { useEffect } from "react";
import type { Editor } from "../editor/editor";
import { useEditorState } from "../editor/react";
import type { ThemeName } from "../editor/state";
import { setTheme } from "../store/actions";

export const THEME_STORAGE_KEY = "collider-studio.theme";

const isTheme = (v: unknown): v is ThemeName => v === "dark" || v === "light";

/** The saved theme, else the system's, else dark. */
export function initialTheme(saved: string | null, systemPrefersLight: boolean): ThemeName {
  if (isTheme(saved)) return saved;
  return systemPrefersLight ? "light" : "dark";
}

/** The theme read at start-up; once the user picks another, every change is saved. */
let loaded: ThemeName | null = null;
let chosen = false;

/** Reads the saved or system theme into the store; call once before the first render. */
export function loadThemePreference(editor: Editor): void {
  let saved: string | null = null;
  try {
    saved = localStorage.getItem(THEME_STORAGE_KEY);
  } catch {
    // Storage can be blocked (privacy settings); the system theme then decides.
  }
  const light = typeof matchMedia === "function" && matchMedia("(prefers-color-scheme: light)").matches;
  loaded = initialTheme(saved, light);
  chosen = saved !== null;
  setTheme(editor, loaded);
  document.documentElement.dataset.theme = loaded;
}

/** Keeps <html data-theme> and the saved choice in step with the store. */
export function useThemeOnDocument(): void {
  const theme = useEditorState((s) => s.theme);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    // Saved only once chosen: until then the system's theme decides at each start.
    if (theme !== loaded) chosen = true;
    if (!chosen) return;
    try {
      localStorage.setItem(THEME_STORAGE_KEY, theme);
    } catch {
      // Not saved; the theme still applies for this session.
    }
  }, [theme]);
}
