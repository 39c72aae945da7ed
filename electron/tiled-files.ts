// Reading the text files of the Tiled map a scene draws as its backdrop, for the page (which cannot
// read files): the map, its external tilesets and templates. As for images (image-files.ts): only
// beside a scene the user chose, or a map they imported (readableScenes); only a relative path of
// the format's rules; only the Tiled file types (core/tiled/file-types.ts), XML or JSON by their
// extension and first character; never a huge file. Tileset images go through image:read.
import path from "node:path";
import { MAX_TILED_FILE_BYTES, tiledFileSourceProblem, tiledMapSourceProblem, tiledTextProblem } from "../core/tiled/file-types";
import type { ReadTiledFileRequest, SaveResult, ShellResult, TiledFile, WriteTiledMapRequest } from "../core/shell/desktop-api";
import { writeTextAtomically, type WriteFileSystem } from "../core/node/atomic-write";
import { describeFileError } from "./file-errors";
import { nodeImageFileSystem, type ImageFileSystem } from "./image-files";

export interface TiledFilesOptions {
  /** The same two operations images need: a file's size, then its bytes. */
  readonly fs?: ImageFileSystem;
  /** Whether files beside this scene (or imported map) may be read (readableScenes().isReadable). */
  readonly isAllowed: (scenePath: string) => boolean;
  readonly maxBytes?: number;
  /** Save to Map's writes (atomic, with the `backups` setting's generations kept); default Node's. */
  readonly writeFs?: WriteFileSystem;
  readonly backups?: number;
  /** Each file read, absolute, with the scene it was read for and its text (the map's files are watched: tiled-watch.ts). */
  readonly onRead?: (scenePath: string, file: string, text: string) => void;
  /** Each map written by Save to Map, absolute, with its text. */
  readonly onWrite?: (file: string, text: string) => void;
}

export interface TiledFiles {
  read(request: ReadTiledFileRequest): Promise<ShellResult<TiledFile>>;
  /** Writes a map that exists beside a scene the user chose: never creates one, never another file type. */
  writeMap(request: WriteTiledMapRequest): Promise<ShellResult<SaveResult>>;
}

const failure = (error: string): ShellResult<never> => ({ ok: false, canceled: false, error });

/** Where `src` points from the scene (or map) at `scenePath`, or why it is refused. */
export function resolveTiledPath(scenePath: string, src: string): { readonly ok: true; readonly path: string } | { readonly ok: false; readonly reason: string } {
  const problem = tiledFileSourceProblem(src);
  if (problem !== null) return { ok: false, reason: `its path ${problem}` };
  return { ok: true, path: path.resolve(path.dirname(path.resolve(scenePath)), ...src.split("/")) };
}

export function createTiledFiles({ fs = nodeImageFileSystem, isAllowed, maxBytes = MAX_TILED_FILE_BYTES, writeFs, backups, onRead, onWrite }: TiledFilesOptions): TiledFiles {
  return {
    async writeMap({ scenePath, src, text }) {
      if (!isAllowed(scenePath)) return failure(`cannot write ${src}: the scene was not opened or saved in a file dialog`);
      if (tiledMapSourceProblem(src) !== null) return failure(`cannot write ${src}: only a Tiled map (.tmx, .tmj, .json) is written back`);
      const where = resolveTiledPath(scenePath, src);
      if (!where.ok) return failure(`cannot write ${src}: ${where.reason}`);
      try {
        await fs.size(where.path);
      } catch (err) {
        const code = typeof err === "object" && err !== null && "code" in err ? err.code : undefined;
        return failure(code === "ENOENT" ? `cannot write ${src}: there is no such map (Save to Map writes into a map that exists)` : `cannot write ${src}: ${describeFileError(err)}`);
      }
      try {
        // Known before the write lands, so its own watch event is not taken for Tiled's.
        onWrite?.(where.path, text);
        await writeTextAtomically(where.path, text, { ...(writeFs ? { fs: writeFs } : {}), ...(backups === undefined ? {} : { backups }) });
      } catch (err) {
        return failure(`cannot write ${src}: ${describeFileError(err)}`);
      }
      return { ok: true, value: { path: where.path, name: path.basename(where.path) } };
    },

    async read({ scenePath, src }) {
      if (!isAllowed(scenePath)) return failure(`cannot read ${src}: the scene was not opened or saved in a file dialog`);
      const where = resolveTiledPath(scenePath, src);
      if (!where.ok) return failure(`cannot read ${src}: ${where.reason}`);
      let size: number;
      try {
        size = await fs.size(where.path);
      } catch (err) {
        const code = typeof err === "object" && err !== null && "code" in err ? err.code : undefined;
        return failure(code === "ENOENT" ? `file not found: ${src}` : `cannot read ${src}: ${describeFileError(err)}`);
      }
      if (size > maxBytes) return failure(`cannot read ${src}: it is ${Math.ceil(size / 2 ** 20)} MB, more than the ${Math.floor(maxBytes / 2 ** 20)} MB a Tiled file may be`);
      let bytes: Uint8Array;
      try {
        bytes = await fs.readBytes(where.path);
      } catch (err) {
        return failure(`cannot read ${src}: ${describeFileError(err)}`);
      }
      let text: string;
      try {
        // A byte order mark is dropped; bytes that are not UTF-8 refuse the file.
        text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
      } catch {
        return failure(`cannot read ${src}: it is not UTF-8 text`);
      }
      const wrong = tiledTextProblem(src, text);
      if (wrong !== null) return failure(`cannot read ${src}: ${wrong}`);
      onRead?.(scenePath, where.path, text);
      return { ok: true, value: { text } };
    },
  };
}

/**
 * Which files' folders the page may read beside: a scene the user chose (SceneFileService
 * .isAllowed), or a map they imported in this session (the new document stands beside it until
 * it is saved). Reading only: an imported path is never a place to save to.
 */
export function readableScenes(isAllowed: (filePath: string) => boolean): { isReadable(filePath: string): boolean; addImported(filePath: string): void } {
  const imported = new Set<string>();
  return {
    isReadable: (filePath) => isAllowed(filePath) || imported.has(path.resolve(filePath)),
    addImported: (filePath) => {
      imported.add(path.resolve(filePath));
    },
  };
}
