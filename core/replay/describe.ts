// A replay's mismatches in words, one line each: what changed, then why when it is known. The
// CLI's list, the JUnit failures, the HTML report and the editor's Replay panel all say it so.
import type { Point } from "../scene/types";
import type { Vec2 } from "../vec2";
import { roundForDisplay } from "./compare";
import { rayTitle } from "./probe-log";
import type { MismatchReason, RayRecord, ReplayResult } from "./types";

/** A computed coordinate for a person: 10 significant digits, so a cast's last-bit noise (96.00000000011642 from a ray 2e6 long) reads 96. */
const readable = (v: number): number => Number(v.toPrecision(10));
/** An expected point, rounded as the actual one is (a baseline recorded by --record holds a cast's full digits). */
const expected = (p: Point | undefined): string => (p === undefined ? "(not recorded)" : `(${readable(p[0])}, ${readable(p[1])})`);
const actual = (p: Vec2 | undefined): string => (p === undefined ? "nothing" : `(${readable(p.x)}, ${readable(p.y)})`);

/** Why the expected shape was not hit, as a clause ("coin-2 is no longer in the scene"). */
export function describeReason(reason: MismatchReason): string {
  switch (reason.kind) {
    case "shape-gone": return `${reason.shape} is no longer in the scene`;
    case "layer-not-in-mask": return `${reason.shape} is on the ray but its collisionLayer ${reason.collisionLayer} is not in the ray's mask ${reason.mask}`;
    case "now-sensor": return `${reason.shape} is now a sensor; rays pass through sensors unless includeSensors`;
    case "blocked": return `${reason.by} is now in front of ${reason.shape}`;
    case "off-path": return `${reason.shape} is in the scene but no longer on the ray`;
  }
}

/** A mismatch in one line a person can read in a CI failure list: what changed, then why when it is known. */
export function describeMismatch(r: ReplayResult): string {
  const what = whatChanged(r);
  return r.reason === undefined || what === "" ? what : `${what}: ${describeReason(r.reason)}`;
}

function whatChanged(r: ReplayResult): string {
  const e = r.ray.expect, h = r.hit;
  const turned = r.mismatch?.angle === undefined ? "" : `, the normal turned ${roundForDisplay(r.mismatch.angle)}°`;
  switch (r.mismatch?.kind) {
    case "lost-hit": return `lost hit: expected ${e?.shape ?? "a shape"} at ${expected(e?.point)}, ${r.startsInside === undefined ? "the ray now hits nothing" : `the ray now starts inside ${r.startsInside} (a ray passes out of the shape it starts in)`}`;
    case "new-hit": return `new hit: expected no hit, the ray now hits ${h?.shape} at ${actual(h?.point)}`;
    case "other-shape": return `other shape: expected ${e?.shape} at ${expected(e?.point)}, the ray now hits ${h?.shape} at ${actual(h?.point)}`;
    case "moved-point": return e?.point === undefined && e?.fraction !== undefined
      ? `moved hit point: ${h?.shape} hit at fraction ${roundForDisplay(h?.fraction ?? 0)}, ${roundForDisplay(r.mismatch.distance ?? 0)} along the ray from the expected fraction ${roundForDisplay(e.fraction)}${turned}`
      : `moved hit point: ${h?.shape} hit at ${actual(h?.point)}, ${roundForDisplay(r.mismatch.distance ?? 0)} from the expected ${expected(e?.point)}${turned}`;
    case "turned-normal": return `turned normal: ${h?.shape} hit at ${actual(h?.point)} with normal ${actual(h?.normal)}, ${roundForDisplay(r.mismatch.angle ?? 0)}° from the expected ${expected(e?.normal)}`;
    default: return "";
  }
}

/** A mismatch as the CLI lists it, the ray named by id, name, line and tag: `bullet-3 "muzzle" (line 2, los): moved hit point: …`. */
export const mismatchLine = (r: ReplayResult): string => `${rayTitle(r.ray)} (line ${r.ray.line}${r.ray.tag ? `, ${r.ray.tag}` : ""}): ${describeMismatch(r)}`;

/** Where a ray is in the log and the game: "line 3, frame 12, time 0.2, from (0, 0) to (30, 0)". */
export function rayPlace(ray: RayRecord): string {
  const when = `${ray.frame === undefined ? "" : `, frame ${ray.frame}`}${ray.time === undefined ? "" : `, time ${ray.time}`}`;
  return `line ${ray.line}${when}, from (${ray.from[0]}, ${ray.from[1]}) to (${ray.to[0]}, ${ray.to[1]})`;
}
