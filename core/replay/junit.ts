// JUnit XML for a replay, so CI systems list every ray as a test and every mismatch as a failure:
// one <testcase> per ray, grouped in a <testsuite> per tag (rays without a tag: "untagged").
import type { Point } from "../scene/types";
import type { Vec2 } from "../vec2";
import { roundForDisplay } from "./compare";
import { rayTitle } from "./probe-log";
import type { RayLogProblem } from "./ray-log";
import type { MismatchReason, RayRecord, ReplayResult, ReplayStatus, ReplaySummary } from "./types";

const escapeXml = (s: string): string =>
  // Characters XML 1.0 cannot hold at all are dropped; the five specials escaped.
  // eslint-disable-next-line no-control-regex -- the control characters are what is removed
  s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "").replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);

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

/**
 * The document's first lines, up to the opening <testsuites>. `badLines`: lines of the log that
 * were skipped (--skip-bad-lines), each an error test case.
 */
export function junitHead(summary: ReplaySummary, name: string, badLines = 0): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="${escapeXml(name)}" tests="${summary.total + badLines}" failures="${summary.mismatch}" errors="${badLines}" skipped="${summary.unchecked}">\n`;
}

/** Counts of one tag's test cases, for its <testsuite>. */
export interface SuiteCounts {
  tests: number;
  failures: number;
  skipped: number;
  /** Bad lines (only in BAD_LINES_SUITE). */
  errors?: number;
}

export const suiteOpen = (tag: string, c: SuiteCounts): string => `  <testsuite name="${escapeXml(tag)}" tests="${c.tests}" failures="${c.failures}"${c.errors ? ` errors="${c.errors}"` : ""} skipped="${c.skipped}">\n`;
export const SUITE_CLOSE = "  </testsuite>\n";
export const JUNIT_TAIL = "</testsuites>\n";

/** The tag a ray's test case is filed under. */
export const suiteOf = (r: ReplayResult): string => r.ray.tag ?? "untagged";

/** The suite of the log's skipped bad lines (a tag cannot hold the parentheses' meaning). */
export const BAD_LINES_SUITE = "(bad lines)";

/**
 * A test case's classname: the run's name and the tag, the tag's dots made underscores (Jenkins
 * and others split a classname into packages at its dots; the run's own name is split as before).
 */
const classname = (name: string, tag: string): string => escapeXml(`${name}.${tag.replace(/\./g, "_")}`);

/**
 * One ray's <testcase> line (with its newline). Its name is the ray's id alone: CI keeps a test's
 * history by classname and name, and a probe's name changes when a designer renames it. A
 * failure's text starts with the ray's id and name when it has a name.
 */
export function junitCase(r: ReplayResult, name: string): string {
  const tag = suiteOf(r);
  const open = `    <testcase classname="${classname(name, tag)}" name="${escapeXml(r.ray.id)}"`;
  if (r.status === "ok") return `${open}/>\n`;
  if (r.status === "unchecked") return `${open}><skipped message="no expectation recorded"/></testcase>\n`;
  const text = describeMismatch(r), title = rayTitle(r.ray);
  const named = title === r.ray.id ? "" : `${title}, `;
  return `${open}><failure type="${r.mismatch!.kind}" message="${escapeXml(text)}">${escapeXml(`${named}${rayPlace(r.ray)}: ${text}`)}</failure></testcase>\n`;
}

/** A skipped bad line's <testcase> (an error: the line was never replayed), filed under BAD_LINES_SUITE. */
export function junitBadLine(p: RayLogProblem, name: string): string {
  const where = `line ${p.line}${p.column === undefined ? "" : `:${p.column}`}`;
  return `    <testcase classname="${classname(name, BAD_LINES_SUITE)}" name="${escapeXml(where)}"><error type="bad-line" message="${escapeXml(p.message)}">${escapeXml(`${where}: ${p.message} (skipped with --skip-bad-lines)`)}</error></testcase>\n`;
}

/** Adds a test case of this status to its suite's counts. */
export function countCase(c: SuiteCounts, status: ReplayStatus): void {
  c.tests++;
  if (status === "mismatch") c.failures++;
  else if (status === "unchecked") c.skipped++;
}

/** The whole report, as text. `name` names the run (the log's file name). The command line writes the same bytes in a stream (core/node/junit-spool.ts). */
export function replayJUnit(results: readonly ReplayResult[], summary: ReplaySummary, name: string, badLines: readonly RayLogProblem[] = []): string {
  const suites = new Map<string, { counts: SuiteCounts; cases: string[] }>();
  for (const r of results) {
    const tag = suiteOf(r);
    let suite = suites.get(tag);
    if (!suite) suites.set(tag, (suite = { counts: { tests: 0, failures: 0, skipped: 0 }, cases: [] }));
    countCase(suite.counts, r.status);
    suite.cases.push(junitCase(r, name));
  }
  let out = junitHead(summary, name, badLines.length);
  for (const [tag, suite] of suites) out += suiteOpen(tag, suite.counts) + suite.cases.join("") + SUITE_CLOSE;
  if (badLines.length > 0) out += suiteOpen(BAD_LINES_SUITE, { tests: badLines.length, failures: 0, skipped: 0, errors: badLines.length }) + badLines.map((p) => junitBadLine(p, name)).join("") + SUITE_CLOSE;
  return out + JUNIT_TAIL;
}
