// Collision filtering: Godot's rule (either side scans the other), Box2D's (both must agree) and
// none, as the overlaps, ray casts and sweeps of a scene apply them.
import { describe, expect, it } from "vitest";
import { bitsCollide, vec2, type Shape } from "../../core/index";
import { findOverlaps, raycastScene, sweepScene } from "./scan-reference";

const box = (id: string, x: number, bits: { collisionLayer?: number; collisionMask?: number } = {}): Shape => ({ id, type: "box", x, y: 0, rotation: 0, width: 2, height: 2, ...bits });

describe("bitsCollide", () => {
  it("godot: either scans the other; box2d: both; none: always", () => {
    // A on layer 1 scanning 2; B on layer 2 scanning nothing.
    expect(bitsCollide(1, 2, 2, 0, "godot")).toBe(true);
    expect(bitsCollide(1, 2, 2, 0, "box2d")).toBe(false);
    expect(bitsCollide(1, 2, 2, 0, "none")).toBe(true);
    // Both scan each other.
    expect(bitsCollide(1, 2, 2, 1, "box2d")).toBe(true);
    // Neither scans the other.
    expect(bitsCollide(1, 1, 2, 2, "godot")).toBe(false);
    expect(bitsCollide(1, 1, 2, 2, "box2d")).toBe(false);
    // The defaults (1, 1) always meet.
    expect(bitsCollide(1, 1, 1, 1, "godot") && bitsCollide(1, 1, 1, 1, "box2d")).toBe(true);
  });

  it("bit 32 (value 2^31) counts like any other, under either rule", () => {
    const top = 0x80000000;
    expect(bitsCollide(top, top, top, top, "godot")).toBe(true);
    expect(bitsCollide(top, top, top, top, "box2d")).toBe(true);
    expect(bitsCollide(top, 1, 1, 1, "godot")).toBe(true);
    expect(bitsCollide(top, 1, 1, 1, "box2d")).toBe(false);
  });

  it("is symmetric in A and B under every rule", () => {
    const values = [0, 1, 2, 3, 0x80000000, 0xffffffff];
    for (const la of values) for (const ma of values) for (const lb of values) for (const mb of values) {
      for (const rule of ["godot", "box2d", "none"] as const) expect(bitsCollide(la, ma, lb, mb, rule)).toBe(bitsCollide(lb, mb, la, ma, rule));
    }
  });
});

describe("filtering in scene queries", () => {
  // a and b overlap; so do b and c. a scans layer 2 where b is; c is on layer 4 and scans nothing.
  const a = box("a", 0, { collisionLayer: 1, collisionMask: 2 });
  const b = box("b", 1.5, { collisionLayer: 2, collisionMask: 0 });
  const c = box("c", 3, { collisionLayer: 4, collisionMask: 0 });

  it("overlaps: godot keeps a–b (a scans b), box2d drops it, none keeps every overlap", () => {
    const ids = (rule: "godot" | "box2d" | "none") => findOverlaps([a, b, c], { filter: rule }).map((p) => `${p.a}-${p.b}`);
    expect(ids("godot")).toEqual(["a-b"]);
    expect(ids("box2d")).toEqual([]);
    expect(ids("none")).toEqual(["a-b", "b-c"]);
    // The default is godot's.
    expect(findOverlaps([a, b, c]).map((p) => `${p.a}-${p.b}`)).toEqual(["a-b"]);
  });

  it("a ray sees only shapes on the layers of its mask", () => {
    const from = vec2(-10, 0), to = vec2(10, 0);
    expect(raycastScene([a, b, c], from, to)[0]?.shape).toBe("a");
    expect(raycastScene([a, b, c], from, to, { mask: 2 })[0]?.shape).toBe("b");
    expect(raycastScene([a, b, c], from, to, { mask: 4 | 2, mode: "all" }).map((h) => h.shape)).toEqual(["b", "c"]);
    expect(raycastScene([a, b, c], from, to, { mask: 8 })).toEqual([]);
  });

  it("a sweep meets only shapes the moving one interacts with, and only on the mask's layers", () => {
    const mover = box("m", -10, { collisionLayer: 1, collisionMask: 4 });
    const scene = [mover, a, b, c];
    // godot: m scans 4, so it meets c; a (layer 1, scanning 2) and m (layer 1, scanning 4) ignore
    // each other, and b (layer 2, scanning nothing) is passed through.
    expect(sweepScene(scene, "m", vec2(10, 0), { mode: "all" }).map((h) => h.shape)).toEqual(["c"]);
    // c scanning m's layer is enough for godot, not for box2d.
    const cScans = box("c", 3, { collisionLayer: 4, collisionMask: 1 });
    expect(sweepScene([mover, a, b, cScans], "m", vec2(10, 0), { mode: "all", filter: "box2d" }).map((h) => h.shape)).toEqual(["c"]);
    expect(sweepScene(scene, "m", vec2(10, 0), { mode: "all", filter: "box2d" }).map((h) => h.shape)).toEqual([]);
    expect(sweepScene(scene, "m", vec2(10, 0), { mode: "all", filter: "none", mask: 2 }).map((h) => h.shape)).toEqual(["b"]);
  });
});
