// What an `object` property (a Tiled object reference) points at in a scene, for the exporters
// that write references (Godot's NodePaths, Phaser Matter's shape ids) and the list of what they
// leave out.
import type { Scene, Shape } from "../scene/types";

/**
 * The shape an `object` property names: a Tiled object id, matched to the shape imported from that
 * object (its tiledId; of several, a copy carries its original's tiledId, the one whose id the import
 * gave, "tiled-5", else the first). 0 (none) and an id no shape has give undefined.
 */
export function objectTarget(scene: Scene, tiledId: number): Shape | undefined {
  if (tiledId === 0) return undefined;
  const imported = scene.shapes.filter((s) => s.tiledId === tiledId);
  return imported.find((s) => s.id === `tiled-${tiledId}`) ?? imported[0] ?? scene.shapes.find((s) => s.id === `tiled-${tiledId}`);
}
