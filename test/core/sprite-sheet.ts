// Pinned sprite sheets for the tracer's tests and `npm run bench`: a grid of cells, each holding
// one blob (a wobbly disc, some with holes, some made of overlapping ellipses), with alpha falling
// off over a pixel and a half at the edge as painted sprites have.
import { seededRandom } from "../seeded-random";

export interface SpriteSheet {
  readonly width: number;
  readonly height: number;
  /** RGBA, four bytes a pixel. */
  readonly data: Uint8Array;
}

/** Alpha (0–1) at a signed distance from a blob's edge (positive inside): a ramp 1.5 px wide. */
const ramp = (d: number): number => Math.min(1, Math.max(0, 0.5 + d / 1.5));

/**
 * A sheet of `cells` × `cells` sprites, each `cell` pixels square, from `seed`. Every fourth
 * sprite has one to three holes; every third is a cluster of ellipses.
 */
export function makeSpriteSheet(seed: number, cells = 8, cell = 256): SpriteSheet {
  const random = seededRandom(seed);
  const width = cells * cell, height = cells * cell;
  const data = new Uint8Array(width * height * 4);
  for (let cy = 0; cy < cells; cy++) {
    for (let cx = 0; cx < cells; cx++) {
      const k = cy * cells + cx;
      const inside = k % 3 === 2 ? ellipses(random, cell) : wobblyDisc(random, cell, k % 4 === 3);
      for (let j = 0; j < cell; j++) {
        for (let i = 0; i < cell; i++) {
          const a = Math.round(255 * ramp(inside(i + 0.5, j + 0.5)));
          if (a === 0) continue;
          const at = 4 * ((cy * cell + j) * width + cx * cell + i);
          data[at] = 40 + (k * 37) % 200; data[at + 1] = 90; data[at + 2] = 160; data[at + 3] = a;
        }
      }
    }
  }
  return { width, height, data };
}

type Field = (x: number, y: number) => number;

/** A disc whose radius wobbles with a few harmonics; with holes, smaller wobbly discs cut out of it. */
function wobblyDisc(random: () => number, cell: number, holes: boolean): Field {
  const c = cell / 2, base = cell * (0.25 + 0.15 * random());
  const harmonics = Array.from({ length: 4 }, (_, h) => ({ k: h + 2, a: base * 0.08 * random(), p: 2 * Math.PI * random() }));
  const radius = (t: number) => base + harmonics.reduce((s, h) => s + h.a * Math.sin(h.k * t + h.p), 0);
  const cut = holes ? Array.from({ length: 1 + Math.floor(3 * random()) }, () => {
    const t = 2 * Math.PI * random(), d = base * 0.45 * random();
    return { x: c + d * Math.cos(t), y: c + d * Math.sin(t), r: base * (0.12 + 0.12 * random()) };
  }) : [];
  return (x, y) => {
    const dx = x - c, dy = y - c;
    let d = radius(Math.atan2(dy, dx)) - Math.hypot(dx, dy);
    for (const h of cut) d = Math.min(d, Math.hypot(x - h.x, y - h.y) - h.r);
    return d;
  };
}

/** Two to four overlapping ellipses at random angles. */
function ellipses(random: () => number, cell: number): Field {
  const parts = Array.from({ length: 2 + Math.floor(3 * random()) }, () => ({
    x: cell * (0.3 + 0.4 * random()), y: cell * (0.3 + 0.4 * random()),
    a: cell * (0.1 + 0.15 * random()), b: cell * (0.06 + 0.1 * random()), t: Math.PI * random(),
  }));
  return (x, y) => {
    let d = -Infinity;
    for (const e of parts) {
      const c = Math.cos(e.t), s = Math.sin(e.t);
      const u = ((x - e.x) * c + (y - e.y) * s) / e.a, v = (-(x - e.x) * s + (y - e.y) * c) / e.b;
      // Distance to an ellipse's edge, roughly: exact on its axes, close enough for a test sprite.
      d = Math.max(d, (1 - Math.hypot(u, v)) * Math.min(e.a, e.b));
    }
    return d;
  };
}
