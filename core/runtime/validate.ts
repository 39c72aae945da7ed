// The runtime package's `@collider-studio/core/validate` entry: loadScene through the editor's own
// validator (zod, bundled into this entry), which checks every field of a file as the command line
// does, custom properties, layers and images included. Heavier than the main entry's loader, which
// checks what collision reads with the same messages.
import { CollisionWorld, type CollisionWorldOptions } from "../collision-world";
import { parseScene, validateSceneData } from "../scene/io";
import type { SceneProblem } from "../scene/errors";
import { checkWorldOptions } from "../query-arguments";
import { SCENE_VERSION } from "../scene/types";
import { newerVersionMessage } from "./package-version";
import { SceneLoadError, type LoadedScene } from "./scene-error";

/** The editor's "newer version" problem in the package's words, which name the package to update. */
function namingPackage(p: SceneProblem): SceneProblem {
  const newer = p.path === "version" ? /^version (\d+) is newer than /.exec(p.message) : null;
  return newer ? { ...p, message: newerVersionMessage(Number(newer[1]), SCENE_VERSION) } : p;
}

/** As the main entry's loadScene, with the full validation of `collider-studio check`. */
export function loadScene(json: string | unknown, options: CollisionWorldOptions = {}): LoadedScene {
  checkWorldOptions("loadScene", options);
  const result = typeof json === "string" ? parseScene(json) : validateSceneData(json);
  if (!result.ok) throw new SceneLoadError(result.problems.map(namingPackage));
  const world = new CollisionWorld(options);
  world.sync(result.scene.shapes);
  world.prepareGeometry();
  return { world, shapes: result.scene.shapes, probes: result.scene.probes };
}

export { SceneLoadError, type LoadedScene } from "./scene-error";
/** parseScene's full result without throwing: the scene, or every problem. */
export { parseScene, validateSceneData, type SceneParseResult } from "../scene/io";
