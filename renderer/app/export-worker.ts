// Runs one exporter off the editor's thread: a big scene's export takes seconds, which in the page
// would freeze drawing and input for as long.
import type { ImageExportOptions, Scene } from "../../core";
import { runExport, type ExportReply } from "./run-export";

export interface ExportRequest {
  readonly formatId: string;
  readonly scene: Scene;
  readonly images: ImageExportOptions;
  readonly tileSize?: number;
}

// The dedicated worker's scope, typed by what it uses (the renderer compiles against the DOM's types).
const scope = self as unknown as { onmessage: ((e: MessageEvent<ExportRequest>) => void) | null; postMessage: (reply: ExportReply) => void };

scope.onmessage = (e) => scope.postMessage(runExport(e.data.formatId, e.data.scene, e.data.images, e.data.tileSize));
