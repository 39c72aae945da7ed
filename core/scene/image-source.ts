// Where a scene's image comes from: a path relative to the scene file's folder (forward slashes,
// "../" allowed), or the image itself as a data: URL. Nothing else: opening a scene never touches
// the network or reads an absolute path, so a shared scene cannot point at a server or a system file.

/** The data: URLs an image may be: PNG, JPEG or WebP, base64. */
export const IMAGE_DATA_URL = /^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/]*={0,2}$/;

/** A URL scheme ("http:", "file:", "c:" of a Windows drive): anything before a first colon that could be one. */
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

/** What is wrong with an image's `src`, in the file format's words, or null when it is accepted. */
export function imageSourceProblem(src: string): string | null {
  if (src === "") return "must not be empty";
  if (src.startsWith("data:")) return IMAGE_DATA_URL.test(src) ? null : "must be a data:image/png, image/jpeg or image/webp URL in base64";
  const scheme = SCHEME.exec(src);
  if (scheme) return `must be a path relative to the scene's folder or a data: URL, not ${JSON.stringify(scheme[0])} (opening a scene never touches the network or other drives)`;
  if (src.includes("\\")) return "must use forward slashes (/)";
  if (src.startsWith("/")) return "must be a path relative to the scene's folder, not an absolute path";
  return null;
}

/** The MIME type of a data: URL's image, or null for a path. */
export function dataUrlType(src: string): "image/png" | "image/jpeg" | "image/webp" | null {
  const m = IMAGE_DATA_URL.exec(src);
  return m ? (`image/${m[1]}` as "image/png" | "image/jpeg" | "image/webp") : null;
}
