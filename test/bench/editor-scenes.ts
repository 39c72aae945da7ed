// Seeded large scenes for the editor benchmark and the scale e2e test: all four shape kinds at a
// density like a real level (a few hundred shapes in a 100 % view, about a third of them
// overlapping a neighbour), over three layers, with a few rays so probes are live too.
import { normalizeDegrees, serializeScene, type Layer, type Probe, type Scene, type Shape } from "../../core";
import { seededRandom } from "../seeded-random";

export const SCALE_LAYERS: readonly Layer[] = [
  { id: "ground", name: "Ground" },
  { id: "props", name: "Props" },
  { id: "triggers", name: "Triggers" },
];

/** World units per shape along each side: one shape per SPACING² on average. */
const SPACING = 70;

/** The side of the square the shapes of a `count`-shape scene are spread over, centred on 0. */
export const sceneSide = (count: number): number => Math.ceil(Math.sqrt(count)) * SPACING;

export function scaleScene(count: number, seed = 7): Scene {
  const rnd = seededRandom(seed);
  const side = sceneSide(count);
  const at = () => Math.round((rnd() - 0.5) * side * 10) / 10;
  const size = (lo: number, hi: number) => Math.round((lo + rnd() * (hi - lo)) * 10) / 10;
  const shapes: Shape[] = [];
  for (let i = 0; i < count; i++) {
    // Rotations as the editor keeps them, in (−180, 180], so the scene is the one its file reads as.
    const base = { id: `s${i}`, layer: SCALE_LAYERS[i % SCALE_LAYERS.length]!.id, x: at(), y: at(), rotation: normalizeDegrees(Math.round(rnd() * 360)) };
    const kind = i % 4;
    if (kind === 0) shapes.push({ ...base, type: "circle", radius: size(6, 22), rotation: 0 });
    else if (kind === 1) shapes.push({ ...base, type: "box", width: size(12, 50), height: size(12, 40) });
    else if (kind === 2) {
      const radius = size(5, 12);
      shapes.push({ ...base, type: "capsule", radius, height: 2 * radius + size(5, 30) });
    } else {
      // A convex polygon: 3–8 points on a circle at increasing angles.
      const n = 3 + Math.floor(rnd() * 6), r = size(10, 28);
      const points: [number, number][] = [];
      for (let k = 0; k < n; k++) {
        const a = ((k + 0.3 * rnd()) / n) * 2 * Math.PI;
        points.push([Math.round(r * Math.cos(a) * 10) / 10, Math.round(r * Math.sin(a) * 10) / 10]);
      }
      shapes.push({ ...base, type: "polygon", points });
    }
  }
  const probes: Probe[] = [];
  for (let k = 0; k < 4; k++) probes.push({ id: `ray${k}`, name: `ray ${k}`, type: "ray", from: [at(), at()], to: [at(), at()] });
  return { format: "collider-studio-scene", version: 1, shapes, probes, layers: SCALE_LAYERS };
}

export const scaleSceneText = (count: number, seed = 7): string => serializeScene(scaleScene(count, seed));
