// A tile's collision shapes (Tiled's Tile Collision Editor) as outlines where the tile is placed:
// each shape turned about its own (x, y) by its rotation, then carried by the tile's transform
// (core/tiled/tile-shapes.ts tileTransform), so a flipped or turned tile's shapes flip and turn with it, as
// Tiled draws them (CellRenderer::paintTileCollisionShapes). Curves become polygons. Pure.
import { applyAffine, compose, rotationAbout, type Affine } from "./affine";
import type { TileShape } from "./model";

export interface Outline {
  readonly points: readonly (readonly [number, number])[];
  /** Polygons, closed chains, rectangles, ellipses and capsules close; a polyline does not. */
  readonly closed: boolean;
  /** Shapes of area are filled; chains (a polyline, a polygon of class "chain") are only stroked. */
  readonly filled: boolean;
  /** A point object: drawn as a marker at its one point. */
  readonly marker: boolean;
}

/** Segments of a whole ellipse (a capsule's two caps share as many). */
const SEGMENTS = 24;

function ellipse(cx: number, cy: number, rx: number, ry: number): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < SEGMENTS; i++) {
    const t = (2 * Math.PI * i) / SEGMENTS;
    out.push([cx + rx * Math.cos(t), cy + ry * Math.sin(t)]);
  }
  return out;
}

/** A capsule in a w × h box: its caps' radius is half the shorter side, along the longer. */
function capsule(x: number, y: number, w: number, h: number): [number, number][] {
  const r = Math.min(w, h) / 2;
  const out: [number, number][] = [];
  const cap = (cx: number, cy: number, from: number) => {
    for (let i = 0; i <= SEGMENTS / 2; i++) {
      const t = from + (Math.PI * i) / (SEGMENTS / 2);
      out.push([cx + r * Math.cos(t), cy + r * Math.sin(t)]);
    }
  };
  if (w >= h) {
    cap(x + w - r, y + r, -Math.PI / 2);
    cap(x + r, y + r, Math.PI / 2);
  } else {
    cap(x + r, y + h - r, 0);
    cap(x + r, y + r, Math.PI);
  }
  return out;
}

/** The shape's outline in its own tile's pixels, before its rotation. */
function localPoints(s: TileShape): [number, number][] {
  switch (s.kind) {
    case "rectangle":
      return [[s.x, s.y], [s.x + s.width, s.y], [s.x + s.width, s.y + s.height], [s.x, s.y + s.height]];
    case "ellipse":
      return ellipse(s.x + s.width / 2, s.y + s.height / 2, s.width / 2, s.height / 2);
    case "capsule":
      return capsule(s.x, s.y, s.width, s.height);
    case "polygon":
    case "chain":
    case "polyline":
      return s.points.map(([px, py]) => [s.x + px, s.y + py]);
    case "point":
      return [[s.x, s.y]];
  }
}

/** Where `shape` of a tile is drawn, the tile's pixels mapped by `tile`. */
export function tileShapeOutline(shape: TileShape, tile: Affine): Outline {
  const m = shape.rotation === 0 ? tile : compose(tile, rotationAbout(shape.rotation, shape.x, shape.y));
  return {
    points: localPoints(shape).map(([x, y]) => applyAffine(m, x, y)),
    closed: shape.kind !== "polyline" && shape.kind !== "point",
    filled: shape.kind !== "polyline" && shape.kind !== "chain" && shape.kind !== "point",
    marker: shape.kind === "point",
  };
}
