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
export function dataUrlType(src: string): ImageType | null {
  const m = IMAGE_DATA_URL.exec(src);
  return m ? (`image/${m[1]}` as ImageType) : null;
}

/** The image types a scene's picture may be. */
export type ImageType = "image/png" | "image/jpeg" | "image/webp";

/**
 * The type of an image file from its first bytes (its magic number), or null when it is none of
 * PNG, JPEG or WebP: a file's name or a data: URL's label is never taken on trust.
 * PNG: 89 50 4E 47 0D 0A 1A 0A; JPEG: FF D8 FF; WebP: "RIFF", 4 size bytes, "WEBP".
 */
export function imageTypeOfBytes(bytes: Uint8Array): ImageType | null {
  const at = (i: number, ...expected: number[]) => expected.every((b, k) => bytes[i + k] === b);
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (at(0, 0xff, 0xd8, 0xff)) return "image/jpeg";
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return "image/webp";
  return null;
}
