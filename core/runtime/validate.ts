// The runtime package's `@collider-studio/core/validate` entry: loadScene through the editor's own
// validator (zod, bundled into this entry), which checks every field of a file as the command line
// does, custom properties, layers and images included. Heavier than the main entry's loader, which
// checks what collision reads with the same messages.
import { CollisionWorld, type CollisionWorldOptions } from "../collision-world";
import { parseScene, validateSceneData } from "../scene/io";
import type { SceneProblem } from "../scene/errors";
import { checkWorldOptions } from "../query-arguments";
import { newerVersion } from "./package-version";
import { SceneLoadError, sceneText, type LoadedScene, type SceneInput } from "./scene-error";

/** The editor's "newer version" problem in the package's words, which name the package to update (as the main entry's). */
function namingPackage(p: SceneProblem): SceneProblem {
  const newer = p.path === "version" ? /^version (\S+) is newer than /.exec(p.message) : null;
  const message = newer ? newerVersion(Number(newer[1])) : null;
  return message === null ? p : { ...p, message };
}

/**
 * The main entry's loadScene with the full validation of `collider-studio validate`: every field
 * of the file checked, custom properties, layers and images included. Takes the same input (text,
 * UTF-8 bytes or parsed JSON) and options, and throws the same errors.
 *
 * @param json - The scene file: its text, its bytes, or its parsed JSON.
 * @param options - The world's options: `filter`, "godot" by default.
 */
export function loadScene(json: SceneInput, options: CollisionWorldOptions = {}): LoadedScene {
  checkWorldOptions("loadScene", options);
  const text = sceneText(json);
  const result = text !== undefined ? parseScene(text) : validateSceneData(json);
  if (!result.ok) throw new SceneLoadError(result.problems.map(namingPackage));
  const world = new CollisionWorld(options);
  world.sync(result.scene.shapes);
  world.prepareGeometry();
  return { world, shapes: result.scene.shapes, probes: result.scene.probes };
}

export { SceneLoadError, type LoadedScene, type SceneInput, type SceneObject } from "./scene-error";
// Each documented where declared (core/scene/io.ts), so that the .d.ts files carry the comments.
export { parseScene, validateSceneData, type SceneParseResult } from "../scene/io";
