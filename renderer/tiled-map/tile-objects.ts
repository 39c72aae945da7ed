// Tile objects (objects with a gid) as Tiled draws them, straight onto the screen each frame (an
// object layer holds few): the tile's picture scaled to the object's size, placed by the tileset's
// object alignment at (x, y), turned about that point, flipped in place by the gid's bits, moved
// by the tileset's tileoffset scaled as the picture is (Tiled's CellRenderer::render with the
// BottomLeft origin, as orthogonalrenderer.cpp drawMapObject calls it).
import { tileTransform } from "../../core/tiled/tile-shapes";
import { applyAffine, compose, rotationAbout, translation, type Affine } from "./affine";
import { drawFromLevel, sizesOf, tilePicture, type PictureOf } from "./draw-chunk";
import { placeMark } from "./object-marks";
import { backdropBounds, tilesetOf, type BackdropMap, type ObjectLayerDraw, type PictureSize, type TileInfo, type TileObject } from "./model";

/** A tile object's transform from its tile's picture pixels to the layer's, and that picture's size; null when no tileset has its tile. */
export function placedTileObject(map: BackdropMap, obj: TileObject, sizeOf?: PictureSize): { readonly info: TileInfo; readonly m: Affine; readonly width: number; readonly height: number } | null {
  const at = tilesetOf(map.tilesets, obj.gid);
  const info = at ? at.tileset.tile(at.id, sizeOf) : null;
  if (!at || !info) return null;
  const W = info.image?.width ?? info.placement.imageWidth, H = info.image?.height ?? info.placement.imageHeight;
  // A tile object with no size is its picture's size.
  const w = obj.width > 0 ? obj.width : W, h = obj.height > 0 ? obj.height : H;
  const scaleX = W > 0 ? w / W : 1, scaleY = H > 0 ? h / H : 1;
  const { tileset } = at;
  // The object's picture, its bottom-left corner at the origin: Tiled's fragment for the BottomLeft origin.
  const inObject = tileTransform({ imageWidth: W, imageHeight: H, renderWidth: w, renderHeight: h, scaleX, scaleY, offsetX: tileset.offsetX, offsetY: tileset.offsetY, cellHeight: 0 }, obj.gid);
  // The alignment point at (x, y): bottom-left is (0, h) from the top-left corner.
  const aligned = translation(obj.x - tileset.alignX * w, obj.y + (1 - tileset.alignY) * h);
  return { info, m: compose(rotationAbout(obj.rotation, obj.x, obj.y), compose(aligned, inObject)), width: W, height: H };
}

/** What drawing tile objects needs of a 2D context beyond drawing images. */
export type ObjectsContext = Pick<CanvasRenderingContext2D, "save" | "restore" | "drawImage" | "setTransform" | "fillRect"> & { fillStyle: CanvasRenderingContext2D["fillStyle"] };

/** The world rectangle the map draws: its visible tile layers' (backdropBounds), its visible tile objects' and marks' (object-marks.ts), turned as drawn; null when none. */
export function drawnBounds(map: BackdropMap): { minX: number; minY: number; maxX: number; maxY: number } | null {
  const tiles = backdropBounds(map);
  let minX = tiles?.minX ?? Infinity, minY = tiles?.minY ?? Infinity, maxX = tiles?.maxX ?? -Infinity, maxY = tiles?.maxY ?? -Infinity;
  for (const layer of map.layers) {
    if (layer.kind !== "objects" || !layer.visible) continue;
    for (const obj of layer.objects) {
      const placed = placedTileObject(map, obj);
      if (!placed) continue;
      for (const [u, v] of [[0, 0], [placed.width, 0], [0, placed.height], [placed.width, placed.height]] as const) {
        const [x, y] = applyAffine(placed.m, u, v);
        minX = Math.min(minX, x + layer.offsetX);
        minY = Math.min(minY, y + layer.offsetY);
        maxX = Math.max(maxX, x + layer.offsetX);
        maxY = Math.max(maxY, y + layer.offsetY);
      }
    }
    for (const mark of layer.marks) {
      for (const [x, y] of placeMark(mark, layer).outline) {
        minX = Math.min(minX, x);
        minY = Math.min(minY, y);
        maxX = Math.max(maxX, x);
        maxY = Math.max(maxY, y);
      }
    }
  }
  return minX <= maxX ? { minX, minY, maxX, maxY } : null;
}

export interface ObjectsFrame {
  readonly map: BackdropMap;
  readonly pictureOf: PictureOf;
  /** Layer pixels → screen pixels. */
  readonly screen: Affine;
  readonly width: number;
  readonly height: number;
  /** Hatching of a tile whose picture is missing. */
  readonly missingFill: CanvasPattern | string;
}

/** Draws a layer's tile objects; says whether a picture is still loading, and adds the missing ones to `missing`. */
export function drawTileObjects(ctx: ObjectsContext, layer: ObjectLayerDraw, frame: ObjectsFrame, missing: Map<string, string>): { readonly complete: boolean } {
  const { map, pictureOf, screen } = frame;
  const sizeOf = sizesOf(pictureOf);
  let complete = true;
  ctx.save();
  for (const obj of layer.objects) {
    const placed = placedTileObject(map, obj, sizeOf);
    if (!placed) continue;
    const m = compose(screen, placed.m);
    // Off screen: its picture's corners all beyond one edge.
    const corners = [applyAffine(m, 0, 0), applyAffine(m, placed.width, 0), applyAffine(m, 0, placed.height), applyAffine(m, placed.width, placed.height)];
    if (corners.every(([x]) => x < 0) || corners.every(([x]) => x > frame.width) || corners.every(([, y]) => y < 0) || corners.every(([, y]) => y > frame.height)) continue;
    const image = placed.info.image;
    const picture = image ? tilePicture(pictureOf, image) : null;
    if (picture?.state === "loading") {
      complete = false;
      continue;
    }
    ctx.setTransform(m.a, m.b, m.c, m.d, m.e, m.f);
    if (picture?.state === "ready" && image) drawFromLevel(ctx, picture.level, image.x, image.y, image.width, image.height, 0, 0, image.width, image.height);
    else {
      if (picture?.state === "failed" && image) missing.set(image.src, picture.message);
      ctx.fillStyle = frame.missingFill;
      ctx.fillRect(0, 0, placed.width, placed.height);
    }
  }
  ctx.restore();
  return { complete };
}
