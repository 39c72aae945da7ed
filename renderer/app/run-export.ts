// One export, as text or as the reason there is none: the same function runs in the export
// worker and, for small scenes or where no worker starts, in the page.
import { exportFormat, exportOptionsFor, type ImageExportOptions, type Scene } from "../../core";

/** `notes`: what the export left out of the scene's images or cannot show as drawn, and what the format cannot carry of the rest, one line each. */
export type ExportReply = { readonly kind: "done"; readonly text: string; readonly notes: readonly string[] } | { readonly kind: "error"; readonly message: string };

/**
 * `images`: the scene's and the export's folders, so image paths are written relative to the
 * export; {} writes them as the scene has them. `tileSize`: a Tiled map's tiles (the map the scene
 * came from keeps its own; absent: the exporter's default).
 */
export function runExport(formatId: string, scene: Scene, images: ImageExportOptions = {}, tileSize?: number): ExportReply {
  const format = exportFormat(formatId);
  if (!format) return { kind: "error", message: `no export format "${formatId}"` };
  // The scene's Export Options for the format, with the folders and tile size the editor knows.
  const options = exportOptionsFor(scene, format, tileSize === undefined ? { images } : { images, tileSize });
  try {
    const notes = [...(format.leftOut?.(scene, options) ?? []), ...(format.imageNotes?.(scene, options) ?? []).map((n) => `image "${n.image}": ${n.message}`)];
    return { kind: "done", text: format.write(scene, options), notes };
  } catch (err) {
    // An exporter never throws on a valid scene; a bug still gets a message, not a dead button.
    return { kind: "error", message: err instanceof Error ? err.message : String(err) };
  }
}
