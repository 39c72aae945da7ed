// Paths as the scene format and Tiled write them: forward slashes, "." and ".." segments, either
// relative to a folder or absolute ("/x", "C:/x"). Pure string arithmetic, so the core needs no
// node:path and answers the same on every platform; callers turn OS paths into these first.
// Segments compare case-sensitively (a case-insensitive file system may still find a path that
// differs only in case); a drive letter compares either case.

/** "/" or a drive "C:/", or "" for a relative path. */
const ROOT = /^(?:[A-Za-z]:)?\//;

interface Parsed {
  readonly root: string;
  /** No "" or "." segments; ".." only at the start, and only in a relative path. */
  readonly parts: readonly string[];
}

function parse(path: string): Parsed {
  const root = ROOT.exec(path)?.[0] ?? "";
  const parts: string[] = [];
  for (const part of path.slice(root.length).split("/")) {
    if (part === "" || part === ".") continue;
    if (part !== "..") parts.push(part);
    else if (parts.length > 0 && parts[parts.length - 1] !== "..") parts.pop();
    // ".." above a root stays at the root, as every OS resolves it; above a relative start it is kept.
    else if (root === "") parts.push("..");
  }
  return { root, parts };
}

const format = ({ root, parts }: Parsed): string => (root === "" && parts.length === 0 ? "." : root + parts.join("/"));

/** Whether `path` is absolute ("/x", "C:/x"). */
export const isAbsolutePath = (path: string): boolean => ROOT.test(path);

/** `path` without "." segments, repeated slashes or "a/.." pairs; "." for an empty relative path. */
export const normalizePath = (path: string): string => format(parse(path));

/** `path` seen from the folder `dir`: `path` itself (normalized) when absolute, else joined to `dir`. */
export function resolvePath(dir: string, path: string): string {
  return isAbsolutePath(path) || dir === "" ? normalizePath(path) : normalizePath(`${dir}/${path}`);
}

/**
 * The path that leads from the folder `fromDir` to `to`: resolvePath(fromDir, result) is `to`
 * (normalized). "." when they are the same. Null when there is none: different roots (drives),
 * an absolute and a relative path, or a relative `fromDir` climbing out of a folder whose name
 * is unknown (from "../a" to "b").
 */
export function relativePath(fromDir: string, to: string): string | null {
  const from = parse(fromDir), target = parse(to);
  if (from.root.toLowerCase() !== target.root.toLowerCase()) return null;
  let common = 0;
  while (common < from.parts.length && common < target.parts.length && from.parts[common] === target.parts[common]) common++;
  const up = from.parts.slice(common);
  if (up.includes("..")) return null;
  const parts = [...up.map(() => ".."), ...target.parts.slice(common)];
  return parts.length === 0 ? "." : parts.join("/");
}

/**
 * Relative `src` values that name the same files from `toDir` as they did from `fromDir` (both
 * absolute, or both relative to one folder): for Save As into another folder. data: URLs are
 * unchanged. `unreachable` lists the indexes with no relative path from `toDir` (another drive);
 * their `src` is unchanged.
 */
export function rebaseRelativePaths(sources: readonly string[], fromDir: string, toDir: string): { readonly sources: readonly string[]; readonly unreachable: readonly number[] } {
  const unreachable: number[] = [];
  const out = sources.map((src, i) => {
    if (src.startsWith("data:") || isAbsolutePath(src)) return src;
    const moved = relativePath(toDir, resolvePath(fromDir, src));
    if (moved === null) unreachable.push(i);
    return moved ?? src;
  });
  return { sources: out, unreachable };
}

/**
 * An absolute folder standing in for one whose real place is unknown (a browser's granted folder,
 * the scene's folder as the page sees it): 32 unnamed folders above it, so a relative path that
 * climbs out of it still resolves and moves between two places inside it.
 */
export const STAND_IN_ROOT = `/${Array.from({ length: 32 }, (_, i) => `:above-${32 - i}`).join("/")}`;
