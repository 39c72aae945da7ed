// Exports a big scene in a worker, with the status bar saying so (and offering Cancel) once it has
// taken half a second. Where no worker can start (an old runtime, a blocked script), the export
// runs in the page instead: slower to answer, but nothing is lost.
import { create } from "zustand";
import type { ImageExportOptions, Scene } from "../../core";
import type { ExportRequest } from "./export-worker";
import { progressAfter } from "./progress-after";
import { runExport, type ExportReply } from "./run-export";

/** Scenes with at least this many shapes export in a worker (20,000 shapes take about half a second). */
export const WORKER_EXPORT_SHAPES = 2_000;

/** An export under way, for the status bar; null when none is. */
export const useExporting = create<{ readonly exporting: { readonly name: string; readonly cancel: () => void } | null }>(() => ({ exporting: null }));

export type ExportResult = ExportReply | { readonly kind: "cancelled" };

/** Exports `scene` as `formatId` in a worker; `name` is the file being written, for the status bar. */
export function exportInWorker(formatId: string, scene: Scene, name: string, images: ImageExportOptions = {}, tileSize?: number): Promise<ExportResult> {
  let worker: Worker;
  try {
    worker = new Worker(new URL("./export-worker.ts", import.meta.url), { type: "module" });
  } catch {
    return Promise.resolve(runExport(formatId, scene, images, tileSize));
  }
  return new Promise<ExportResult>((resolve) => {
    let settled = false;
    const status = { name, cancel: () => finish({ kind: "cancelled" }) };
    const finish = (result: ExportResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.terminate();
      // Only this export's status: another one started meanwhile keeps its own.
      if (useExporting.getState().exporting === status) useExporting.setState({ exporting: null });
      resolve(result);
    };
    const timer = setTimeout(() => {
      if (!settled) useExporting.setState({ exporting: status });
    }, progressAfter());
    worker.onmessage = (e: MessageEvent<ExportReply>) => finish(e.data);
    // The worker's script did not load or run, or a reply could not be read: export here rather
    // than fail or wait for ever.
    worker.onerror = (e) => {
      e.preventDefault();
      finish(runExport(formatId, scene, images, tileSize));
    };
    worker.onmessageerror = () => finish(runExport(formatId, scene, images, tileSize));
    const request: ExportRequest = tileSize === undefined ? { formatId, scene, images } : { formatId, scene, images, tileSize };
    try {
      worker.postMessage(request);
    } catch {
      finish(runExport(formatId, scene, images, tileSize)); // the scene could not be copied to the worker
    }
  });
}
