// replayHtmlReport: a golden page, the drawing's structure, nothing external, hostile text escaped,
// and the embedded JSON read back. The page's script is exercised in Chromium by
// test/e2e/replay-report.e2e.test.ts. UPDATE_GOLDEN=1 rewrites the golden file.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { shapeAABB, type Scene } from "../../core/index";
import { escapeHtml, replayHtmlReport, reportRows, scriptSafeJson, TABLE_CAP, type ReportData } from "../../core/replay/html-report";
import { MISMATCH_KINDS } from "../../core/replay/types";
import { byShapeOf, embeddedJson, HOSTILE_ID, HOSTILE_SHAPE, HOSTILE_TAG, replayOf, reportResults, reportScene, summaryOf } from "./report-fixture";

const HERE = dirname(fileURLToPath(import.meta.url));
const GOLDEN = join(HERE, "golden", "report.html");
const OPTIONS = { title: "Replay of level-1", sceneName: "level-1.json", logName: "rays-2024-05-01.jsonl", generatedAt: "2024-05-01T12:00:00.000Z" };

const report = (): string => {
  const results = reportResults();
  return replayHtmlReport(reportScene(), results, summaryOf(results), { ...OPTIONS, byShape: byShapeOf(results) });
};
const count = (text: string, needle: string | RegExp): number => (typeof needle === "string" ? text.split(needle).length - 1 : (text.match(needle) ?? []).length);
const svgOf = (html: string): string => /<svg id="level"[\s\S]*?<\/svg>/.exec(html)![0];

describe("golden file: the README scene with every status and mismatch kind", () => {
  it("report.html is unchanged (UPDATE_GOLDEN=1 rewrites it)", () => {
    const html = report();
    if (process.env.UPDATE_GOLDEN || !existsSync(GOLDEN)) {
      mkdirSync(dirname(GOLDEN), { recursive: true });
      writeFileSync(GOLDEN, html);
    }
    expect(html).toBe(readFileSync(GOLDEN, "utf8"));
  });

  it("the fixture has every kind, an ok and an unchecked ray", () => {
    const s = summaryOf(reportResults());
    for (const k of MISMATCH_KINDS) expect(s.byKind[k], k).toBeGreaterThan(0);
    expect(s.ok).toBeGreaterThan(0);
    expect(s.unchecked).toBeGreaterThan(0);
  });

  it("is deterministic: the same input gives the same bytes", () => {
    expect(report()).toBe(report());
  });
});

describe("the drawing", () => {
  it("outlines every shape once and draws one line per mismatching ray, none for the others", () => {
    const html = report();
    const svg = svgOf(html);
    const results = reportResults();
    const scene = reportScene();
    expect(count(svg, /class="shape[ "]/g)).toBe(scene.shapes.length);
    for (const s of scene.shapes) expect(count(svg, `data-shape="${s.id}"`), s.id).toBe(1);
    const mismatching = results.filter((r) => r.status === "mismatch");
    expect(count(svg, "<line ")).toBe(mismatching.length);
    expect(count(svg, '<line class="ray"')).toBe(mismatching.length);
    results.forEach((r, i) => expect(svg.includes(`data-i="${i}"`), r.ray.id).toBe(r.status === "mismatch"));
  });

  it("draws every kind from the outline its kind traces: a circle as two half arcs, a box as four corners, a capsule with two caps", () => {
    const svg = svgOf(report());
    // The ball: radius 24 about (120, 300), from its right point round through its left one.
    const ball = /<path class="shape hit" data-shape="ball" d="([^"]*)"/.exec(svg)![1]!;
    expect(ball).toBe("M144 300A24 24 0 0 1 96 300A24 24 0 0 1 144 300");
    // The ground box: four corners and back.
    const ground = /<path class="shape hit" data-shape="ground" d="([^"]*)"/.exec(svg)![1]!;
    expect(count(ground, "L")).toBe(3);
    expect(ground.endsWith("Z")).toBe(true);
    // The capsule turned 90°: a horizontal segment from x 184 to 216 (height 64, radius 16) at y 500.
    const capsule = /<path class="shape hit" data-shape="player" d="([^"]*)"/.exec(svg)![1]!;
    expect(count(capsule, "A")).toBe(2);
    for (const corner of ["216 484", "184 484", "184 516", "216 516"]) expect(capsule, corner).toContain(corner);
  });

  it("marks the expected hit hollow and the actual one filled, each where the data says", () => {
    const svg = svgOf(report());
    // other-shape: expected on the spikes at (200, 550), hit the capsule's top at (200, 484).
    const group = /<g class="ray-group kind-other-shape" data-i="3">[\s\S]*?<\/g>/.exec(svg)![0];
    expect(group).toContain('<circle class="expected" cx="200" cy="550"');
    expect(group).toContain('<circle class="actual" cx="200" cy="484"');
    // lost-hit: only the expected point; new-hit: only the actual one.
    const lost = /<g class="ray-group kind-lost-hit"[\s\S]*?<\/g>/.exec(svg)![0];
    expect(lost).toContain('class="expected"');
    expect(lost).not.toContain('class="actual"');
    const found = /<g class="ray-group kind-new-hit"[\s\S]*?<\/g>/.exec(svg)![0];
    expect(found).not.toContain('class="expected"');
    expect(found).toContain('<circle class="actual" cx="50" cy="560"');
  });

  it("highlights the shapes mismatching rays hit or expected, and only those", () => {
    const svg = svgOf(report());
    const hit = [...svg.matchAll(/class="shape hit" data-shape="([^"]*)"/g)].map((m) => m[1]).sort();
    expect(hit).toEqual(["ball", "ground", "player", "ramp", "spikes"]);
  });

  it("fits the viewBox to every shape and ray, with a margin", () => {
    const html = report();
    const [x, y, w, h] = /viewBox="([^"]*)"/.exec(html)![1]!.split(" ").map(Number) as [number, number, number, number];
    const inside = (px: number, py: number): boolean => px > x && px < x + w && py > y && py < y + h;
    for (const s of reportScene().shapes) {
      const a = shapeAABB(s);
      expect(inside(a.minX, a.minY) && inside(a.maxX, a.maxY), s.id).toBe(true);
    }
    for (const r of reportResults()) expect(inside(...r.ray.from) && inside(...r.ray.to), r.ray.id).toBe(true);
  });

  it("draws a chain's edges unfilled and a sensor dashed, each named so in its title", () => {
    const base = reportScene();
    const scene: Scene = { ...base, shapes: [...base.shapes,
      { id: "ledge", type: "chain", x: 500, y: 420, rotation: 0, points: [[-50, 0], [50, 0], [60, -10]], oneSided: true },
      { id: "coin", type: "circle", x: 500, y: 400, rotation: 0, radius: 8, sensor: true },
    ] };
    const svg = svgOf(replayHtmlReport(scene, [], summaryOf([]), OPTIONS));
    expect(svg).toMatch(/<path class="shape edges" data-shape="ledge" d="M450 420L550 420L560 410"><title>ledge, chain<\/title>/);
    expect(svg).toContain('<path class="shape sensor" data-shape="coin"');
    expect(svg).toContain("<title>coin, circle, sensor</title>");
    // Outlines of solids stay as they were.
    expect(svg).toContain('<path class="shape" data-shape="ball"');
    expect(replayHtmlReport(scene, [], summaryOf([]), OPTIONS)).toMatch(/#level \.shape\.edges\{fill:none\}[\s\S]*#level \.shape\.sensor\{stroke-dasharray:5 3\}/);
  });

  it("keeps strokes thin at any scale and has a legend for the markers", () => {
    const html = report();
    expect(html).toContain("vector-effect:non-scaling-stroke");
    expect(html).toContain("expected hit point");
    expect(html).toContain("actual hit point");
  });

  it("draws an empty scene and an empty log without failing", () => {
    const empty: Scene = { format: "collider-studio-scene", version: 1, shapes: [], probes: [] };
    const html = replayHtmlReport(empty, [], summaryOf([]));
    expect(html).toContain('viewBox="0 0 100 100"');
    expect(embeddedJson(html)).toEqual({ rows: [], tags: [], tableCap: TABLE_CAP });
  });
});

describe("the header", () => {
  it("shows the title, names, date and every count of the summary", () => {
    const html = report();
    const header = /<header>[\s\S]*?<\/header>/.exec(html)![0];
    for (const text of ["Replay of level-1", "level-1.json", "rays-2024-05-01.jsonl", "2024-05-01T12:00:00.000Z"]) expect(header).toContain(text);
    const s = summaryOf(reportResults());
    const li = (value: number, label: string): string => `<b>${value}</b>${label}</li>`;
    expect(header).toContain(li(s.total, "rays"));
    expect(header).toContain(li(s.ok, "ok"));
    expect(header).toContain(li(s.mismatch, "mismatch"));
    expect(header).toContain(li(s.unchecked, "unchecked"));
    for (const k of MISMATCH_KINDS) expect(header).toContain(li(s.byKind[k], k));
    expect(header).toContain(li(0.5, "tolerance"));
  });

  it("leaves out what the options do not give", () => {
    const results = reportResults();
    const html = replayHtmlReport(reportScene(), results, summaryOf(results));
    expect(html).toContain("<title>Ray replay report</title>");
    expect(html).not.toContain("Generated");
    expect(html).not.toContain("Scene:");
  });
});

describe("self-contained", () => {
  it("loads nothing from anywhere: no URL, no src, no href, no CSS import or url()", () => {
    const html = report();
    for (const bad of ["http://", "https://", "//cdn", "src=", "href=", "@import", "url(", "<link", "<iframe"]) expect(html, bad).not.toContain(bad);
    expect(count(html, "<script")).toBe(2);
    expect(count(html, "</script>")).toBe(2);
  });
});

describe("hostile text", () => {
  const hostile = (): { html: string; scene: Scene } => {
    const base = reportScene();
    const scene: Scene = { ...base, shapes: base.shapes.map((s) => (s.id === "spikes" ? { ...s, id: HOSTILE_SHAPE, name: HOSTILE_ID } : s)) };
    const results = replayOf(scene, [
      { id: HOSTILE_ID, from: [200, 400], to: [200, 620], tag: HOSTILE_TAG, expect: { hit: true, shape: HOSTILE_SHAPE, point: [200, 550] }, verdict: "other-shape" },
      { id: `a "quote" & an 'apostrophe' \u2028`, from: [700, 100], to: [780, 100], tag: "<b>", expect: { hit: true, shape: HOSTILE_SHAPE }, verdict: "lost-hit" },
    ]);
    return { html: replayHtmlReport(scene, results, summaryOf(results), { title: HOSTILE_ID, sceneName: HOSTILE_SHAPE, logName: HOSTILE_TAG, generatedAt: '"><x>' }), scene };
  };

  it("appears only escaped: no extra element, no raw line separator", () => {
    const { html } = hostile();
    expect(count(html, "<script")).toBe(2);
    expect(count(html, "</script>")).toBe(2);
    expect(html).not.toContain("alert(1)</script>");
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<x>");
    expect(html).not.toContain("<!--");
    expect(html).not.toContain("<b>\"");
    expect(html).not.toMatch(/[\u2028\u2029]/);
    // Every element of the page is one the report (or its script, tr/th/td) writes.
    const tags = new Set([...html.matchAll(/<([a-zA-Z][a-zA-Z0-9]*)/g)].map((m) => m[1]!.toLowerCase()));
    const allowed = ["html", "head", "meta", "title", "style", "body", "header", "h1", "p", "span", "b", "time", "ul", "li", "section", "svg", "g", "circle", "polygon", "path", "line", "rect", "noscript", "label", "input", "select", "option", "table", "thead", "tbody", "tr", "th", "td", "script"];
    expect([...tags].filter((t) => !allowed.includes(t))).toEqual([]);
  });

  it("is escaped in text and attributes: the title, the names, the shape's data-shape and <title>", () => {
    const { html } = hostile();
    expect(html).toContain(`<title>${escapeHtml(HOSTILE_ID)}</title>`);
    expect(html).toContain(`data-shape="${escapeHtml(HOSTILE_SHAPE)}"`);
    expect(html).toContain(escapeHtml(`${HOSTILE_SHAPE} (${HOSTILE_ID}), box`));
    expect(html).toContain(`datetime="${escapeHtml('"><x>')}"`);
  });

  it("reads back from the embedded JSON unchanged", () => {
    const { html } = hostile();
    const data = embeddedJson(html) as ReportData;
    expect(data.rows[0]!.id).toBe(HOSTILE_ID);
    expect(data.rows[0]!.tag).toBe(HOSTILE_TAG);
    expect(data.rows[0]!.expectedShape).toBe(HOSTILE_SHAPE);
    expect(data.rows[1]!.id).toBe(`a "quote" & an 'apostrophe' \u2028`);
    expect(data.tags).toEqual(["<b>", HOSTILE_TAG].sort());
  });

  it("scriptSafeJson escapes exactly <, >, & and the line separators", () => {
    expect(scriptSafeJson({ a: "</script><!--&\u2028\u2029" })).toBe('{"a":"\\u003c/script\\u003e\\u003c!--\\u0026\\u2028\\u2029"}');
    expect(JSON.parse(scriptSafeJson({ a: "</script><!--&\u2028\u2029" }))).toEqual({ a: "</script><!--&\u2028\u2029" });
  });
});

describe("the embedded data", () => {
  it("parses back to every result, in log order", () => {
    const results = reportResults();
    const data = embeddedJson(report()) as ReportData;
    expect(data.rows).toEqual(JSON.parse(JSON.stringify(reportRows(results))));
    expect(data.tags).toEqual(["ai", "ground", "los"]);
    expect(data.tableCap).toBe(TABLE_CAP);
    results.forEach((r, i) => {
      const row = data.rows[i]!;
      expect(row.id).toBe(r.ray.id);
      expect(row.line).toBe(r.ray.line);
      expect(row.status).toBe(r.status);
      expect(row.kind).toBe(r.mismatch?.kind);
      expect(row.distance).toBe(r.mismatch?.distance);
      expect(row.from).toEqual(r.ray.from);
      expect(row.to).toEqual(r.ray.to);
      expect(row.tag).toBe(r.ray.tag);
      expect(row.frame).toBe(r.ray.frame);
      expect(row.time).toBe(r.ray.time);
      expect(row.expectedHit).toBe(r.ray.expect?.hit);
      expect(row.expectedShape).toBe(r.ray.expect?.shape);
      expect(row.expectedPoint).toEqual(r.ray.expect?.point);
      expect(row.actualShape).toBe(r.hit?.shape);
      expect(row.actualPoint).toEqual(r.hit ? [r.hit.point.x, r.hit.point.y] : undefined);
    });
  });

  it("keeps numbers at full precision (only the drawing rounds)", () => {
    const scene = reportScene();
    const results = replayOf(scene, [{ id: "r", from: [0.1 + 0.2, 300 + 1 / 3], to: [700, 300 + 1 / 3], expect: { hit: false }, verdict: "new-hit" }]);
    const data = embeddedJson(replayHtmlReport(scene, results, summaryOf(results))) as ReportData;
    expect(data.rows[0]!.from).toEqual([0.1 + 0.2, 300 + 1 / 3]);
    expect(data.rows[0]!.actualPoint).toEqual([results[0]!.hit!.point.x, results[0]!.hit!.point.y]);
  });
});
