// Where a scene image's bytes come from, one way per kind of src: a data: URL is decoded in the
// page; a relative path is read by the desktop shell beside the scene file (the image:read
// channel), or in a browser through the folder a scene was opened in (Open Scene in Folder…) or its
// map imported in (Import Tiled Map in Folder…). `scenePath` is where paths start (editor/state.ts
// readBase): the scene's file, or for an imported map's document not saved yet, the map's. A
// browser cannot read beside a scene it opened as a single file, so there a relative path is
// reported, and drawn as a placeholder saying so. Never a fetch: the CSP allows none.
import { imageSourceProblem, imageTypeOfBytes, type ImageType } from "../../core";
import type { DesktopApi } from "../../core/shell/desktop-api";
import { readBesideWebScene } from "../platform/web-files";

export type ImageBytes = { readonly ok: true; readonly bytes: Uint8Array; readonly type: ImageType } | { readonly ok: false; readonly message: string };

export interface ImageSourceContext {
  /** Where relative paths start (readBase): the scene file's path, or the map's for an imported map not saved yet (a file path in the desktop app, a handle's key in a browser); absent for a new scene. */
  readonly scenePath: string | undefined;
  /** The desktop shell, when the page runs in it. */
  readonly desktop: Pick<DesktopApi, "readImage"> | undefined;
}

/** A data: URL's bytes (IMAGE_DATA_URL form: base64). */
export function bytesOfDataUrl(src: string): Uint8Array {
  const binary = atob(src.slice(src.indexOf(",") + 1));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** A data: URL's declared type, read from its head alone (never its body: an embedded level picture is megabytes). */
const DATA_URL_HEAD = /^data:(image\/(?:png|jpeg|webp));base64,/;

/**
 * What a placeholder or a panel says of a src: the path itself, or "embedded image/png" for a
 * data: URL. Panels call it on every render: it reads the URL's head only.
 */
export const srcLabel = (src: string): string => (src.startsWith("data:") ? `embedded ${DATA_URL_HEAD.exec(src)?.[1] ?? "image"}` : src);

/** The bytes of the picture `src` names, or why there are none (a line the placeholder shows). */
export async function readImageBytes(src: string, where: ImageSourceContext): Promise<ImageBytes> {
  const problem = imageSourceProblem(src);
  if (problem !== null) return { ok: false, message: `cannot show ${srcLabel(src)}: its src ${problem}` };
  if (src.startsWith("data:")) {
    const bytes = bytesOfDataUrl(src);
    const type = imageTypeOfBytes(bytes);
    return type ? { ok: true, bytes, type } : { ok: false, message: `cannot show the ${srcLabel(src)}: its bytes are not a PNG, JPEG or WebP image` };
  }
  if (!where.desktop) {
    const beside = await readBesideWebScene(where.scenePath, src);
    if (beside === undefined) return { ok: false, message: `image not read: ${src} (a browser reads files beside a scene only when it was opened, or its map imported, with File → Open Scene in Folder… or Import Tiled Map in Folder…)` };
    if (!beside.ok) return beside;
    const type = imageTypeOfBytes(beside.bytes);
    return type ? { ok: true, bytes: beside.bytes, type } : { ok: false, message: `cannot show ${src}: its bytes are not a PNG, JPEG or WebP image` };
  }
  if (where.scenePath === undefined) return { ok: false, message: `image not found: ${src} (the scene has no folder yet: save it first)` };
  const read = await where.desktop.readImage({ scenePath: where.scenePath, src });
  if (read.ok) return { ok: true, bytes: read.value.bytes, type: read.value.type };
  return { ok: false, message: read.canceled ? `cannot show ${src}` : read.error };
}

/** Splits an absolute path of either platform into its root ("/", "C:", "//host/share") and its names. */
function splitPath(p: string): { readonly root: string; readonly names: string[] } | null {
  const s = p.replace(/\\/g, "/");
  const unc = /^\/\/([^/]+)\/([^/]+)/.exec(s);
  const drive = /^([A-Za-z]):\//.exec(s);
  const root = unc ? `//${unc[1]}/${unc[2]}`.toLowerCase() : drive ? `${drive[1]!.toUpperCase()}:` : s.startsWith("/") ? "/" : null;
  if (root === null) return null;
  const names: string[] = [];
  for (const name of s.slice(unc ? unc[0].length : drive ? 2 : 0).split("/")) {
    if (name === "" || name === ".") continue;
    if (name === "..") names.pop();
    else names.push(name);
  }
  return { root, names };
}

/**
 * The path of the file at `filePath` relative to the folder of the scene at `scenePath` (both
 * absolute, of the platform the shell runs on), with forward slashes, as a scene image's src; null
 * when there is none (another drive or share), or the format would refuse it.
 */
export function relativeImagePath(scenePath: string, filePath: string): string | null {
  const scene = splitPath(scenePath);
  const file = splitPath(filePath);
  if (!scene || !file || scene.root !== file.root || file.names.length === 0) return null;
  const folder = scene.names.slice(0, -1);
  // Windows paths compare without case; POSIX ones with it.
  const same = scene.root === "/" ? (a: string, b: string) => a === b : (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  let common = 0;
  while (common < folder.length && common < file.names.length - 1 && same(folder[common]!, file.names[common]!)) common++;
  const src = [...folder.slice(common).map(() => ".."), ...file.names.slice(common)].join("/");
  return imageSourceProblem(src) === null && !src.includes(":") ? src : null;
}
