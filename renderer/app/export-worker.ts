// Runs one exporter off the editor's thread: a 100,000-shape scene takes 2–5 s to export, which
// in the page would freeze drawing and input for as long.
import { exportFormat, type Scene } from "../../core";

export interface ExportRequest {
  readonly formatId: string;
  readonly scene: Scene;
}

export type ExportReply = { readonly kind: "done"; readonly text: string } | { readonly kind: "error"; readonly message: string };

// The dedicated worker's scope, typed by what it uses (the renderer compiles against the DOM's types).
const scope = self as unknown as { onmessage: ((e: MessageEvent<ExportRequest>) => void) | null; postMessage: (reply: ExportReply) => void };

scope.onmessage = (e) => {
  const format = exportFormat(e.data.formatId);
  if (!format) {
    scope.postMessage({ kind: "error", message: `no export format "${e.data.formatId}"` });
    return;
  }
  try {
    scope.postMessage({ kind: "done", text: format.write(e.data.scene, {}) });
  } catch (err) {
    scope.postMessage({ kind: "error", message: err instanceof Error ? err.message : String(err) });
  }
};
