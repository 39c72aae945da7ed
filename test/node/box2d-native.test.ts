// `npm run bench -- --box2d DIR`: the inputs written for Box2D, the C harness that reads them and
// the driver that builds and runs it. A stand-in "Box2D" (the few declarations the harness uses,
// with answers that depend on the fields it was handed) proves the pairs arrive field by field.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOX2D, Box2dUnavailable, box2dResults, runBox2d, sweepInput, toiInput } from "../bench/box2d-native";
import { initRapier, makeSweepCase, makeToiCase } from "../bench/casts";

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

// Hits only where the fields read back as the inputs say: a time of impact when A is a box (four
// points) whose sweep ends right of where it starts; a cast when B moves right and B's proxy
// kept its radius.
const SOURCE = `
#include "box2d/collision.h"
b2ShapeProxy b2MakeProxy(const b2Vec2* points, int count, float radius) {
  b2ShapeProxy p = {0};
  for (int i = 0; i < count; ++i) p.points[i] = points[i];
  p.count = count;
  p.radius = radius;
  return p;
}
b2TOIOutput b2TimeOfImpact(const b2TOIInput* in) {
  b2TOIOutput o = { b2_toiStateSeparated, 1.0f };
  if (in->proxyA.count == 4 && in->sweepA.c2.x > in->sweepA.c1.x && in->maxFraction == 1.0f) o.state = b2_toiStateHit;
  return o;
}
b2CastOutput b2ShapeCast(const b2ShapeCastPairInput* in) {
  b2CastOutput o = {0};
  o.hit = in->translationB.x > 0 && in->proxyB.radius > 0 && in->transformA.q.c * in->transformA.q.c + in->transformA.q.s * in->transformA.q.s > 0.99f;
  o.fraction = 0.5f;
  return o;
}
`;

let fake = "";
beforeAll(async () => {
  await initRapier();
  fake = mkdtempSync(path.join(os.tmpdir(), "fake-box2d-"));
  mkdirSync(path.join(fake, "include", "box2d"), { recursive: true });
  mkdirSync(path.join(fake, "src"));
  writeFileSync(path.join(fake, "include", "box2d", "collision.h"), HEADER);
  writeFileSync(path.join(fake, "include", "box2d", "math_functions.h"), "#pragma once\n");
  writeFileSync(path.join(fake, "src", "distance.c"), SOURCE);
});
afterAll(() => rmSync(fake, { recursive: true, force: true }));

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

  it("builds the harness against a checkout, times every case and reads back Box2D's answers", () => {
    const sweeps = makeSweepCase("capsule→box", "capsule", "box", 64, 11, false);
    const tois = makeToiCase("box–box", "box", "box", 64, 13);
    const results = box2dResults(fake, [sweeps], [tois], true);
    expect(results.map((r) => [r.group, r.lib])).toEqual([[sweeps.group, BOX2D], [tois.group, BOX2D]]);
    for (const r of results) expect(r.median).toBeGreaterThan(0);
    expect(results[0]!.min).toBeLessThanOrEqual(results[0]!.median);
  });

  it("counts hits from the fields as written (the stand-in's answers depend on them)", () => {
    const sweeps = makeSweepCase("capsule→box", "capsule", "box", 64, 11, false);
    const movingRight = Array.from({ length: sweeps.n }, (_, i) => sweeps.t[2 * i]! > 0).filter(Boolean).length;
    const tois = makeToiCase("box–box", "box", "box", 64, 13);
    const endsRight = tois.sweepA.filter((s) => Math.fround(s.x2) > Math.fround(s.x1)).length;
    const hits = new Map(runBox2d(fake, [sweeps], [tois], true).map((c) => [c.group, c.hits]));
    expect(movingRight).toBeGreaterThan(0);
    expect(movingRight).toBeLessThan(sweeps.n);
    expect(hits.get(sweeps.group)).toBe(movingRight);
    expect(hits.get(tois.group)).toBe(endsRight);
  });

  it("says why in one line when the folder is not a checkout or the compiler fails", () => {
    const sweeps = makeSweepCase("box→box", "box", "box", 4, 3, false);
    expect(() => box2dResults(path.join(fake, "include"), [sweeps], [], true)).toThrow(Box2dUnavailable);
    expect(() => box2dResults(path.join(fake, "include"), [sweeps], [], true)).toThrow(/not a Box2D v3 checkout \(no src\/distance\.c\)/);
    const broken = mkdtempSync(path.join(os.tmpdir(), "broken-box2d-"));
    try {
      mkdirSync(path.join(broken, "src"));
      writeFileSync(path.join(broken, "src", "distance.c"), "this is not C\n");
      expect(() => box2dResults(broken, [sweeps], [], true)).toThrow(/failed on .*distance\.c: .*error/);
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  });
});
