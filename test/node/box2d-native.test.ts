// `npm run bench -- --box2d DIR`: the inputs written for Box2D, the C harness that reads them and
// the driver that builds and runs it. A stand-in "Box2D" (the few declarations the harness uses)
// answers every pair with a weighted sum of every field it was handed, so a field read from the
// wrong place, or swapped with another, changes the answer.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coreCount, placeCore, type Geometry } from "../../core";
import { agreementOf, BOX2D, box2dAnswers, Box2dUnavailable, box2dResults, manifoldFunc, manifoldInput, runBox2d, sweepInput, toiInput } from "../bench/box2d-native";
import { initRapier, makeSweepCase, makeToiCase } from "../bench/casts";
import { CASES, makeCase } from "../bench/inputs";

const HEADER = `
#pragma once
#include <stdbool.h>
#define B2_MAX_POLYGON_VERTICES 8
typedef struct b2Vec2 { float x, y; } b2Vec2;
typedef struct b2Rot { float c, s; } b2Rot;
typedef struct b2Transform { b2Vec2 p; b2Rot q; } b2Transform;
typedef struct b2ShapeProxy { b2Vec2 points[B2_MAX_POLYGON_VERTICES]; int count; float radius; } b2ShapeProxy;
typedef struct b2Sweep { b2Vec2 localCenter, c1, c2; b2Rot q1, q2; } b2Sweep;
typedef struct b2TOIInput { b2ShapeProxy proxyA, proxyB; b2Sweep sweepA, sweepB; float maxFraction; } b2TOIInput;
typedef enum b2TOIState { b2_toiStateUnknown, b2_toiStateFailed, b2_toiStateOverlapped, b2_toiStateHit, b2_toiStateSeparated } b2TOIState;
typedef struct b2TOIOutput { b2TOIState state; float fraction; } b2TOIOutput;
typedef struct b2ShapeCastPairInput { b2ShapeProxy proxyA, proxyB; b2Transform transformA, transformB; b2Vec2 translationB; float maxFraction; bool canEncroach; } b2ShapeCastPairInput;
typedef struct b2CastOutput { b2Vec2 normal, point; float fraction; int iterations; bool hit; } b2CastOutput;
b2ShapeProxy b2MakeProxy(const b2Vec2* points, int count, float radius);
b2TOIOutput b2TimeOfImpact(const b2TOIInput* input);
b2CastOutput b2ShapeCast(const b2ShapeCastPairInput* input);
`;

// The answers: a hit where A is a box (four points) whose sweep ends right of its start, or where
// B moves right; the fraction, every field times its own weight (1, 2, 3, … in the order below).
const SOURCE = `
#include "box2d/collision.h"
b2ShapeProxy b2MakeProxy(const b2Vec2* points, int count, float radius) {
  b2ShapeProxy p = {0};
  for (int i = 0; i < count; ++i) p.points[i] = points[i];
  p.count = count;
  p.radius = radius;
  return p;
}
static double w;
static double add(double sum, double v) { w += 1; return sum + w * v; }
static double proxySum(double s, const b2ShapeProxy* p) {
  s = add(s, p->count);
  for (int i = 0; i < p->count; ++i) { s = add(s, p->points[i].x); s = add(s, p->points[i].y); }
  return add(s, p->radius);
}
static double sweepSum(double s, const b2Sweep* q) {
  s = add(s, q->localCenter.x); s = add(s, q->localCenter.y); s = add(s, q->c1.x); s = add(s, q->c1.y);
  s = add(s, q->q1.c); s = add(s, q->q1.s); s = add(s, q->c2.x); s = add(s, q->c2.y); s = add(s, q->q2.c);
  return add(s, q->q2.s);
}
static double xfSum(double s, const b2Transform* x) { s = add(s, x->p.x); s = add(s, x->p.y); s = add(s, x->q.c); return add(s, x->q.s); }
b2TOIOutput b2TimeOfImpact(const b2TOIInput* in) {
  w = 0;
  double s = proxySum(0, &in->proxyA);
  s = sweepSum(s, &in->sweepA);
  s = proxySum(s, &in->proxyB);
  s = sweepSum(s, &in->sweepB);
  s = add(s, in->maxFraction);
  b2TOIOutput o = { b2_toiStateSeparated, (float)s };
  if (in->proxyA.count == 4 && in->sweepA.c2.x > in->sweepA.c1.x) o.state = b2_toiStateHit;
  return o;
}
b2CastOutput b2ShapeCast(const b2ShapeCastPairInput* in) {
  w = 0;
  double s = proxySum(0, &in->proxyA);
  s = xfSum(s, &in->transformA);
  s = proxySum(s, &in->proxyB);
  s = xfSum(s, &in->transformB);
  s = add(s, in->translationB.x); s = add(s, in->translationB.y); s = add(s, in->maxFraction); s = add(s, in->canEncroach);
  b2CastOutput o = {0};
  o.hit = in->translationB.x > 0;
  o.fraction = (float)s;
  return o;
}
`;

/** The stand-in's sums, from the bench's own numbers: what the harness must have handed it. */
function weighted(values: readonly number[]): number {
  let s = 0;
  values.forEach((v, i) => { s += (i + 1) * v; });
  return Math.fround(s);
}
const f = Math.fround;
function proxyValues(g: Geometry): number[] {
  const p = new Float64Array(2 * coreCount(g));
  const n = placeCore(g, 1, 0, 0, 0, p);
  return [n, ...Array.from(p.subarray(0, 2 * n), f), f(g.radius)];
}
const rot = (angle: number) => [f(Math.cos(angle)), f(Math.sin(angle))];

let fake = "", cache = "";
beforeAll(async () => {
  await initRapier();
  fake = mkdtempSync(path.join(os.tmpdir(), "fake-box2d-"));
  cache = mkdtempSync(path.join(os.tmpdir(), "fake-box2d-builds-"));
  mkdirSync(path.join(fake, "include", "box2d"), { recursive: true });
  mkdirSync(path.join(fake, "src"));
  writeFileSync(path.join(fake, "include", "box2d", "collision.h"), HEADER);
  writeFileSync(path.join(fake, "include", "box2d", "math_functions.h"), "#pragma once\n");
  writeFileSync(path.join(fake, "src", "distance.c"), SOURCE);
});
afterAll(() => {
  rmSync(fake, { recursive: true, force: true });
  rmSync(cache, { recursive: true, force: true });
});

describe("Box2D as a bench peer", () => {
  it("writes every pair as proxies and poses, in the order the harness reads them", () => {
    const sweeps = makeSweepCase("capsule→box", "capsule", "box", 16, 7, false);
    const lines = sweepInput(sweeps).trimEnd().split("\n");
    expect(lines[0]).toBe(`sweep ${sweeps.group}`);
    expect(lines).toHaveLength(17);
    // A: a box (four corners, radius 0) at A's pose; B: a capsule (two ends and its radius).
    const first = lines[1]!.split(" ").map(Number), p = sweeps.pose[0]!;
    expect(first[0]).toBe(4);
    expect(first.slice(9, 13)).toEqual([0, p.ax, p.ay, p.aa]);
    expect(first[13]).toBe(2);
    expect(first.slice(18, 23)).toEqual([sweeps.b.ours[0]!.radius, p.bx, p.by, p.ba, sweeps.t[0]]);
    expect(first).toHaveLength(24);

    const tois = makeToiCase("box–box", "box", "box", 8, 7);
    const t = toiInput(tois).trimEnd().split("\n");
    expect(t[0]).toBe(`toi ${tois.group}`);
    const a = tois.sweepA[0]!, row = t[1]!.split(" ").map(Number);
    expect(row.slice(9, 18)).toEqual([0, a.localCenterX, a.localCenterY, a.x1, a.y1, a.angle1, a.x2, a.y2, a.angle2]);
    expect(row).toHaveLength(36);
  });

  it("times every case through the harness built against a checkout", () => {
    const sweeps = makeSweepCase("capsule→box", "capsule", "box", 64, 11, false);
    const tois = makeToiCase("box–box", "box", "box", 64, 13);
    const results = box2dResults(fake, [sweeps], [tois], true, cache);
    expect(results.map((r) => [r.group, r.lib])).toEqual([[sweeps.group, BOX2D], [tois.group, BOX2D]]);
    for (const r of results) expect(r.median).toBeGreaterThan(0);
    expect(results[0]!.min).toBeLessThanOrEqual(results[0]!.median);
    // Hits counted from the answers: B moving right; A a box whose sweep ends right of its start.
    const hits = new Map(runBox2d(fake, [sweeps], [tois], true, cache).map((c) => [c.group, c.hits]));
    expect(hits.get(sweeps.group)).toBe(Array.from({ length: sweeps.n }, (_, i) => Math.fround(sweeps.t[2 * i]!) > 0).filter(Boolean).length);
    expect(hits.get(tois.group)).toBe(tois.sweepA.filter((s) => Math.fround(s.x2) > Math.fround(s.x1)).length);
  });

  it("hands Box2D every field of every pair where it belongs (its answers are sums of them)", () => {
    const sweeps = makeSweepCase("capsule→box", "capsule", "box", 64, 11, false);
    const tois = makeToiCase("capsule–8-gon", "capsule", "polygon", 64, 13);
    const [castAnswers, toiAnswers] = box2dAnswers(fake, [sweeps], [tois], cache);
    expect(castAnswers!.group).toBe(sweeps.group);
    expect(castAnswers!.fraction).toHaveLength(sweeps.n);
    sweeps.pose.forEach((p, i) => {
      const expected = weighted([
        ...proxyValues(sweeps.a.ours[i]!), f(p.ax), f(p.ay), ...rot(p.aa),
        ...proxyValues(sweeps.b.ours[i]!), f(p.bx), f(p.by), ...rot(p.ba),
        f(sweeps.t[2 * i]!), f(sweeps.t[2 * i + 1]!), 1, 0,
      ]);
      expect(castAnswers!.fraction[i]).toBeCloseTo(expected, 1);
    });
    tois.sweepA.forEach((a, i) => {
      const b = tois.sweepB[i]!;
      const sweep = (s: typeof a) => [f(s.localCenterX), f(s.localCenterY), f(s.x1), f(s.y1), ...rot(s.angle1), f(s.x2), f(s.y2), ...rot(s.angle2)];
      const expected = weighted([...proxyValues(tois.a.ours[i]!), ...sweep(a), ...proxyValues(tois.b.ours[i]!), ...sweep(b), 1]);
      expect(toiAnswers!.fraction[i]).toBeCloseTo(expected, 1);
    });
  });

  it("writes every manifold pair as A, its pose, B, its pose, for the Box2D function of the pair's kinds", () => {
    const funcs = CASES.map((spec) => manifoldFunc(makeCase(spec, 4, 5)));
    expect(funcs).toEqual([
      "circle-circle", "polygon-circle", "capsule-circle", "polygon-circle", "polygon-polygon",
      "capsule-polygon", "polygon-polygon", "capsule-capsule", "capsule-polygon", "polygon-polygon",
    ]);
    const c = makeCase(CASES.find((spec) => spec.label === "capsule–8-gon")!, 8, 9);
    const lines = manifoldInput(c).trimEnd().split("\n");
    expect(lines[0]).toBe("manifold manifold capsule–8-gon capsule-polygon");
    expect(lines).toHaveLength(9);
    const row = lines[3]!.split(" ").map(Number), a = proxyValues(c.a.ours[2]!), b = proxyValues(c.b.ours[2]!);
    // A: a capsule (two ends and its radius) at A's pose; B: an 8-gon (eight corners, radius 0) at B's.
    expect(row[0]).toBe(2);
    expect(row.slice(6, 9)).toEqual([c.xfA[2]!.px, c.xfA[2]!.py, c.angleA[2]]);
    expect(row[9]).toBe(8);
    expect(row.slice(27, 30)).toEqual([c.xfB[2]!.px, c.xfB[2]!.py, c.angleB[2]]);
    expect(row).toHaveLength(a.length + 3 + b.length + 3);
  });

  it("compares Box2D's answers with core's pair by pair", () => {
    const a = agreementOf({ group: "g", hit: [true, true, false, false], fraction: [0.5, 0.25, 1, 1] }, (i) => [{ hit: true, fraction: 0.5 }, { hit: true, fraction: 0.75 }, { hit: true, fraction: 0.1 }, { hit: false, fraction: 1 }][i]!);
    expect(a).toEqual({ group: "g", hitsOurs: 3, hitsBox2d: 2, agree: 3, medianDiff: 0.5, maxDiff: 0.5 });
  });

  it("says why in one line when the folder is not a checkout, the compiler fails or the link does", () => {
    const sweeps = makeSweepCase("box→box", "box", "box", 4, 3, false);
    expect(() => box2dResults(path.join(fake, "include"), [sweeps], [], true, cache)).toThrow(Box2dUnavailable);
    expect(() => box2dResults(path.join(fake, "include"), [sweeps], [], true, cache)).toThrow(/not a Box2D v3 checkout \(no src\/distance\.c\)/);
    const broken = mkdtempSync(path.join(os.tmpdir(), "broken-box2d-"));
    try {
      mkdirSync(path.join(broken, "src"));
      writeFileSync(path.join(broken, "src", "distance.c"), "this is not C\n");
      expect(() => box2dResults(broken, [sweeps], [], true, cache)).toThrow(/failed on .*distance\.c: .*error/);
      // Compiles, but a function the harness needs is missing: the linker names it.
      mkdirSync(path.join(broken, "include", "box2d"), { recursive: true });
      writeFileSync(path.join(broken, "include", "box2d", "collision.h"), HEADER);
      writeFileSync(path.join(broken, "include", "box2d", "math_functions.h"), "#pragma once\n");
      writeFileSync(path.join(broken, "src", "distance.c"), SOURCE.replace(/b2CastOutput b2ShapeCast[\s\S]*$/, ""));
      expect(() => box2dResults(broken, [sweeps], [], true, cache)).toThrow(/undefined reference to .b2ShapeCast/);
      // No build left behind half written.
      for (const dir of readdirSync(cache)) for (const file of readdirSync(path.join(cache, dir))) expect(file).not.toMatch(/\.tmp$/);
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  });
});
