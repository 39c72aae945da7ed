// One export, as text or as the reason there is none: the same function runs in the export
// worker and, for small scenes or where no worker starts, in the page.
import { exportFormat, type Scene } from "../../core";

/** `imageNotes`: what the export left out of the scene's images or cannot show as drawn, one line each. */
export type ExportReply = { readonly kind: "done"; readonly text: string; readonly imageNotes: readonly string[] } | { readonly kind: "error"; readonly message: string };

export function runExport(formatId: string, scene: Scene): ExportReply {
  const format = exportFormat(formatId);
  if (!format) return { kind: "error", message: `no export format "${formatId}"` };
  try {
    // Image paths are written as the scene has them: right when the export is saved next to the scene.
    const imageNotes = (format.imageNotes?.(scene, {}) ?? []).map((n) => `image "${n.image}": ${n.message}`);
    return { kind: "done", text: format.write(scene, {}), imageNotes };
  } catch (err) {
    // An exporter never throws on a valid scene; a bug still gets a message, not a dead button.
    return { kind: "error", message: err instanceof Error ? err.message : String(err) };
  }
}
