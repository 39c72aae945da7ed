// A 1,000 × 1,000-tile Tiled map for the editor benchmark (issue 25): 32-pixel tiles from an
// 8 × 8 atlas (each tile its own colour with a darker corner), a full ground layer and a sparse
// decoration layer (one cell in ten, some flipped), CSV data as Tiled writes TMJ by default; and a
// scene beside it that names it as its backdrop.
import { encode } from "fast-png";
import { seededRandom } from "../seeded-random";

export const BENCH_MAP_SIDE = 1000;
const TILE = 32, COLUMNS = 8;

export function benchAtlasPng(): Uint8Array {
  const side = TILE * COLUMNS;
  const data = new Uint8Array(side * side * 4);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const id = Math.floor(y / TILE) * COLUMNS + Math.floor(x / TILE);
      const corner = x % TILE < 8 && y % TILE < 8 ? 0.5 : 1;
      data.set([((id * 37) % 200 + 40) * corner, ((id * 71) % 200 + 40) * corner, ((id * 113) % 200 + 40) * corner, 255], (y * side + x) * 4);
    }
  }
  return encode({ width: side, height: side, data, channels: 4, depth: 8 });
}

export function benchMapText(side = BENCH_MAP_SIDE): string {
  const rnd = seededRandom(25);
  const ground = new Array<number>(side * side);
  const deco = new Array<number>(side * side).fill(0);
  for (let i = 0; i < side * side; i++) {
    ground[i] = 1 + Math.floor(rnd() * 64);
    if (rnd() < 0.1) deco[i] = (1 + Math.floor(rnd() * 64) + (rnd() < 0.3 ? 0x80000000 : 0)) >>> 0;
  }
  const layer = (id: number, name: string, data: number[]) => ({ id, name, type: "tilelayer", x: 0, y: 0, width: side, height: side, opacity: 1, visible: true, data });
  return JSON.stringify({
    type: "map", version: "1.8", orientation: "orthogonal", renderorder: "right-down", width: side, height: side, tilewidth: TILE, tileheight: TILE, infinite: false,
    tilesets: [{ firstgid: 1, name: "atlas", image: "atlas.png", imagewidth: TILE * COLUMNS, imageheight: TILE * COLUMNS, tilewidth: TILE, tileheight: TILE, margin: 0, spacing: 0, columns: COLUMNS, tilecount: 64 }],
    layers: [layer(1, "ground", ground), layer(2, "deco", deco)],
  });
}

export const benchMapScene = (): string => JSON.stringify({ format: "collider-studio-scene", version: 1, tiledMap: { src: "maps/big.tmj" }, shapes: [] });
