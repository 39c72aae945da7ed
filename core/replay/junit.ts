// JUnit XML for a replay, so CI systems list every ray as a test and every mismatch as a failure:
// one <testcase> per ray, grouped in a <testsuite> per tag (rays without a tag: "untagged").
import type { Point } from "../scene/types";
import type { Vec2 } from "../vec2";
import type { ReplayResult, ReplaySummary } from "./types";

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

/** The whole report, as text. `name` names the run (the log's file name). */
export function replayJUnit(results: readonly ReplayResult[], summary: ReplaySummary, name: string): string {
  const suites = new Map<string, ReplayResult[]>();
  for (const r of results) {
    const tag = r.ray.tag ?? "untagged";
    const list = suites.get(tag);
    if (list) list.push(r);
    else suites.set(tag, [r]);
  }
  const out = [`<?xml version="1.0" encoding="UTF-8"?>`, `<testsuites name="${escapeXml(name)}" tests="${summary.total}" failures="${summary.mismatch}" skipped="${summary.unchecked}">`];
  for (const [tag, list] of suites) {
    const failures = list.filter((r) => r.status === "mismatch").length, skipped = list.filter((r) => r.status === "unchecked").length;
    out.push(`  <testsuite name="${escapeXml(tag)}" tests="${list.length}" failures="${failures}" skipped="${skipped}">`);
    for (const r of list) {
      const open = `    <testcase classname="${escapeXml(`${name}.${tag}`)}" name="${escapeXml(r.ray.id)}"`;
      if (r.status === "ok") out.push(`${open}/>`);
      else if (r.status === "unchecked") out.push(`${open}><skipped message="no expectation recorded"/></testcase>`);
      else {
        const text = describeMismatch(r);
        out.push(`${open}><failure type="${r.mismatch!.kind}" message="${escapeXml(text)}">${escapeXml(`line ${r.ray.line}: ${text}`)}</failure></testcase>`);
      }
    }
    out.push("  </testsuite>");
  }
  out.push("</testsuites>");
  return out.join("\n") + "\n";
}
