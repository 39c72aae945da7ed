// A small replay for the HTML report's tests: the README scene (one shape of each kind, a rotated
// capsule) and rays with every status and every mismatch kind. Actual hits come from the core;
// the verdicts are written by hand, so these tests do not depend on the comparison.
import { vec2, type Scene } from "../../core/index";
import { raycastScene } from "../core/scan-reference";
import { MISMATCH_KINDS, type Expectation, type Mismatch, type MismatchKind, type RayRecord, type ReplayResult, type ReplayStatus, type ReplaySummary } from "../../core/replay/types";
import type { Point } from "../../core/scene/types";
import { measureOf, shapeOfMismatch, ShapeTally, type ShapeSummary } from "../../core/replay/shape-summary";

export const reportScene = (): Scene => ({
  format: "collider-studio-scene",
  version: 1,
  shapes: [
    { id: "ground", name: "Ground", type: "box", x: 400, y: 580, rotation: 0, width: 800, height: 40 },
    { id: "spikes", type: "box", x: 300, y: 560, rotation: 0, width: 60, height: 20 },
    { id: "ball", type: "circle", x: 120, y: 300, rotation: 0, radius: 24 },
    { id: "player", type: "capsule", x: 200, y: 500, rotation: 90, radius: 16, height: 64 },
    { id: "ramp", type: "polygon", x: 600, y: 540, rotation: 0, points: [[-60, 20], [60, 20], [60, -20]] },
  ],
  probes: [],
});

export interface RaySpec {
  readonly id: string;
  readonly from: Point;
  readonly to: Point;
  readonly tag?: string;
  readonly frame?: number;
  readonly time?: number;
  readonly expect?: Expectation;
  /** The verdict: "ok", "unchecked", or a mismatch kind. */
  readonly verdict: "ok" | "unchecked" | MismatchKind;
}

/** Replays the rays against the scene; the verdicts are the specs'. */
export function replayOf(scene: Scene, specs: readonly RaySpec[]): ReplayResult[] {
  return specs.map((spec, i) => {
    const hits = raycastScene(scene.shapes, vec2(spec.from[0], spec.from[1]), vec2(spec.to[0], spec.to[1]));
    const hit = hits[0] ?? null;
    const ray: RayRecord = {
      line: i + 1,
      id: spec.id,
      from: spec.from,
      to: spec.to,
      ...(spec.tag !== undefined ? { tag: spec.tag } : {}),
      ...(spec.frame !== undefined ? { frame: spec.frame } : {}),
      ...(spec.time !== undefined ? { time: spec.time } : {}),
      ...(spec.expect ? { expect: spec.expect } : {}),
      extra: {},
    };
    const status: ReplayStatus = spec.verdict === "ok" || spec.verdict === "unchecked" ? spec.verdict : "mismatch";
    if (status !== "mismatch") return { ray, hit, status };
    const kind = spec.verdict as MismatchKind;
    const p = spec.expect?.point;
    const mismatch: Mismatch = kind === "turned-normal" ? { kind, angle: 10 } : hit && p ? { kind, distance: Math.hypot(hit.point.x - p[0], hit.point.y - p[1]) } : { kind };
    return { ray, hit, status, mismatch };
  });
}

export function summaryOf(results: readonly ReplayResult[], tolerance = 0.5): ReplaySummary {
  const byKind = Object.fromEntries(MISMATCH_KINDS.map((k) => [k, 0])) as Record<MismatchKind, number>;
  let ok = 0, mismatch = 0, unchecked = 0;
  for (const r of results) {
    if (r.status === "ok") ok++;
    else if (r.status === "unchecked") unchecked++;
    else {
      mismatch++;
      byKind[r.mismatch!.kind]++;
    }
  }
  return { total: results.length, ok, mismatch, unchecked, byKind, tolerance };
}

/** Every status and every kind; two moved points so sorting by distance has an order to check. */
export const REPORT_RAYS: readonly RaySpec[] = [
  { id: "ball-los", from: [40, 300], to: [700, 300], tag: "los", frame: 10, expect: { hit: true, shape: "ball", point: [96, 300] }, verdict: "ok" },
  { id: "sky-drop", from: [700, 100], to: [780, 100], tag: "ground", frame: 11, expect: { hit: true, shape: "ground", point: [740, 560] }, verdict: "lost-hit" },
  { id: "left-probe", from: [50, 450], to: [50, 700], tag: "ground", frame: 12, expect: { hit: false }, verdict: "new-hit" },
  { id: "player-feet", from: [200, 400], to: [200, 620], tag: "ai", frame: 13, expect: { hit: true, shape: "spikes", point: [200, 550] }, verdict: "other-shape" },
  { id: "ramp-near", from: [630, 400], to: [630, 620], tag: "ground", frame: 14, expect: { hit: true, shape: "ramp", point: [630, 528] }, verdict: "moved-point" },
  { id: "ramp-far", from: [570, 400], to: [570, 620], tag: "ai", time: 0.25, expect: { hit: true, shape: "ramp", point: [570, 540] }, verdict: "moved-point" },
  { id: "ball-top", from: [120, 200], to: [120, 400], tag: "los", frame: 16, expect: { hit: true, shape: "ball", point: [120, 276], normal: [0.1736, -0.9848] }, verdict: "turned-normal" },
  { id: "free-look", from: [400, 100], to: [400, 400], verdict: "unchecked" },
  { id: "below-ground", from: [300, 640], to: [300, 700], tag: "los", frame: 15, expect: { hit: false }, verdict: "ok" },
];

export const reportResults = (): ReplayResult[] => replayOf(reportScene(), REPORT_RAYS);

/** The results' mismatches by shape, as the command line passes them to the report. */
export function byShapeOf(results: readonly ReplayResult[]): ShapeSummary[] {
  const t = new ShapeTally();
  for (const r of results) if (r.mismatch) t.add(shapeOfMismatch(r), r.mismatch.kind, measureOf(r));
  return t.summary();
}

/** Strings that try to break out of a script element, an attribute or a line of JavaScript. */
export const HOSTILE_ID = "</script><script>alert(1)</script>";
export const HOSTILE_TAG = `tag "quoted" & 'single' \u2028 line\u2029sep <!-- x`;
export const HOSTILE_SHAPE = `<img src=x onerror=alert(2)>&amp;"`;

/** The extract of the page's embedded JSON. */
export function embeddedJson(html: string): unknown {
  const m = /<script type="application\/json" id="replay-data">([\s\S]*?)<\/script>/.exec(html);
  if (!m) throw new Error("no embedded JSON");
  return JSON.parse(m[1]!);
}
