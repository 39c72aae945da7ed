// JUnit XML for a replay, so CI systems list every ray as a test and every mismatch as a failure:
// one <testcase> per ray, grouped in a <testsuite> per tag (rays without a tag: "untagged").
import type { Point } from "../scene/types";
import type { Vec2 } from "../vec2";
import type { ReplayResult, ReplayStatus, ReplaySummary } from "./types";

const escapeXml = (s: string): string =>
  // Characters XML 1.0 cannot hold at all are dropped; the five specials escaped.
  // eslint-disable-next-line no-control-regex -- the control characters are what is removed
  s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "").replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);

const expected = (p: Point | undefined): string => (p === undefined ? "(not recorded)" : `(${p[0]}, ${p[1]})`);
const actual = (p: Vec2 | undefined): string => (p === undefined ? "nothing" : `(${p.x}, ${p.y})`);

/** A mismatch in one line a person can read in a CI failure list. */
export function describeMismatch(r: ReplayResult): string {
  const e = r.ray.expect, h = r.hit;
  switch (r.mismatch?.kind) {
    case "lost-hit": return `lost hit: expected ${e?.shape ?? "a shape"} at ${expected(e?.point)}, the ray now hits nothing`;
    case "new-hit": return `new hit: expected no hit, the ray now hits ${h?.shape} at ${actual(h?.point)}`;
    case "other-shape": return `other shape: expected ${e?.shape} at ${expected(e?.point)}, the ray now hits ${h?.shape} at ${actual(h?.point)}`;
    case "moved-point": return `moved hit point: ${h?.shape} hit at ${actual(h?.point)}, ${r.mismatch.distance} from the expected ${expected(e?.point)}`;
    default: return "";
  }
}

/** The document's first lines, up to the opening <testsuites>. */
export function junitHead(summary: ReplaySummary, name: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="${escapeXml(name)}" tests="${summary.total}" failures="${summary.mismatch}" skipped="${summary.unchecked}">\n`;
}

/** Counts of one tag's test cases, for its <testsuite>. */
export interface SuiteCounts {
  tests: number;
  failures: number;
  skipped: number;
}

export const suiteOpen = (tag: string, c: SuiteCounts): string => `  <testsuite name="${escapeXml(tag)}" tests="${c.tests}" failures="${c.failures}" skipped="${c.skipped}">\n`;
export const SUITE_CLOSE = "  </testsuite>\n";
export const JUNIT_TAIL = "</testsuites>\n";

/** The tag a ray's test case is filed under. */
export const suiteOf = (r: ReplayResult): string => r.ray.tag ?? "untagged";

/** One ray's <testcase> line (with its newline). */
export function junitCase(r: ReplayResult, name: string): string {
  const tag = suiteOf(r);
  const open = `    <testcase classname="${escapeXml(`${name}.${tag}`)}" name="${escapeXml(r.ray.id)}"`;
  if (r.status === "ok") return `${open}/>\n`;
  if (r.status === "unchecked") return `${open}><skipped message="no expectation recorded"/></testcase>\n`;
  const text = describeMismatch(r);
  return `${open}><failure type="${r.mismatch!.kind}" message="${escapeXml(text)}">${escapeXml(`line ${r.ray.line}: ${text}`)}</failure></testcase>\n`;
}

/** Adds a test case of this status to its suite's counts. */
export function countCase(c: SuiteCounts, status: ReplayStatus): void {
  c.tests++;
  if (status === "mismatch") c.failures++;
  else if (status === "unchecked") c.skipped++;
}

/** The whole report, as text. `name` names the run (the log's file name). The command line writes the same bytes in a stream (core/node/junit-spool.ts). */
export function replayJUnit(results: readonly ReplayResult[], summary: ReplaySummary, name: string): string {
  const suites = new Map<string, { counts: SuiteCounts; cases: string[] }>();
  for (const r of results) {
    const tag = suiteOf(r);
    let suite = suites.get(tag);
    if (!suite) suites.set(tag, (suite = { counts: { tests: 0, failures: 0, skipped: 0 }, cases: [] }));
    countCase(suite.counts, r.status);
    suite.cases.push(junitCase(r, name));
  }
  let out = junitHead(summary, name);
  for (const [tag, suite] of suites) out += suiteOpen(tag, suite.counts) + suite.cases.join("") + SUITE_CLOSE;
  return out + JUNIT_TAIL;
}
