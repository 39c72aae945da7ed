// Opening and saving scene files: through the desktop shell's dialogs when the page runs in
// Electron (window.colliderStudio), through a file input and a download in a plain browser.
import type { DesktopApi } from "../../core/shell/desktop-api";

declare global {
  interface Window {
    readonly colliderStudio?: DesktopApi;
  }
}

export interface OpenedDocument {
  readonly name: string;
  readonly path?: string;
  readonly text: string;
}

export type FileOutcome<T> = { readonly kind: "done"; readonly value: T } | { readonly kind: "canceled" } | { readonly kind: "error"; readonly message: string };

export const desktop = (): DesktopApi | undefined => window.colliderStudio;

const INPUT_ID = "open-scene-input";

/** The hidden file input the browser build opens files through (tests drive it too). */
function fileInput(): HTMLInputElement {
  let input = document.getElementById(INPUT_ID) as HTMLInputElement | null;
  if (!input) {
    input = document.createElement("input");
    input.type = "file";
    input.id = INPUT_ID;
    input.accept = ".json,application/json";
    input.hidden = true;
    input.setAttribute("aria-label", "Open scene file");
    document.body.appendChild(input);
  }
  return input;
}

/** Calls `onFile` whenever a file is picked through the browser's file input. */
export function onBrowserFilePicked(onFile: (doc: FileOutcome<OpenedDocument>) => void): () => void {
  const input = fileInput();
  const handler = () => {
    const file = input.files?.[0];
    input.value = ""; // picking the same file again must fire again
    if (!file) return;
    file.text().then(
      (text) => onFile({ kind: "done", value: { name: file.name, text } }),
      (err: unknown) => onFile({ kind: "error", message: `cannot read ${file.name}: ${err instanceof Error ? err.message : String(err)}` }),
    );
  };
  input.addEventListener("change", handler);
  return () => input.removeEventListener("change", handler);
}

/** Desktop: the native Open dialog. Browser: the file picker, answered through onBrowserFilePicked. */
export async function openScene(): Promise<FileOutcome<OpenedDocument> | null> {
  const api = desktop();
  if (!api) {
    fileInput().click();
    return null;
  }
  const r = await api.openScene();
  if (r.ok) return { kind: "done", value: r.value };
  return r.canceled ? { kind: "canceled" } : { kind: "error", message: r.error };
}

/** Desktop: writes in place (or asks where). Browser: downloads the file. */
export async function saveScene(text: string, file: { name: string; path?: string }, saveAs = false): Promise<FileOutcome<{ name: string; path?: string }>> {
  const api = desktop();
  if (api) {
    const r = await api.saveScene({ text, path: saveAs ? undefined : file.path, saveAs, suggestedName: file.name });
    if (r.ok) return { kind: "done", value: r.value };
    return r.canceled ? { kind: "canceled" } : { kind: "error", message: r.error };
  }
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = file.name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return { kind: "done", value: { name: file.name } };
}
