// Where the text files of the scene's Tiled map come from: the desktop shell reads them beside the
// scene (the tiled:read channel); a browser through the folder the scene was opened in (Open Scene
// in Folder…, or a map imported in a folder). Either way only Tiled's file types, by extension and
// first character (core/tiled/file-types.ts). Tileset images go through the images' own way.
import type { DesktopApi } from "../../core/shell/desktop-api";
import { MAX_TILED_FILE_BYTES, tiledFileSourceProblem, tiledTextProblem } from "../../core/tiled/file-types";
import { readBesideWebScene } from "../platform/web-files";

export type TiledText = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly message: string };

/** Reads one Tiled file by its path relative to the scene's folder. */
export type TiledTextReader = (path: string, scenePath: string | undefined) => Promise<TiledText>;

/** The page's reader: the desktop shell when there is one, else the folder a browser was given. */
export function pageTiledReader(desktop: () => Pick<DesktopApi, "readTiledFile"> | undefined): TiledTextReader {
  return async (path, scenePath) => {
    const problem = tiledFileSourceProblem(path);
    if (problem !== null) return { ok: false, message: `cannot read ${path}: its path ${problem}` };
    const api = desktop();
    if (api) {
      if (scenePath === undefined) return { ok: false, message: `file not found: ${path} (the scene has no folder yet: save it first)` };
      const read = await api.readTiledFile({ scenePath, src: path });
      if (read.ok) return { ok: true, text: read.value.text };
      return { ok: false, message: read.canceled ? `cannot read ${path}` : read.error };
    }
    const beside = await readBesideWebScene(scenePath, path, "file");
    if (beside === undefined) return { ok: false, message: `not read: ${path} (a browser reads files beside a scene only in a folder it was given: View → Reload Tiled Map… or File → Save to Map… asks for it, keeping your work; File → Open Scene in Folder… and Import Tiled Map in Folder… open another document)` };
    if (!beside.ok) return beside;
    if (beside.bytes.length > MAX_TILED_FILE_BYTES) return { ok: false, message: `cannot read ${path}: it is more than the ${MAX_TILED_FILE_BYTES / 2 ** 20} MB a Tiled file may be` };
    let text: string;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(beside.bytes);
    } catch {
      return { ok: false, message: `cannot read ${path}: it is not UTF-8 text` };
    }
    const wrong = tiledTextProblem(path, text);
    return wrong === null ? { ok: true, text } : { ok: false, message: `cannot read ${path}: ${wrong}` };
  };
}
