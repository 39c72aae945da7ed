// JUnit XML for a replay, so CI systems list every ray as a test and every mismatch as a failure:
// one <testcase> per ray, grouped in a <testsuite> per tag (rays without a tag: "untagged").
import { describeMismatch, rayPlace } from "./describe";
import { rayTitle } from "./probe-log";
import type { RayLogProblem } from "./ray-log";
import type { ReplayResult, ReplayStatus, ReplaySummary } from "./types";

const escapeXml = (s: string): string =>
  // Characters XML 1.0 cannot hold at all are dropped; the five specials escaped.
  // eslint-disable-next-line no-control-regex -- the control characters are what is removed
  s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "").replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);

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
