// The words the editor's Trace dialog and the CLI's `trace` both report a trace in: blobs (an
// outer outline with its holes is one blob), holes, what whole outlines made of a blob with holes,
// and the specks left out.
import type { TraceResult, TraceStage } from "./trace";

const count = (n: number, what: string, many = `${what}s`) => `${n.toLocaleString("en")} ${n === 1 ? what : many}`;

/** "2 blobs (1 hole)": a blob's outer outline and its holes' are one blob, never counted as outlines apart. */
export function blobCount(result: Pick<TraceResult, "outlines" | "holes">): string {
  const blobs = result.outlines - result.holes;
  return `${count(blobs, "blob")}${result.holes === 0 ? "" : ` (${count(result.holes, "hole")})`}`;
}

/** With `chains`: "18 chains of 2,345 points" (an outer outline and each hole are a chain each). */
export function chainCount(result: Pick<TraceResult, "chains">): string {
  const points = result.chains.reduce((n, c) => n + c.points.length, 0);
  return `${count(result.chains.length, "chain")} of ${count(points, "point")}`;
}

/**
 * With whole outlines (`concave`), what became of the blobs with holes: "1 blob has a hole, so it is
 * cut straight down from the hole into 2 polygons: a polygon cannot have a hole"; null when no blob has a hole.
 */
export function wholeOutlinesNote(result: Pick<TraceResult, "blobsWithHoles" | "holedPolygons" | "holedConvex" | "holes">): string | null {
  const { blobsWithHoles: holed, holedPolygons: polygons, holedConvex: convex } = result;
  if (holed === 0) return null;
  const oneHole = result.holes === 1;
  const which = holed === 1 ? `1 blob has ${oneHole ? "a hole" : "holes"}, so it is` : `${count(holed, "blob")} have holes, so they are`;
  const through = holed === 1 ? (oneHole ? "the hole" : "its holes") : "their holes";
  const why = "too many holes, or cut parts that would touch themselves";
  if (convex === holed) return `${which} left in convex pieces (${why})`;
  const rest = convex === 0 ? "" : ` (${convex.toLocaleString("en")} left in convex pieces: ${why})`;
  return `${which} cut straight down from ${through} into ${count(polygons, "polygon")}${rest}: a polygon cannot have a hole`;
}

/**
 * What `minArea` took away: "Left out 20 blobs and filled 1 hole smaller than 16 px²"; or, when
 * every blob was under it, that they were kept; null when nothing.
 */
export function specksNote(result: Pick<TraceResult, "ignoredBlobs" | "filledHoles" | "smallKept">, minArea: number): string | null {
  if (result.smallKept > 0) return `Every blob is smaller than ${minArea.toLocaleString("en")} px²: ${result.smallKept === 1 ? "it is" : "they are"} kept, as nothing would be left`;
  const parts: string[] = [];
  if (result.ignoredBlobs > 0) parts.push(`left out ${count(result.ignoredBlobs, "blob")}`);
  if (result.filledHoles > 0) parts.push(`filled ${count(result.filledHoles, "hole")}`);
  if (parts.length === 0) return null;
  const said = parts.join(" and ");
  return `${said[0]!.toUpperCase()}${said.slice(1)} smaller than ${minArea.toLocaleString("en")} px²`;
}

/** What a trace is doing, as its progress says it: "finding the blobs (1 of 4)"; `making` names the third stage's output. */
export function traceStageWords(stage: TraceStage, making: "convex pieces" | "whole outlines" | "chains"): string {
  const words: Record<TraceStage, [number, string]> = {
    labelling: [1, "finding the blobs"],
    outlines: [2, "simplifying the outlines"],
    pieces: [3, making === "chains" ? "making the chains" : making === "whole outlines" ? "cutting the outlines at their holes" : "cutting convex pieces"],
    coverage: [4, "measuring the IoU"],
  };
  const [n, said] = words[stage];
  return `${said} (${n} of 4)`;
}
