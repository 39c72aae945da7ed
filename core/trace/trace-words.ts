// The words the editor's Trace dialog and the CLI's `trace` both report a trace in: blobs (an
// outer outline with its holes is one blob), holes, and why a blob with a hole stays in pieces.
import type { TraceResult } from "./trace";

const count = (n: number, what: string, many = `${what}s`) => `${n.toLocaleString("en")} ${n === 1 ? what : many}`;

/** "2 blobs (1 hole)": a blob's outer outline and its holes' are one blob, never counted as outlines apart. */
export function blobCount(result: Pick<TraceResult, "outlines" | "holes">): string {
  const blobs = result.outlines - result.holes;
  return `${count(blobs, "blob")}${result.holes === 0 ? "" : ` (${count(result.holes, "hole")})`}`;
}

/**
 * With whole outlines (`concave`), why some blobs stayed in convex pieces: "1 blob has a hole, so it
 * stays in convex pieces: a polygon cannot have a hole"; null when none did.
 */
export function wholeOutlinesNote(blobsWithHoles: number): string | null {
  if (blobsWithHoles === 0) return null;
  const which = blobsWithHoles === 1 ? "1 blob has a hole, so it stays" : `${blobsWithHoles.toLocaleString("en")} blobs have holes, so they stay`;
  return `${which} in convex pieces: a polygon cannot have a hole`;
}
