// What the runtime loaders throw on a file they refuse: every problem, each named by JSON path
// (and line and column when the file came as text), in the command line's words.
import { formatProblem, type SceneProblem } from "../scene/errors";
import type { Probe, Shape } from "../scene/types";
import type { CollisionWorld } from "../collision-world";

/** A scene file refused: `problems` as the command line lists them, `message` their lines. */
export class SceneLoadError extends Error {
  override readonly name = "SceneLoadError";
  constructor(readonly problems: readonly SceneProblem[]) {
    super(problems.map((p) => formatProblem(p)).join("\n"));
  }
}

/** A loaded scene: its world (every shape in it), its shapes and its probes. */
export interface LoadedScene {
  readonly world: CollisionWorld;
  readonly shapes: readonly Shape[];
  readonly probes: readonly Probe[];
}
