// The page's image loader: bytes from image-source.ts (the desktop shell for a path, the page for
// a data: URL), decoded into levels by pyramid.ts.
import { desktop } from "../platform/files";
import type { ImageLoader } from "./image-cache";
import { readImageBytes } from "./image-source";
import { closeLevel, decodeLevels, levelAlphaAt, type Level } from "./pyramid";

export const browserImageLoader = (): ImageLoader<Level> => ({
  read: (src, scenePath) => readImageBytes(src, { scenePath, desktop: desktop() }),
  decode: decodeLevels,
  close: closeLevel,
  alphaAt: levelAlphaAt,
});
