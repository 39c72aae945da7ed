// The self-contained HTML report of a ray replay (`collider-studio replay --html`): a summary, an
// SVG drawing of the level with every mismatching ray, and a sortable, filterable table built by
// a small inline script from the results embedded as JSON. One file, no external URL, so QA can
// attach it to a bug. Pure: it returns a string, and the same input gives the same bytes.
import { shapeAABB } from "../overlaps";
import { coreKindOf } from "../kinds/registry";
import { traceShapeOutline } from "../kinds/trace";
import { geometryOf } from "../shapes";
import type { Point, Scene, Shape } from "../scene/types";
import { roundForDisplay } from "./compare";
import { describeReason } from "./describe";
import { rayName, rayTitle } from "./probe-log";
import { describeShapeKinds, moreShapes, SHAPES_LISTED, type ShapeSummary } from "./shape-summary";
import type { RayLogProblem } from "./ray-log";
import { MISMATCH_KINDS, type MismatchKind, type ReplayResult, type ReplayStatus, type ReplaySummary } from "./types";

export interface HtmlReportOptions {
  readonly title?: string;
  readonly sceneName?: string;
  readonly logName?: string;
  /** ISO date, passed in so the output is deterministic; absent: not shown. */
  readonly generatedAt?: string;
  /** Rays of the log not among `results` (a long log keeps a bounded number): counted in the summary, named as left out. */
  readonly leftOut?: number;
  /** Lines of the log skipped for their problems (--skip-bad-lines): listed, so a report never looks whole when it is not. */
  readonly badLines?: readonly RayLogProblem[];
  /** Warnings about the log (repeated ids): shown under the summary. */
  readonly warnings?: readonly string[];
  /** The mismatches by shape (ShapeTally's summary, most first): a table under the counts, its first SHAPES_LISTED rows. */
  readonly byShape?: readonly ShapeSummary[];
}

/** One ray as the page's script reads it; absent fields are left out of the JSON. */
export interface ReportRow {
  /** 1-based line in the log. */
  readonly line: number;
  readonly id: string;
  /** The ray's `name` field, when it has one. */
  readonly name?: string;
  readonly tag?: string;
  readonly frame?: number;
  readonly time?: number;
  readonly status: ReplayStatus;
  readonly kind?: MismatchKind;
  readonly distance?: number;
  /** turned-normal, and moved-point when the normal turned too: the angle between the normals, in degrees. */
  readonly angle?: number;
  /** Why the expected shape was not hit (describeReason), when known. */
  readonly reason?: string;
  readonly from: Point;
  readonly to: Point;
  readonly mask?: number;
  readonly includeSensors?: boolean;
  /** What the log expected: absent without an expectation. */
  readonly expectedHit?: boolean;
  readonly expectedShape?: string;
  readonly expectedPoint?: Point;
  /** This replay's hit: absent for a miss. */
  readonly actualShape?: string;
  readonly actualPoint?: Point;
}

/** The JSON embedded in the page, in `<script type="application/json" id="replay-data">`. */
export interface ReportData {
  /** In log order (the order of `results`). */
  readonly rows: readonly ReportRow[];
  /** The tags present, sorted. */
  readonly tags: readonly string[];
  /** How many rows the table renders at most; filters still apply to every row. */
  readonly tableCap: number;
}

export const REPORT_DATA_ID = "replay-data";
/** Rows the table renders at most: beyond a few thousand, a DOM table stops being usable. */
export const TABLE_CAP = 2000;

/** The rows of the embedded JSON, one per result. */
export function reportRows(results: readonly ReplayResult[]): ReportRow[] {
  return results.map((r) => {
    const { ray, hit } = r;
    const row: { -readonly [K in keyof ReportRow]: ReportRow[K] } = { line: ray.line, id: ray.id, status: r.status, from: ray.from, to: ray.to };
    const name = rayName(ray);
    if (name !== undefined) row.name = name;
    if (ray.tag !== undefined) row.tag = ray.tag;
    if (ray.frame !== undefined) row.frame = ray.frame;
    if (ray.time !== undefined) row.time = ray.time;
    if (ray.mask !== undefined) row.mask = ray.mask;
    if (ray.includeSensors !== undefined) row.includeSensors = ray.includeSensors;
    if (r.mismatch) {
      row.kind = r.mismatch.kind;
      if (r.mismatch.distance !== undefined) row.distance = r.mismatch.distance;
      if (r.mismatch.angle !== undefined) row.angle = r.mismatch.angle;
    }
    if (r.reason !== undefined) row.reason = describeReason(r.reason);
    if (ray.expect) {
      row.expectedHit = ray.expect.hit;
      if (ray.expect.shape !== undefined) row.expectedShape = ray.expect.shape;
      if (ray.expect.point) row.expectedPoint = ray.expect.point;
    }
    if (hit) {
      row.actualShape = hit.shape;
      row.actualPoint = [hit.point.x, hit.point.y];
    }
    return row;
  });
}

/** Text for an HTML text node or a quoted attribute value; line separators too, for tools that split lines on them. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'\u2028\u2029]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * JSON safe inside a <script> element: `<`, `>` and `&` as \u escapes, so no string can close the
 * element or open a comment (`</script>`, `<!--`), and U+2028/2029 escaped for older parsers.
 * These characters only occur inside JSON strings, where the escapes mean the same text.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

function growBox(box: Box, x: number, y: number): void {
  if (!Number.isFinite(x) || !Number.isFinite(y)) return;
  box.minX = Math.min(box.minX, x);
  box.minY = Math.min(box.minY, y);
  box.maxX = Math.max(box.maxX, x);
  box.maxY = Math.max(box.maxY, y);
}

/** The box of the level's shapes (a shape the format would refuse: its position), or null without shapes. */
function levelBox(scene: Scene): Box | null {
  const box: Box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (const shape of scene.shapes) {
    if (!geometryOf(shape).ok) {
      growBox(box, shape.x, shape.y);
      continue;
    }
    const a = shapeAABB(shape);
    growBox(box, a.minX, a.minY);
    growBox(box, a.maxX, a.maxY);
  }
  return box.minX > box.maxX ? null : box;
}

/**
 * The part of segment a–b inside `box` (Liang–Barsky), or null when it misses the box. A very long
 * ray (±1e6 in a level of 100 units) is drawn only where it can be seen.
 */
export function clipSegment(ax: number, ay: number, bx: number, by: number, box: Box): [number, number, number, number] | null {
  let t0 = 0, t1 = 1;
  const dx = bx - ax, dy = by - ay;
  const edges: [number, number][] = [[-dx, ax - box.minX], [dx, box.maxX - ax], [-dy, ay - box.minY], [dy, box.maxY - ay]];
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q < 0) return null;
      continue;
    }
    const t = q / p;
    if (p < 0) t0 = Math.max(t0, t);
    else t1 = Math.min(t1, t);
    if (t0 > t1) return null;
  }
  return [ax + t0 * dx, ay + t0 * dy, ax + t1 * dx, ay + t1 * dy];
}

/** Rays are drawn up to this many times the frame's size beyond it. */
const RAY_MARGIN = 0.5;
/** A ray's start or hit point this many times the level's size from it or nearer is part of the frame. */
const NEAR_LEVEL = 10;

/** The drawing's frame and the box rays are clipped to. */
interface View {
  readonly frame: Box;
  readonly clip: Box;
}

const grown = (b: Box, by: number): Box => ({ minX: b.minX - by, minY: b.minY - by, maxX: b.maxX + by, maxY: b.maxY + by });
const sizeOf = (b: Box): number => Math.max(b.maxX - b.minX, b.maxY - b.minY);

/**
 * The drawing's frame: the level (its shapes), the drawn (mismatching) rays' starts and hit points
 * (expected and actual) that lie near it (within NEAR_LEVEL times its size), and those rays' parts
 * within RAY_MARGIN of that, with a 5% margin: a ray from or to ±1e6 is drawn where it crosses
 * the level and cannot shrink the level to a dot. Without shapes, the points stand for the level.
 */
function viewOf(scene: Scene, results: readonly ReplayResult[]): View {
  const drawn = results.filter((r) => r.status === "mismatch");
  const points: [number, number][] = [];
  for (const { ray, hit } of drawn) {
    points.push([ray.from[0], ray.from[1]]);
    if (ray.expect?.point) points.push([ray.expect.point[0], ray.expect.point[1]]);
    if (hit) points.push([hit.point.x, hit.point.y]);
  }
  const empty = (): Box => ({ minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity });
  let level = levelBox(scene);
  if (!level) {
    const box = empty();
    for (const [x, y] of points) growBox(box, x, y);
    if (box.minX > box.maxX) return { frame: { minX: 0, minY: 0, maxX: 100, maxY: 100 }, clip: { minX: -50, minY: -50, maxX: 150, maxY: 150 } };
    level = box;
  }
  const near = grown(level, Math.max(sizeOf(level), 1) * NEAR_LEVEL);
  const inside = (b: Box, x: number, y: number) => x >= b.minX && x <= b.maxX && y >= b.minY && y <= b.maxY;
  const box: Box = { ...level };
  for (const [x, y] of points) if (inside(near, x, y)) growBox(box, x, y);
  const clip = grown(box, sizeOf(box) > 0 ? sizeOf(box) * RAY_MARGIN : 10);
  for (const { ray } of drawn) {
    const part = clipSegment(ray.from[0], ray.from[1], ray.to[0], ray.to[1], clip);
    if (part) {
      growBox(box, part[0], part[1]);
      growBox(box, part[2], part[3]);
    }
  }
  const size = sizeOf(box);
  return { frame: grown(box, size > 0 ? size * 0.05 : 1), clip };
}

/** Coordinates rounded to 1/100,000 of the drawing, enough for any screen and stable text. */
function formatter(view: Box): (n: number) => string {
  const size = Math.max(view.maxX - view.minX, view.maxY - view.minY);
  const decimals = Math.max(0, Math.min(9, Math.ceil(5 - Math.log10(size))));
  return (n) => {
    const s = n.toFixed(decimals);
    const t = s.includes(".") ? s.replace(/\.?0+$/, "") : s;
    return t === "-0" ? "0" : t;
  };
}

/**
 * SVG path data of an outline traced as on a canvas (a PathSink): an arc becomes one or two SVG arc
 * commands (a whole circle two halves, which SVG needs), joined to the point before it by a line as
 * the canvas joins them.
 */
function svgPath(shape: Shape, f: (n: number) => string): string {
  let d = "";
  let at: { x: number; y: number } | null = null;
  const to = (x: number, y: number) => {
    if (!at) d += `M${f(x)} ${f(y)}`;
    else if (f(x) !== f(at.x) || f(y) !== f(at.y)) d += `L${f(x)} ${f(y)}`;
    at = { x, y };
  };
  traceShapeOutline(shape, {
    moveTo: (x, y) => {
      d += `M${f(x)} ${f(y)}`;
      at = { x, y };
    },
    lineTo: to,
    arc: (cx, cy, r, a0, a1) => {
      to(cx + r * Math.cos(a0), cy + r * Math.sin(a0));
      // Clockwise on screen (y down) is SVG's sweep flag 1; at most half a turn per command.
      const halves = a1 - a0 > Math.PI + 1e-9 ? 2 : 1;
      for (let k = 1; k <= halves; k++) {
        const a = a0 + ((a1 - a0) * k) / halves;
        const x = cx + r * Math.cos(a), y = cy + r * Math.sin(a);
        d += `A${f(r)} ${f(r)} 0 0 1 ${f(x)} ${f(y)}`;
        at = { x, y };
      }
    },
    closePath: () => {
      d += "Z";
    },
  });
  return d;
}

/**
 * One SVG path outlining the shape as its kind traces it (the editor draws the same outline): a
 * chain's edges unfilled ("edges"), a sensor dashed ("sensor").
 */
function shapeOutline(shape: Shape, f: (n: number) => string, hit: ReadonlySet<string>): string {
  const label = `${shape.name ? `${shape.id} (${shape.name}), ${shape.type}` : `${shape.id}, ${shape.type}`}${shape.sensor === true ? ", sensor" : ""}`;
  const classes = `shape${coreKindOf(shape).solid ? "" : " edges"}${shape.sensor === true ? " sensor" : ""}${hit.has(shape.id) ? " hit" : ""}`;
  const attrs = `class="${classes}" data-shape="${escapeHtml(shape.id)}"`;
  const title = `<title>${escapeHtml(label)}</title>`;
  if (!geometryOf(shape).ok) {
    // A hand-built shape the format would refuse: a cross at its position, so it is not lost.
    const r = 4;
    return `<path ${attrs} d="M${f(shape.x - r)} ${f(shape.y - r)}L${f(shape.x + r)} ${f(shape.y + r)}M${f(shape.x - r)} ${f(shape.y + r)}L${f(shape.x + r)} ${f(shape.y - r)}">${title}</path>`;
  }
  return `<path ${attrs} d="${svgPath(shape, f)}">${title}</path>`;
}

function rayLabel(r: ReplayResult): string {
  const parts = [rayTitle(r.ray), r.mismatch?.kind ?? r.status];
  if (r.ray.tag !== undefined) parts.push(`tag ${r.ray.tag}`);
  if (r.mismatch?.distance !== undefined) parts.push(`moved ${roundForDisplay(r.mismatch.distance)}`);
  if (r.mismatch?.angle !== undefined) parts.push(`normal turned ${roundForDisplay(r.mismatch.angle)}°`);
  if (r.startsInside !== undefined) parts.push(`starts inside ${r.startsInside}`);
  if (r.reason !== undefined) parts.push(describeReason(r.reason));
  parts.push(`expected ${r.ray.expect?.hit ? (r.ray.expect.shape ?? "a hit") : "no hit"}`, `got ${r.hit ? r.hit.shape : "no hit"}`);
  return parts.join(", ");
}

/** A mismatching ray: its line from → to, the expected hit (hollow) and the actual one (filled). */
function rayGroup(r: ReplayResult, i: number, f: (n: number) => string, markerR: string, clip: Box): string {
  const { from, to, expect } = r.ray;
  let s = `<g class="ray-group kind-${r.mismatch?.kind ?? "none"}" data-i="${i}"><title>${escapeHtml(rayLabel(r))}</title>`;
  const part = clipSegment(from[0], from[1], to[0], to[1], clip);
  if (part) s += `<line class="ray" x1="${f(part[0])}" y1="${f(part[1])}" x2="${f(part[2])}" y2="${f(part[3])}"/>`;
  s += `<circle class="origin" cx="${f(from[0])}" cy="${f(from[1])}" r="${markerR}"/>`;
  if (expect?.point) s += `<circle class="expected" cx="${f(expect.point[0])}" cy="${f(expect.point[1])}" r="${markerR}"/>`;
  if (r.hit) s += `<circle class="actual" cx="${f(r.hit.point.x)}" cy="${f(r.hit.point.y)}" r="${markerR}"/>`;
  return `${s}</g>`;
}

const KIND_COLOURS: Readonly<Record<MismatchKind, string>> = {
  "lost-hit": "#d55e00",
  "new-hit": "#cc79a7",
  "other-shape": "#e69f00",
  "moved-point": "#0072b2",
  "turned-normal": "#56b4e9",
};
const EXPECTED_COLOUR = "#009e73";
const ACTUAL_COLOUR = "#1a1a1a";

const CSS = `
:root{color-scheme:light;font:14px/1.4 system-ui,sans-serif;color:#1a1a1a;background:#fafafa}
body{margin:0;padding:16px 24px}
h1{font-size:20px;margin:0 0 4px}
.meta{color:#555;margin:0 0 12px}
.meta span+span::before{content:" · "}
.summary{display:flex;flex-wrap:wrap;gap:8px;margin:0 0 16px;padding:0;list-style:none}
.summary li{background:#fff;border:1px solid #ddd;border-radius:6px;padding:6px 10px}
.summary b{font-size:18px;display:block}
.summary .bad b{color:#b00020}
.warning{color:#8a4b00}
.drawing{background:#fff;border:1px solid #ddd;border-radius:6px;padding:8px;margin:0 0 16px}
#level{display:block;width:100%;height:min(60vh,560px);background:#fdfdfd}
#level *{vector-effect:non-scaling-stroke}
#level .shape{fill:#8a8a8a;fill-opacity:.12;stroke:#6b6b6b;stroke-width:1.25}
#level .shape.hit{fill:#ffd54f;fill-opacity:.35;stroke:#8d6e00;stroke-width:2}
#level .shape.edges{fill:none}
#level .shape.sensor{stroke-dasharray:5 3}
#level .shape.sel{stroke:#000;stroke-width:3}
#level .ray{stroke-width:1.5;stroke-linecap:round}
${MISMATCH_KINDS.map((k) => `#level .kind-${k} .ray{stroke:${KIND_COLOURS[k]}}`).join("\n")}
#level .origin{fill:#555;stroke:none;opacity:.6}
#level .expected{fill:none;stroke:${EXPECTED_COLOUR};stroke-width:2}
#level .actual{fill:${ACTUAL_COLOUR};stroke:#fff;stroke-width:1}
#level .ray-group.off{display:none}
#level .others path{fill:none;stroke-width:1}
#level #ok-rays{stroke:#7cb342;stroke-opacity:.5}
#level #unchecked-rays{stroke:#9e9e9e;stroke-opacity:.5}
#level #selected .ray{stroke:#000;stroke-width:4;stroke-opacity:.35}
#level #selected .pin{fill:none;stroke:#000;stroke-width:2}
.legend{display:flex;flex-wrap:wrap;gap:4px 16px;margin:8px 0 0;padding:0;list-style:none;color:#333}
.legend svg{vertical-align:middle;margin-right:4px}
.controls{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center;margin:0 0 8px}
.controls label{white-space:nowrap}
#count{color:#555;margin:0 0 8px}
#count .cap{color:#b00020}
table{border-collapse:collapse;width:100%;background:#fff;font-variant-numeric:tabular-nums}
th,td{border:1px solid #e0e0e0;padding:3px 6px;text-align:left;white-space:nowrap}
th{background:#f0f0f0;position:sticky;top:0;cursor:pointer;user-select:none}
th[aria-sort=ascending]::after{content:" ▲"}
th[aria-sort=descending]::after{content:" ▼"}
#by-shape{width:auto;margin:0 0 12px}
#by-shape caption{text-align:left;font-weight:600;padding:0 0 4px}
#by-shape th{position:static;cursor:default}
td.num{text-align:right}
tbody tr{cursor:pointer}
tbody tr:hover{background:#f5f9ff}
tbody tr.sel{background:#dbe9ff}
.st-mismatch{color:#b00020;font-weight:600}
.st-unchecked{color:#777}
`;

// The table: filters over every row, mismatches first by default, at most data.tableCap rows in
// the DOM. Plain ES2017 so the page opens in any current browser; text goes in escaped.
const SCRIPT = `
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("${REPORT_DATA_ID}").textContent);
  var rows = data.rows;
  var NS = document.getElementById("level").namespaceURI;
  var RANK = { mismatch: 0, unchecked: 1, ok: 2 };
  var COLUMNS = [
    { key: "line", label: "Line", num: true },
    { key: "id", label: "Id" },
    { key: "name", label: "Name" },
    { key: "tag", label: "Tag" },
    { key: "frame", label: "Frame", num: true },
    { key: "time", label: "Time", num: true },
    { key: "status", label: "Status" },
    { key: "kind", label: "Mismatch" },
    { key: "distance", label: "Distance", num: true },
    { key: "angle", label: "Normal turned°", num: true },
    { key: "reason", label: "Why" },
    { key: "from", label: "From" },
    { key: "to", label: "To" },
    { key: "mask", label: "Mask", num: true },
    { key: "includeSensors", label: "Sensors" },
    { key: "expectedShape", label: "Expected shape" },
    { key: "actualShape", label: "Actual shape" },
    { key: "expectedPoint", label: "Expected point" },
    { key: "actualPoint", label: "Actual point" }
  ];
  var $ = function (id) { return document.getElementById(id); };
  var status = $("f-status"), kind = $("f-kind"), tag = $("f-tag"), search = $("f-id");
  var sortKey = null, sortDir = 1, selected = -1;
  function esc(s) { return String(s).replace(/[&<>"'\\u2028\\u2029]/g, function (c) { return "&#" + c.charCodeAt(0) + ";"; }); }
  function num(n) { return n === undefined ? "" : String(Math.round(n * 1000) / 1000); }
  function pt(p) { return p ? num(p[0]) + ", " + num(p[1]) : ""; }
  function expectedShape(r) { return r.expectedHit === undefined ? "" : r.expectedHit ? (r.expectedShape || "(a hit)") : "(no hit)"; }
  function actualShape(r) { return r.actualShape === undefined ? "(no hit)" : r.actualShape; }
  function sortValue(r, key) {
    if (key === "expectedShape") return expectedShape(r);
    if (key === "actualShape") return actualShape(r);
    if (key === "expectedPoint" || key === "actualPoint" || key === "from" || key === "to") return r[key] ? r[key][0] : undefined;
    if (key === "includeSensors") return r[key] === undefined ? undefined : String(r[key]);
    return r[key];
  }
  // Options by index: a tag may be any text, the empty string too.
  tag.innerHTML = "<option value=\\"\\">all tags</option>" + data.tags.map(function (t, i) { return "<option value=" + i + ">" + (t === "" ? "(empty)" : esc(t)) + "</option>"; }).join("");
  var head = $("head");
  head.innerHTML = "<tr>" + COLUMNS.map(function (c) { return "<th scope=col data-key=" + c.key + ">" + c.label + "</th>"; }).join("") + "</tr>";
  head.addEventListener("click", function (e) {
    var th = e.target.closest("th");
    if (!th) return;
    var key = th.getAttribute("data-key");
    if (sortKey === key) sortDir = -sortDir; else { sortKey = key; sortDir = 1; }
    render();
  });
  function matching() {
    var s = status.value, k = kind.value, t = tag.value === "" ? null : data.tags[Number(tag.value)], q = search.value.trim().toLowerCase();
    var out = [];
    for (var i = 0; i < rows.length; i++) {
      var r = rows[i];
      if (s && r.status !== s) continue;
      if (k && r.kind !== k) continue;
      if (t !== null && r.tag !== t) continue;
      if (q && r.id.toLowerCase().indexOf(q) < 0 && (r.name === undefined || r.name.toLowerCase().indexOf(q) < 0)) continue;
      out.push(i);
    }
    return out;
  }
  function compare(a, b) {
    if (sortKey === null) return RANK[rows[a].status] - RANK[rows[b].status] || a - b;
    var col = COLUMNS.filter(function (c) { return c.key === sortKey; })[0];
    var x = sortValue(rows[a], sortKey), y = sortValue(rows[b], sortKey);
    var ex = x === undefined || x === "", ey = y === undefined || y === "";
    if (ex || ey) return ex && ey ? a - b : ex ? 1 : -1;
    var d = col.num ? x - y : x < y ? -1 : x > y ? 1 : 0;
    return d * sortDir || a - b;
  }
  function cell(r, c) {
    var v;
    if (c.key === "expectedShape") v = expectedShape(r);
    else if (c.key === "actualShape") v = actualShape(r);
    else if (c.key === "expectedPoint" || c.key === "actualPoint" || c.key === "from" || c.key === "to") v = pt(r[c.key]);
    else if (c.key === "includeSensors") v = r[c.key] === undefined ? "" : r[c.key] ? "yes" : "no";
    else if (c.key === "mask") v = r[c.key] === undefined ? "" : String(r[c.key]);
    else if (c.num) v = num(r[c.key]);
    else v = r[c.key] === undefined ? "" : r[c.key];
    var cls = c.num ? "num" : c.key === "status" ? "st-" + r.status : "";
    return "<td" + (cls ? " class=" + cls : "") + ">" + esc(v) + "</td>";
  }
  function render() {
    var list = matching();
    list.sort(compare);
    var shown = Math.min(list.length, data.tableCap);
    var html = [];
    for (var j = 0; j < shown; j++) {
      var i = list[j], r = rows[i];
      html.push("<tr data-i=" + i + (i === selected ? " class=sel" : "") + ">" + COLUMNS.map(function (c) { return cell(r, c); }).join("") + "</tr>");
    }
    $("body").innerHTML = html.join("");
    var ths = head.querySelectorAll("th");
    for (var h = 0; h < ths.length; h++) {
      var key = ths[h].getAttribute("data-key");
      if (key === sortKey) ths[h].setAttribute("aria-sort", sortDir > 0 ? "ascending" : "descending"); else ths[h].removeAttribute("aria-sort");
    }
    var note = list.length + " of " + rows.length + " rays match the filters";
    if (list.length > shown) note += "; <span class=cap>the table shows the first " + shown + ", " + (list.length - shown) + " are hidden by the cap</span>: narrow the filters to see them";
    $("count").innerHTML = note + ".";
    var on = {};
    for (var m = 0; m < list.length; m++) on[list[m]] = true;
    var groups = document.querySelectorAll("#mismatch-rays .ray-group");
    for (var g = 0; g < groups.length; g++) groups[g].classList.toggle("off", !on[groups[g].getAttribute("data-i")]);
  }
  function pathOf(st) {
    var d = [];
    for (var i = 0; i < rows.length; i++) if (rows[i].status === st) d.push("M" + rows[i].from[0] + " " + rows[i].from[1] + "L" + rows[i].to[0] + " " + rows[i].to[1]);
    var p = document.createElementNS(NS, "path");
    p.setAttribute("d", d.join(""));
    return p;
  }
  function toggleOthers(box, id, st) {
    box.addEventListener("change", function () {
      var g = $(id);
      if (box.checked && !g.firstChild) g.appendChild(pathOf(st));
      g.style.display = box.checked ? "" : "none";
    });
  }
  toggleOthers($("show-ok"), "ok-rays", "ok");
  toggleOthers($("show-unchecked"), "unchecked-rays", "unchecked");
  function select(i) {
    selected = i;
    var trs = document.querySelectorAll("#body tr");
    for (var t = 0; t < trs.length; t++) trs[t].classList.toggle("sel", trs[t].getAttribute("data-i") === String(i));
    var g = $("selected");
    while (g.firstChild) g.removeChild(g.firstChild);
    var r = rows[i];
    var line = document.createElementNS(NS, "line");
    line.setAttribute("class", "ray");
    line.setAttribute("data-i", i);
    line.setAttribute("x1", r.from[0]); line.setAttribute("y1", r.from[1]);
    line.setAttribute("x2", r.to[0]); line.setAttribute("y2", r.to[1]);
    g.appendChild(line);
    [r.expectedPoint, r.actualPoint].forEach(function (p) {
      if (!p) return;
      var c = document.createElementNS(NS, "circle");
      c.setAttribute("class", "pin");
      c.setAttribute("cx", p[0]); c.setAttribute("cy", p[1]); c.setAttribute("r", g.getAttribute("data-r") * 2);
      g.appendChild(c);
    });
    var shapes = document.querySelectorAll("#shapes [data-shape]");
    for (var s = 0; s < shapes.length; s++) {
      var id = shapes[s].getAttribute("data-shape");
      shapes[s].classList.toggle("sel", id === r.expectedShape || id === r.actualShape);
    }
    $("selection").textContent = "Selected: " + r.id + (r.name === undefined ? "" : " " + JSON.stringify(r.name)) + " (line " + r.line + ")";
  }
  $("body").addEventListener("click", function (e) {
    var tr = e.target.closest("tr");
    if (tr) select(Number(tr.getAttribute("data-i")));
  });
  document.querySelector("#mismatch-rays").addEventListener("click", function (e) {
    var g = e.target.closest(".ray-group");
    if (g) select(Number(g.getAttribute("data-i")));
  });
  [status, kind, tag].forEach(function (el) { el.addEventListener("change", render); });
  search.addEventListener("input", render);
  render();
})();
`;

/** Bad lines shown in the report: how many, and the first few with their problems. */
const BAD_LINES_LISTED = 20;

function badLinesNote(bad: readonly RayLogProblem[], logName: string | undefined): string {
  if (bad.length === 0) return "";
  const items = bad.slice(0, BAD_LINES_LISTED).map((p) => `<li>${escapeHtml(`${logName ?? "log"}:${p.line}${p.column === undefined ? "" : `:${p.column}`}: ${p.message}`)}</li>`).join("");
  const more = bad.length > BAD_LINES_LISTED ? `<li>… and ${bad.length - BAD_LINES_LISTED} more</li>` : "";
  return `<div class="meta warning" id="bad-lines"><p>${bad.length} bad line${bad.length === 1 ? " was" : "s were"} skipped (never replayed, not counted above):</p><ul>${items}${more}</ul></div>\n`;
}

/** The mismatches by shape as a table (none without mismatches). */
function byShapeTable(list: readonly ShapeSummary[]): string {
  if (list.length === 0) return "";
  const rows = list.slice(0, SHAPES_LISTED).map((s) => `<tr><td>${escapeHtml(s.shape)}</td><td class="num">${s.rays.toLocaleString("en")}</td><td>${escapeHtml(describeShapeKinds(s))}</td></tr>`);
  const more = moreShapes(list);
  if (more !== null) rows.push(`<tr><td colspan="3">${escapeHtml(more)}</td></tr>`);
  return `<table id="by-shape"><caption>Mismatches by shape</caption><thead><tr><th scope="col">Shape</th><th scope="col">Rays</th><th scope="col">Mismatches</th></tr></thead><tbody>\n${rows.join("\n")}\n</tbody></table>\n`;
}

/** A legend swatch: a short line, or a marker like those in the drawing. */
function swatch(inner: string): string {
  return `<svg width="22" height="12" viewBox="0 0 22 12" aria-hidden="true">${inner}</svg>`;
}

/**
 * The report page. The drawing is fitted to the shapes and every ray of the log; it draws every
 * mismatching ray with its expected hit point (hollow, from the log's `expect.point`) and this
 * replay's hit point (filled), and highlights the shapes those rays hit or were expected to hit.
 * Rays that match are drawn only on demand (a checkbox), as large logs have many.
 */
export function replayHtmlReport(scene: Scene, results: readonly ReplayResult[], summary: ReplaySummary, options: HtmlReportOptions = {}): string {
  const title = options.title ?? "Ray replay report";
  const { frame: view, clip } = viewOf(scene, results);
  const f = formatter(view);
  const markerR = f(Math.max(view.maxX - view.minX, view.maxY - view.minY) * 0.006);

  const hitShapes = new Set<string>();
  const mismatches: string[] = [];
  results.forEach((r, i) => {
    if (r.status !== "mismatch") return;
    if (r.ray.expect?.shape !== undefined) hitShapes.add(r.ray.expect.shape);
    if (r.hit) hitShapes.add(r.hit.shape);
    mismatches.push(rayGroup(r, i, f, markerR, clip));
  });
  const rows = reportRows(results);
  const tags = [...new Set(rows.flatMap((r) => (r.tag === undefined ? [] : [r.tag])))].sort();
  const data: ReportData = { rows, tags, tableCap: TABLE_CAP };

  const meta: string[] = [];
  if (options.sceneName !== undefined) meta.push(`<span>Scene: <b>${escapeHtml(options.sceneName)}</b></span>`);
  if (options.logName !== undefined) meta.push(`<span>Log: <b>${escapeHtml(options.logName)}</b></span>`);
  if (options.generatedAt !== undefined) meta.push(`<span>Generated <time datetime="${escapeHtml(options.generatedAt)}">${escapeHtml(options.generatedAt)}</time></span>`);

  const item = (label: string, value: number | string, bad = false): string => `<li${bad ? ' class="bad"' : ""}><b>${escapeHtml(String(value))}</b>${escapeHtml(label)}</li>`;
  const summaryItems = [
    item("rays", summary.total),
    item("ok", summary.ok),
    item("mismatch", summary.mismatch, summary.mismatch > 0),
    item("unchecked", summary.unchecked),
    ...MISMATCH_KINDS.map((k) => item(k, summary.byKind[k], summary.byKind[k] > 0)),
    item("tolerance", summary.tolerance),
  ];

  const legend = [
    ...MISMATCH_KINDS.map((k) => `<li>${swatch(`<line x1="1" y1="6" x2="21" y2="6" stroke="${KIND_COLOURS[k]}" stroke-width="2"/>`)}${k}</li>`),
    `<li>${swatch(`<circle cx="11" cy="6" r="4" fill="none" stroke="${EXPECTED_COLOUR}" stroke-width="2"/>`)}expected hit point</li>`,
    `<li>${swatch(`<circle cx="11" cy="6" r="4.5" fill="${ACTUAL_COLOUR}" stroke="#fff"/>`)}actual hit point</li>`,
    `<li>${swatch(`<rect x="2" y="1" width="18" height="10" fill="#ffd54f" fill-opacity=".35" stroke="#8d6e00" stroke-width="1.5"/>`)}shape a mismatching ray hit or was expected to hit</li>`,
  ];

  const kindOptions = ['<option value="">all kinds</option>', ...MISMATCH_KINDS.map((k) => `<option value="${k}">${k} (${summary.byKind[k]})</option>`)];
  const w = view.maxX - view.minX, h = view.maxY - view.minY;

  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="Collider Studio">
<title>${escapeHtml(title)}</title>
<style>${CSS}</style>
</head>
<body>
<header>
<h1>${escapeHtml(title)}</h1>
<p class="meta">${meta.join("")}</p>
<ul class="summary" aria-label="Summary">
${summaryItems.join("\n")}
</ul>
${byShapeTable(options.byShape ?? [])}${badLinesNote(options.badLines ?? [], options.logName)}${(options.warnings ?? []).map((w) => `<p class="meta warning">${escapeHtml(w)}</p>\n`).join("")}${options.leftOut ? `<p class="meta" id="left-out">${escapeHtml(`A long log: ${options.leftOut.toLocaleString("en")} of its ${summary.total.toLocaleString("en")} rays are counted above but not drawn or listed below (kept: the first mismatches and the first other rays). The JUnit report (--junit) has every ray.`)}</p>\n` : ""}</header>
<section class="drawing" aria-label="Level">
<svg id="level" viewBox="${f(view.minX)} ${f(view.minY)} ${f(w)} ${f(h)}" role="img" aria-label="The level's ${scene.shapes.length} shapes and ${mismatches.length} mismatching rays">
<g id="shapes">
${scene.shapes.map((s) => shapeOutline(s, f, hitShapes)).join("\n")}
</g>
<g class="others" id="ok-rays" style="display:none"></g>
<g class="others" id="unchecked-rays" style="display:none"></g>
<g id="mismatch-rays">
${mismatches.join("\n")}
</g>
<g id="selected" data-r="${markerR}"></g>
</svg>
<ul class="legend">
${legend.join("\n")}
</ul>
<p class="controls"><label><input type="checkbox" id="show-ok"> show ok rays (${summary.ok})</label><label><input type="checkbox" id="show-unchecked"> show unchecked rays (${summary.unchecked})</label><span id="selection"></span></p>
</section>
<section aria-label="Results">
<noscript><p>The table of results needs JavaScript; the summary and the drawing above do not.</p></noscript>
<p class="controls">
<label>Status <select id="f-status"><option value="">all</option><option value="mismatch">mismatch</option><option value="ok">ok</option><option value="unchecked">unchecked</option></select></label>
<label>Mismatch <select id="f-kind">${kindOptions.join("")}</select></label>
<label>Tag <select id="f-tag"></select></label>
<label>Id or name <input type="search" id="f-id" placeholder="part of an id or name"></label>
</p>
<p id="count"></p>
<table id="results"><thead id="head"></thead><tbody id="body"></tbody></table>
</section>
<script type="application/json" id="${REPORT_DATA_ID}">${scriptSafeJson(data)}</script>
<script>${SCRIPT}</script>
</body>
</html>
`;
}
