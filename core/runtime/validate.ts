// The runtime package's `@collider-studio/core/validate` entry: loadScene through the editor's own
// validator (zod, bundled into this entry), which checks every field of a file as the command line
// does, custom properties, layers and images included. Heavier than the main entry's loader, which
// checks what collision reads with the same messages.
import { CollisionWorld, type CollisionWorldOptions } from "../collision-world";
import { parseScene, validateSceneData } from "../scene/io";
import { SceneLoadError, type LoadedScene } from "./scene-error";

/** As the main entry's loadScene, with the full validation of `collider-studio check`. */
export function loadScene(json: string | unknown, options: CollisionWorldOptions = {}): LoadedScene {
  const result = typeof json === "string" ? parseScene(json) : validateSceneData(json);
  if (!result.ok) throw new SceneLoadError(result.problems);
  const world = new CollisionWorld(options);
  world.sync(result.scene.shapes);
  world.prepareGeometry();
  return { world, shapes: result.scene.shapes, probes: result.scene.probes };
}

export { SceneLoadError, type LoadedScene } from "./scene-error";
/** parseScene's full result without throwing: the scene, or every problem. */
export { parseScene, validateSceneData, type SceneParseResult } from "../scene/io";
