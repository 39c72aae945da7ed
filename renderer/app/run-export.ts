// One export, as text or as the reason there is none: the same function runs in the export
// worker and, for small scenes or where no worker starts, in the page.
import { exportFormat, type Scene } from "../../core";

export type ExportReply = { readonly kind: "done"; readonly text: string } | { readonly kind: "error"; readonly message: string };

export function runExport(formatId: string, scene: Scene): ExportReply {
  const format = exportFormat(formatId);
  if (!format) return { kind: "error", message: `no export format "${formatId}"` };
  try {
    return { kind: "done", text: format.write(scene, {}) };
  } catch (err) {
    // An exporter never throws on a valid scene; a bug still gets a message, not a dead button.
    return { kind: "error", message: err instanceof Error ? err.message : String(err) };
  }
}
