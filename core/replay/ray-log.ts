// Reading a ray log: JSON Lines, one ray per line, each checked on its own so a bad line is
// reported with its line number (and column, for text that is not JSON) and never stops the
// reader. Blank lines are skipped. Fields the format does not know are kept.
import { z } from "zod";
import { MAX_COORDINATE } from "../scene/schema";
import { issueMessage } from "../scene/io";
import type { Point } from "../scene/types";

/** The ray line's paths that hold a point [x, y]: its ends, and the expected point and normal. */
const rayPointPath = (p: readonly PropertyKey[]): boolean =>
  (p.length === 1 && (p[0] === "from" || p[0] === "to")) || (p.length === 2 && p[0] === "expect" && (p[1] === "point" || p[1] === "normal"));
import type { Expectation, RayRecord } from "./types";

/** The newest version of the ray log format this build reads: a line whose `version` is newer is refused. */
export const RAY_LOG_VERSION = 1;

const coordinate = z.number().min(-MAX_COORDINATE).max(MAX_COORDINATE);
const point = z.tuple([coordinate, coordinate]);

export const expectationSchema = z.looseObject({
  hit: z.boolean(),
  shape: z.string().optional(),
  fraction: z.number().min(0).max(1).optional(),
  point: point.optional(),
  normal: point.optional(),
});

/** One line of a ray log, as zod checks it (and as the published JSON Schema says). */
export const rayLineSchema = z.looseObject({
  id: z.string().min(1),
  from: point,
  to: point,
  mask: z.number().int().min(0).max(0xffffffff).optional(),
  includeSensors: z.boolean().optional(),
  frame: z.number().int().min(0).optional(),
  time: z.number().min(-MAX_COORDINATE).max(MAX_COORDINATE).optional(),
  tag: z.string().optional(),
  expect: expectationSchema.optional(),
});

export interface RayLogProblem {
  readonly line: number;
  readonly column?: number;
  readonly message: string;
}

export type RayLineResult = { readonly ok: true; readonly ray: RayRecord } | { readonly ok: false; readonly problem: RayLogProblem } | { readonly ok: true; readonly ray: null };

const KNOWN = new Set(["id", "from", "to", "mask", "includeSensors", "frame", "time", "tag", "expect"]);

/** Where JSON.parse stopped, from its message ("… at position 12"), as a 1-based column. */
function syntaxColumn(err: unknown): number | undefined {
  const m = err instanceof Error ? /position (\d+)/.exec(err.message) : null;
  return m ? Number(m[1]) + 1 : undefined;
}

function describe(v: unknown): string {
  if (v === undefined) return "missing";
  const text = JSON.stringify(v) ?? String(v);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** What a bad `mask` is told: the range in words, and what Unity's -1 ("everything") is here. */
function maskProblem(value: unknown): string {
  const unity = value === -1 ? " (-1 is Unity's 'everything': use 4294967295)" : ` (got ${describe(value)})`;
  return `mask: must be a whole number from 0 to 4294967295${unity}`;
}

/**
 * Reads one line of a ray log; `ray` is null for a blank line. A byte order mark opening line 1
 * is skipped (as scene files and the editor skip it). Never throws.
 */
export function parseRayLine(text: string, line: number): RayLineResult {
  if (line === 1 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.trim() === "") return { ok: true, ray: null };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    const column = syntaxColumn(err);
    return { ok: false, problem: { line, ...(column === undefined ? {} : { column }), message: "not valid JSON" } };
  }
  // A line may say which version of the format wrote it (kept as an unknown field); a newer one
  // may mean what this build would misread, so it is refused rather than replayed, and so is one
  // that is no version at all ("2", 1.5, 0): a string "2" would otherwise slip past the check.
  const version = typeof data === "object" && data !== null ? (data as { version?: unknown }).version : undefined;
  if (version !== undefined && !(typeof version === "number" && Number.isInteger(version) && version >= 1)) return { ok: false, problem: { line, message: `version: must be a whole number from 1 (got ${describe(version)})` } };
  if (typeof version === "number" && version > RAY_LOG_VERSION) return { ok: false, problem: { line, message: `version ${version}: this build reads ray logs up to version ${RAY_LOG_VERSION} (a newer collider-studio wrote this line; update collider-studio)` } };
  const parsed = rayLineSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const path = issue.path.map((p) => (typeof p === "number" ? `[${p}]` : `.${String(p)}`)).join("").replace(/^\./, "");
    let value: unknown = data;
    for (const p of issue.path) value = typeof value === "object" && value !== null ? (value as Record<PropertyKey, unknown>)[p as PropertyKey] : undefined;
    const more = parsed.error.issues.length > 1 ? ` (and ${parsed.error.issues.length - 1} more)` : "";
    if (path === "mask" && value !== undefined) return { ok: false, problem: { line, message: maskProblem(value) + more } };
    const what = issueMessage(issue, data, rayPointPath);
    return { ok: false, problem: { line, message: `${path === "" ? "the line" : path}: ${what}${more}` } };
  }
  const d = parsed.data;
  // A zero normal has no direction to compare with.
  if (d.expect?.normal !== undefined && d.expect.normal[0] === 0 && d.expect.normal[1] === 0) return { ok: false, problem: { line, message: "expect.normal must not be [0, 0] (a direction out of the shape)" } };
  // Plain assignments, not object spreads or Object.entries: this runs once per ray of a log that
  // may hold millions, so it makes no object it does not return.
  const extra: Record<string, unknown> = {};
  for (const k in d) if (!KNOWN.has(k)) extra[k] = (d as Record<string, unknown>)[k];
  let expect: { -readonly [K in keyof Expectation]: Expectation[K] } | undefined;
  if (d.expect) {
    expect = { hit: d.expect.hit };
    if (d.expect.shape !== undefined) expect.shape = d.expect.shape;
    if (d.expect.fraction !== undefined) expect.fraction = d.expect.fraction;
    if (d.expect.point !== undefined) expect.point = d.expect.point as Point;
    if (d.expect.normal !== undefined) expect.normal = d.expect.normal as Point;
  }
  const ray: { -readonly [K in keyof RayRecord]: RayRecord[K] } = { line, id: d.id, from: d.from as Point, to: d.to as Point, extra };
  if (d.mask !== undefined) ray.mask = d.mask;
  if (d.includeSensors !== undefined) ray.includeSensors = d.includeSensors;
  if (d.frame !== undefined) ray.frame = d.frame;
  if (d.time !== undefined) ray.time = d.time;
  if (d.tag !== undefined) ray.tag = d.tag;
  if (expect !== undefined) ray.expect = expect;
  return { ok: true, ray };
}

/** "rays.jsonl:12:5: from[0] must be …" (the column only for text that is not JSON). */
export const formatRayProblem = (p: RayLogProblem, file: string): string => `${file}:${p.line}${p.column === undefined ? "" : `:${p.column}`}: ${p.message}`;

/** The log line for a ray, with `expect` replaced (for --record); known fields first, then the rest. */
export function rayLine(ray: RayRecord, expect: Expectation | undefined): string {
  const out: Record<string, unknown> = { id: ray.id, from: ray.from, to: ray.to };
  if (ray.mask !== undefined) out.mask = ray.mask;
  if (ray.includeSensors !== undefined) out.includeSensors = ray.includeSensors;
  if (ray.frame !== undefined) out.frame = ray.frame;
  if (ray.time !== undefined) out.time = ray.time;
  if (ray.tag !== undefined) out.tag = ray.tag;
  for (const [k, v] of Object.entries(ray.extra)) out[k] = v;
  if (expect !== undefined) out.expect = expect;
  return JSON.stringify(out);
}

/** How much of a file's start looksLikeScene reads: a scene says its format near the top. */
export const SCENE_HEAD_CHARS = 4096;

/** Whether a file's start (its first SCENE_HEAD_CHARS) is a collider-studio scene's (given where a ray log belongs). */
export const looksLikeScene = (text: string): boolean => /"format"\s*:\s*"collider-studio-scene"/.test(text.slice(0, SCENE_HEAD_CHARS));

/** Whether a text's first non-blank line is a ray log's line (given where a scene belongs). */
export function looksLikeRayLog(text: string): boolean {
  const first = text.replace(/^\ufeff/, "").split(/\r?\n/, 20).find((l) => l.trim() !== "");
  if (first === undefined) return false;
  const r = parseRayLine(first, 2);
  return r.ok && r.ray !== null;
}
