// The comparison's tolerance slack, the fraction and normal checks, the report's frame and long
// rays, a lost hit that now starts inside a shape: against plain references, with fast-check.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CollisionWorld, compareRay, NORMAL_TOLERANCE_DEGREES, parseRayLine, replayRecordedRay, roundForDisplay, vec2, type CastHit, type RayRecord, type Scene } from "../../core/index";
import { angleBetween, RELATIVE_SLACK } from "../../core/replay/compare";
import { clipSegment, replayHtmlReport, reportRows } from "../../core/replay/html-report";
import { rayTitle } from "../../core/replay/probe-log";
import { ExpectedShapes, shapeOfMismatch, shapeSummaryLines, ShapeTally } from "../../core/replay/shape-summary";
import { describeMismatch } from "../../core/replay/describe";
import { junitBadLine, junitCase, replayJUnit } from "../../core/replay/junit";
import { summaryOf } from "./report-fixture";

const ray = (over: Partial<RayRecord> = {}): RayRecord => ({ line: 1, id: "r", from: [0, 0], to: [10, 0], extra: {}, ...over });
const hitAt = (shape: string, x: number, y = 0, normal = vec2(-1, 0), length = 10): CastHit => ({ shape, fraction: x / length, point: vec2(x, y), normal, startedInside: false });

const coordinate = fc.double({ min: -1e6, max: 1e6, noNaN: true });

describe("the tolerance: a point exactly the tolerance away (as written in decimal) is within it", () => {
  it("20.01 against 20 with 0.01: ok; the rounded distance says 0.01", () => {
    const r = compareRay(ray({ expect: { hit: true, shape: "w", point: [20, 0] } }), hitAt("w", 20.01), 0.01);
    expect(r.status).toBe("ok");
    const far = compareRay(ray({ expect: { hit: true, shape: "w", point: [20, 0] } }), hitAt("w", 20.02), 0.01);
    expect(far.mismatch?.kind).toBe("moved-point");
    expect(describeMismatch(far)).toContain(", 0.02 from the expected (20, 0)");
  });

  it("a hit point a long ray computed reads clean: (96, 300), not (96.00000000011642, 300)", () => {
    const r = compareRay(ray({ from: [-1e6, 300], to: [1e6, 300], expect: { hit: false } }), hitAt("ball", 96.00000000011642, 300), 0.01);
    expect(describeMismatch(r)).toBe("new hit: expected no hit, the ray now hits ball at (96, 300)");
  });

  it("property: an expected point off by the tolerance along x or y is ok; by the tolerance plus a visible amount, a mismatch", () => {
    fc.assert(fc.property(coordinate, coordinate, fc.constantFrom(0.001, 0.01, 0.1, 0.5, 2), fc.boolean(), (x, y, tol, alongX) => {
      const hit = hitAt("w", x + (alongX ? tol : 0), y + (alongX ? 0 : tol));
      expect(compareRay(ray({ expect: { hit: true, shape: "w", point: [x, y] } }), hit, tol).status).toBe("ok");
      // The reference: a distance beyond the tolerance by more than the slack (a billionth of the coordinates) and float rounding.
      const beyond = tol + 1e-6 * (1 + Math.abs(x) + Math.abs(y));
      const moved = hitAt("w", x + (alongX ? beyond : 0), y + (alongX ? 0 : beyond));
      expect(compareRay(ray({ expect: { hit: true, shape: "w", point: [x, y] } }), moved, tol).status).toBe("mismatch");
    }));
    expect(RELATIVE_SLACK).toBeLessThan(1e-6);
  });

  it("roundForDisplay: four significant digits, no float noise", () => {
    expect(roundForDisplay(0.010000000000001563)).toBe("0.01");
    expect(roundForDisplay(2.5)).toBe("2.5");
    expect(roundForDisplay(123456)).toBe("123500");
  });
});

describe("expect.fraction without a point is compared as a world distance along the ray", () => {
  it("fraction 0.5 expected, hit at 0.9 on a 10-unit ray: moved 4", () => {
    const r = compareRay(ray({ expect: { hit: true, shape: "wall-left", fraction: 0.5 } }), hitAt("wall-left", 9), 0.01);
    expect(r.mismatch).toEqual({ kind: "moved-point", distance: 4 });
    expect(describeMismatch(r)).toBe("moved hit point: wall-left hit at fraction 0.9, 4 along the ray from the expected fraction 0.5");
  });

  it("property: the verdict by fraction is the verdict by the point the fraction names (the same world distance)", () => {
    fc.assert(fc.property(coordinate, coordinate, fc.double({ min: 1, max: 1000, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (x, y, length, expected, actual) => {
      const r = ray({ from: [x, y], to: [x + length, y] });
      const hit: CastHit = { shape: "w", fraction: actual, point: vec2(x + actual * length, y), normal: vec2(-1, 0), startedInside: false };
      const byFraction = compareRay({ ...r, expect: { hit: true, shape: "w", fraction: expected } }, hit, 0.5);
      // The reference: how far apart the two places on the ray are, against the tolerance.
      const apart = Math.abs(actual - expected) * length;
      if (apart > 0.5 + 1e-6 * (1 + Math.abs(x) + length)) expect(byFraction.status).toBe("mismatch");
      if (apart < 0.5 - 1e-9 * (1 + Math.abs(x) + length)) expect(byFraction.status).toBe("ok");
    }));
  });

  it("a point, when recorded, decides over the fraction", () => {
    expect(compareRay(ray({ expect: { hit: true, shape: "w", fraction: 0.1, point: [9, 0] } }), hitAt("w", 9)).status).toBe("ok");
  });
});

describe("expect.normal is compared by angle", () => {
  it(`a normal turned more than ${NORMAL_TOLERANCE_DEGREES}° is turned-normal, with the angle; within it, ok`, () => {
    const turned = compareRay(ray({ expect: { hit: true, shape: "w", point: [5, 0], normal: [0, -1] } }), hitAt("w", 5));
    expect(turned.mismatch?.kind).toBe("turned-normal");
    expect(turned.mismatch?.angle).toBeCloseTo(90, 9);
    expect(describeMismatch(turned)).toBe("turned normal: w hit at (5, 0) with normal (-1, 0), 90° from the expected (0, -1)");
    const a = (NORMAL_TOLERANCE_DEGREES / 2) * (Math.PI / 180);
    expect(compareRay(ray({ expect: { hit: true, shape: "w", normal: [-Math.cos(a), Math.sin(a)] } }), hitAt("w", 5)).status).toBe("ok");
    // A normal not of unit length is a direction all the same.
    expect(compareRay(ray({ expect: { hit: true, shape: "w", normal: [-3, 0] } }), hitAt("w", 5)).status).toBe("ok");
  });

  it("property: angleBetween is the angle from the dot product (a plain reference), for any two non-zero vectors", () => {
    const v = fc.tuple(fc.double({ min: -100, max: 100, noNaN: true }), fc.double({ min: -100, max: 100, noNaN: true })).filter(([x, y]) => Math.hypot(x, y) > 1e-3);
    fc.assert(fc.property(v, v, ([ax, ay], [bx, by]) => {
      const cos = (ax * bx + ay * by) / (Math.hypot(ax, ay) * Math.hypot(bx, by));
      const reference = (Math.acos(Math.max(-1, Math.min(1, cos))) * 180) / Math.PI;
      expect(Math.abs(angleBetween(ax, ay, bx, by) - reference)).toBeLessThan(1e-3);
    }));
  });

  it("the JSON, JUnit and HTML carry the kind and the angle", () => {
    const r = compareRay(ray({ id: "n", expect: { hit: true, shape: "w", normal: [0, -1] } }), hitAt("w", 5));
    expect(junitCase(r, "log.jsonl")).toContain('<failure type="turned-normal"');
    const html = replayHtmlReport({ format: "collider-studio-scene", version: 1, shapes: [], probes: [] }, [r], summaryOf([r]), {});
    expect(html).toContain('"kind":"turned-normal"');
    expect(html).toContain('"angle":90');
  });
});

describe("a lost hit whose ray now starts inside a shape says so", () => {
  it("a wall moved over the ray's start: 'now starts inside wall'", () => {
    const world = new CollisionWorld();
    world.sync([{ id: "wall", type: "box", x: 0, y: 0, rotation: 0, width: 4, height: 4 }]);
    const r = replayRecordedRay(world, ray({ from: [0, 0], to: [10, 0], expect: { hit: true, shape: "wall", point: [8, 0] } }), 0.01);
    expect(r.mismatch?.kind).toBe("lost-hit");
    expect(r.startsInside).toBe("wall");
    expect(describeMismatch(r)).toContain("the ray now starts inside wall");
    // A ray in the open: no shape named.
    const open = replayRecordedRay(world, ray({ from: [10, 10], to: [20, 10], expect: { hit: true, shape: "wall" } }), 0.01);
    expect(open.startsInside).toBeUndefined();
    expect(describeMismatch(open)).toContain("the ray now hits nothing");
  });
});

describe("the ray log reader", () => {
  it("skips a byte order mark opening line 1 (only there)", () => {
    const r = parseRayLine('\ufeff{"id": "a", "from": [0, 0], "to": [1, 1]}', 1);
    expect(r.ok && r.ray?.id).toBe("a");
    expect(parseRayLine('\ufeff{"id": "a", "from": [0, 0], "to": [1, 1]}', 2).ok).toBe(false);
  });
});

describe("JUnit: the failure text says where the ray is; dots in a tag do not make packages; bad lines are errors", () => {
  it("frame, time, from and to in the failure's text; the tag's dots as underscores in the classname", () => {
    const r = compareRay(ray({ line: 7, frame: 12, time: 0.2, tag: "v1.2", from: [1, 2], to: [11, 2], expect: { hit: false } }), hitAt("w", 5));
    const xml = junitCase(r, "base.jsonl");
    expect(xml).toContain('classname="base.jsonl.v1_2"');
    expect(xml).toContain(">line 7, frame 12, time 0.2, from (1, 2) to (11, 2): new hit:");
  });

  it("a skipped bad line is an error test case in its own suite, counted in the head", () => {
    const xml = replayJUnit([], summaryOf([]), "log.jsonl", [{ line: 120, column: 3, message: "not valid JSON" }]);
    expect(xml).toContain('<testsuites name="log.jsonl" tests="1" failures="0" errors="1" skipped="0">');
    expect(xml).toContain('<testsuite name="(bad lines)" tests="1" failures="0" errors="1" skipped="0">');
    expect(junitBadLine({ line: 120, message: "to is missing" }, "log.jsonl")).toContain('name="line 120"><error type="bad-line" message="to is missing">');
  });
});

describe("the HTML report's drawing", () => {
  const scene: Scene = { format: "collider-studio-scene", version: 1, probes: [], shapes: [{ id: "wall", type: "box", x: 50, y: 50, rotation: 0, width: 100, height: 100 }] };

  it("a ray reaching ±1e6 does not shrink the level: the frame stays within the level and a margin, the ray clipped to it", () => {
    const long = compareRay(ray({ id: "far", from: [50, 200], to: [1e6, -1e6], expect: { hit: true, shape: "wall" } }), null);
    const html = replayHtmlReport(scene, [long], summaryOf([long]), {});
    const [x, y, w, h] = /viewBox="([^"]*)"/.exec(html)![1]!.split(" ").map(Number) as [number, number, number, number];
    // The level and the ray's start span 200 units; the ray is drawn up to half of that beyond, then 5%.
    expect(w).toBeLessThan(400);
    expect(h).toBeLessThan(400);
    expect(x).toBeLessThanOrEqual(0);
    expect(y).toBeLessThanOrEqual(0);
    const line = /<line class="ray" x1="([^"]*)" y1="([^"]*)" x2="([^"]*)" y2="([^"]*)"/.exec(html)!.slice(1).map(Number);
    expect(line[0]).toBe(50);
    expect(line[1]).toBe(200);
    for (const v of line) expect(Math.abs(v)).toBeLessThan(400);
    // A ray from and to ±1e6 through the level (the QA engineer's): the frame is the level's.
    const through = compareRay(ray({ id: "through", from: [-1e6, 50], to: [1e6, 50], expect: { hit: true, shape: "gone" } }), null);
    const page = replayHtmlReport(scene, [through], summaryOf([through]), {});
    const [, , w2, h2] = /viewBox="([^"]*)"/.exec(page)![1]!.split(" ").map(Number) as [number, number, number, number];
    expect(Math.max(w2, h2)).toBeLessThan(250);
  });

  it("property: clipSegment keeps exactly the part inside the box (a plain reference samples the segment)", () => {
    const c = fc.double({ min: -200, max: 200, noNaN: true });
    fc.assert(fc.property(c, c, c, c, (ax, ay, bx, by) => {
      const box = { minX: -50, minY: -30, maxX: 70, maxY: 40 };
      const part = clipSegment(ax, ay, bx, by, box);
      const inside = (x: number, y: number, e = 1e-7) => x >= box.minX - e && x <= box.maxX + e && y >= box.minY - e && y <= box.maxY + e;
      // Samples of the segment inside the box must lie on the part; the part's ends inside the box.
      let anyInside = false;
      for (let i = 0; i <= 64; i++) {
        const t = i / 64, x = ax + t * (bx - ax), y = ay + t * (by - ay);
        if (!inside(x, y, -1e-6)) continue;
        anyInside = true;
        expect(part).not.toBeNull();
        const [px, py, qx, qy] = part!;
        const len = Math.hypot(qx - px, qy - py), d1 = Math.hypot(x - px, y - py), d2 = Math.hypot(x - qx, y - qy);
        expect(Math.abs(d1 + d2 - len)).toBeLessThan(1e-6 * (1 + len));
      }
      if (part) {
        expect(inside(part[0], part[1])).toBe(true);
        expect(inside(part[2], part[3])).toBe(true);
      } else expect(anyInside).toBe(false);
    }));
  });

  it("lists from, to, mask and includeSensors in the table's data, and the skipped lines", () => {
    const r = compareRay(ray({ mask: 5, includeSensors: true, expect: { hit: false } }), null);
    const html = replayHtmlReport(scene, [r], summaryOf([r]), { logName: "log.jsonl", badLines: [{ line: 3, message: "to is missing" }] });
    expect(html).toContain('"from":[0,0],"to":[10,0],"mask":5,"includeSensors":true');
    expect(html).toContain('{ key: "mask", label: "Mask", num: true }');
    expect(html).toContain("1 bad line was skipped");
    expect(html).toContain("log.jsonl:3: to is missing");
  });
});

// A QA review: a mismatch said what changed but never why (a deleted coin, a coin filtered out by
// the ray's mask and a coin made a sensor all read "lost hit" or "other shape" alone), a rotated
// ramp said only that the point moved, a wrong level gave a wall of lost hits with no hint, and
// the expected point was printed with all its digits beside a rounded actual one.
describe("a mismatch says why the expected shape was not hit", () => {
  const coins = (over: Record<string, unknown> = {}): Scene["shapes"] => [
    { id: "plat-2", type: "box", x: 520, y: 320, rotation: 0, width: 200, height: 20 },
    { id: "coin-2", type: "circle", x: 520, y: 290, rotation: 0, radius: 10, ...over } as Scene["shapes"][number],
  ];
  const down = (over: Partial<RayRecord> = {}) => ray({ line: 6, id: "ray-6", from: [520, 100], to: [520, 400], expect: { hit: true, shape: "coin-2", point: [520, 280] }, ...over });
  const replayIn = (shapes: Scene["shapes"], r: RayRecord, includeSensors = false) => {
    const world = new CollisionWorld();
    world.sync(shapes);
    return replayRecordedRay(world, r, 0.01, includeSensors);
  };

  it("the expected shape deleted: 'is no longer in the scene' (behind it: another shape; nothing behind: a lost hit)", () => {
    const other = replayIn(coins().slice(0, 1), down());
    expect(other.reason).toEqual({ kind: "shape-gone", shape: "coin-2" });
    expect(describeMismatch(other)).toBe("other shape: expected coin-2 at (520, 280), the ray now hits plat-2 at (520, 310): coin-2 is no longer in the scene");
    const lost = replayIn([], down());
    expect(describeMismatch(lost)).toBe("lost hit: expected coin-2 at (520, 280), the ray now hits nothing: coin-2 is no longer in the scene");
  });

  it("its collisionLayer no longer in the ray's mask: names both", () => {
    const r = replayIn(coins({ collisionLayer: 1 }).slice(1), down({ mask: 4 }));
    expect(r.mismatch?.kind).toBe("lost-hit");
    expect(r.reason).toEqual({ kind: "layer-not-in-mask", shape: "coin-2", collisionLayer: 1, mask: 4 });
    expect(describeMismatch(r)).toBe("lost hit: expected coin-2 at (520, 280), the ray now hits nothing: coin-2 is on the ray but its collisionLayer 1 is not in the ray's mask 4");
  });

  it("made a sensor: says rays pass through sensors; --include-sensors (or the ray's includeSensors) still hits it", () => {
    const r = replayIn(coins({ sensor: true }), down());
    expect(describeMismatch(r)).toBe("other shape: expected coin-2 at (520, 280), the ray now hits plat-2 at (520, 310): coin-2 is now a sensor; rays pass through sensors unless includeSensors");
    expect(replayIn(coins({ sensor: true }), down(), true).status).toBe("ok");
  });

  it("another shape now in front of it, or it moved off the ray", () => {
    const front = replayIn([...coins(), { id: "crate", type: "box", x: 520, y: 200, rotation: 0, width: 40, height: 40 }], down());
    expect(front.reason).toEqual({ kind: "blocked", shape: "coin-2", by: "crate" });
    expect(describeMismatch(front)).toMatch(/: crate is now in front of coin-2$/);
    const moved = replayIn(coins({ x: 900 }), down());
    expect(describeMismatch(moved)).toMatch(/: coin-2 is in the scene but no longer on the ray$/);
  });

  it("a ray that now starts inside the shape it expected gets no second reason", () => {
    const r = replayIn(coins({ y: 100, radius: 30 }).slice(1), down());
    expect(r.startsInside).toBe("coin-2");
    expect(r.reason).toBeUndefined();
  });

  it("a ramp turned 5°: the moved point also says how far its normal turned (angle in the result)", () => {
    const a = (5 * Math.PI) / 180;
    const n = vec2(-Math.SQRT1_2 * Math.cos(a) + Math.SQRT1_2 * Math.sin(a), -Math.SQRT1_2 * Math.sin(a) - Math.SQRT1_2 * Math.cos(a));
    const r = compareRay(ray({ from: [700, 300], to: [700, 600], expect: { hit: true, shape: "ramp", point: [700, 533.3333333333334], normal: [-Math.SQRT1_2, -Math.SQRT1_2] } }),
      { shape: "ramp", fraction: 0.78, point: vec2(700, 535.2224342), normal: n, startedInside: false });
    expect(r.mismatch?.kind).toBe("moved-point");
    expect(r.mismatch?.angle).toBeCloseTo(5, 9);
    // The expected point rounded as the actual one is (10 significant digits), not printed raw.
    expect(describeMismatch(r)).toBe("moved hit point: ramp hit at (700, 535.2224342), 1.889 from the expected (700, 533.3333333), the normal turned 5°");
    // Within the normal's tolerance: no angle beside the moved point.
    const still = compareRay(ray({ expect: { hit: true, shape: "w", point: [4, 0], normal: [-1, 0] } }), hitAt("w", 5));
    expect(still.mismatch).toEqual({ kind: "moved-point", distance: 1 });
  });
});

describe("a ray is named by its id and its name in the command line's reports", () => {
  it("rayTitle: `ray-1 \"floor probe A\"`, the id alone without a name; a JUnit case is named by the id (CI keeps its history by name) and its failure text carries both; the HTML rows both", () => {
    const named = ray({ id: "ray-1", extra: { name: "floor probe A" }, expect: { hit: false } });
    expect(rayTitle(named)).toBe('ray-1 "floor probe A"');
    expect(rayTitle(ray({ id: "ray-2", extra: { name: " " } }))).toBe("ray-2");
    const r = compareRay(named, hitAt("w", 5));
    expect(junitCase(r, "log.jsonl")).toContain('name="ray-1"><failure type="new-hit" message="new hit: expected no hit, the ray now hits w at (5, 0)">ray-1 &quot;floor probe A&quot;, line 1, from');
    expect(reportRows([r])[0]).toMatchObject({ id: "ray-1", name: "floor probe A" });
  });
});

describe("the mismatches by shape", () => {
  it("counts by shape and kind, with the moved distances' range and median; most rays first, ties by id", () => {
    const t = new ShapeTally();
    for (const d of [1.9, 2.9, 23, 2.5]) t.add("plat-1", "moved-point", d);
    t.add("plat-1", "lost-hit", NaN);
    t.add("coin", "turned-normal", 5);
    t.add("a-coin", "lost-hit", NaN);
    const s = t.summary();
    expect(s.map((x) => x.shape)).toEqual(["plat-1", "a-coin", "coin"]);
    expect(s[0]).toEqual({ shape: "plat-1", rays: 5, kinds: [{ kind: "moved-point", count: 4, min: 1.9, max: 23, median: 2.7 }, { kind: "lost-hit", count: 1 }] });
    expect(shapeSummaryLines(s)).toEqual(["plat-1: 5 rays: moved-point 4 (1.9–23, median 2.7), lost-hit 1", "a-coin: 1 ray: lost-hit 1", "coin: 1 ray: turned-normal 1 (5°)"]);
    expect(shapeSummaryLines(s, 1)).toEqual(["plat-1: 5 rays: moved-point 4 (1.9–23, median 2.7), lost-hit 1", "and 2 more shapes (2 rays)"]);
  });

  it("a mismatch is filed under the shape it expected, a new hit under the shape it hits now", () => {
    expect(shapeOfMismatch(compareRay(ray({ expect: { hit: true, shape: "gone" } }), null))).toBe("gone");
    expect(shapeOfMismatch(compareRay(ray({ expect: { hit: false } }), hitAt("w", 5)))).toBe("w");
  });

  it("warns once when none of the shapes a log expects are in the scene, naming a few", () => {
    const e = new ExpectedShapes();
    for (const s of ["plat-1", "coin-2", "coin-3", "ramp", "coin-2", "spikes"]) e.addMissing(s);
    expect(e.warning("other.json")).toBe("none of the 5 shapes this log expects (plat-1, coin-2, coin-3, …) are in other.json: is this the right level?");
    e.addPresent(1);
    expect(e.warning("other.json")).toBeNull();
    expect(new ExpectedShapes().warning("x.json")).toBeNull();
  });

  it("the HTML report shows the table under the counts, escaped", () => {
    const t = new ShapeTally();
    t.add("<b>", "lost-hit", NaN);
    const html = replayHtmlReport({ format: "collider-studio-scene", version: 1, shapes: [], probes: [] }, [], summaryOf([]), { byShape: t.summary() });
    expect(html).toContain('<table id="by-shape"><caption>Mismatches by shape</caption>');
    expect(html).toContain("<tr><td>&#60;b&#62;</td><td class=\"num\">1</td><td>lost-hit 1</td></tr>");
    expect(html.indexOf('id="by-shape"')).toBeLessThan(html.indexOf('id="level"'));
  });
});

describe("a ray log line from a newer version of the format", () => {
  it("is refused, naming the version; version 1 is read and kept", () => {
    const newer = parseRayLine('{"version": 2, "id": "a", "from": [0, 0], "to": [1, 1]}', 4);
    expect(newer).toEqual({ ok: false, problem: { line: 4, message: "version 2: this build reads ray logs up to version 1 (a newer collider-studio wrote this line; update collider-studio)" } });
    const v1 = parseRayLine('{"version": 1, "id": "a", "from": [0, 0], "to": [1, 1]}', 4);
    expect(v1.ok && v1.ray?.extra).toEqual({ version: 1 });
  });

  // Regression: "version": "2" (a string) was replayed as if it were version 1, while 2 was refused.
  it("is refused when the version is not a whole number from 1, naming the field", () => {
    const bad = (v: string): unknown => parseRayLine(`{"version": ${v}, "id": "a", "from": [0, 0], "to": [1, 1]}`, 3);
    expect(bad('"2"')).toEqual({ ok: false, problem: { line: 3, message: 'version: must be a whole number from 1 (got "2")' } });
    expect(bad('"1"')).toEqual({ ok: false, problem: { line: 3, message: 'version: must be a whole number from 1 (got "1")' } });
    expect(bad("0")).toEqual({ ok: false, problem: { line: 3, message: "version: must be a whole number from 1 (got 0)" } });
    expect(bad("1.5")).toEqual({ ok: false, problem: { line: 3, message: "version: must be a whole number from 1 (got 1.5)" } });
    expect(bad("null")).toEqual({ ok: false, problem: { line: 3, message: "version: must be a whole number from 1 (got null)" } });
  });
});
