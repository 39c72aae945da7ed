// The error a CollisionWorld edit or query throws for bad input from a game: an unknown or
// duplicate id, a number that is not finite or beyond the format's limits, a shape the scene
// format refuses. The message names the call and the shape; `problems` lists each problem found.

/**
 * What a CollisionWorld (its edits, its queries, its options) and loadScene's options throw for bad
 * input from a game: an unknown or duplicate id, a number that is not finite or beyond the format's
 * limits, a shape the scene format refuses, an unknown option. `message` names the call and the
 * shape or argument (`move("player"): y: is missing (expected a number)`).
 */
export class WorldError extends Error {
  /** "WorldError", whichever copy of the package threw it (test `error.name` rather than `instanceof` across copies). */
  override readonly name = "WorldError";

  /**
   * The error with its message and its problems.
   *
   * @param message - The whole message, naming the call.
   * @param problems - Each problem found, one line each (sync() lists every bad shape); `[message]` by default.
   */
  constructor(
    message: string,
    /** Each problem found, one line each (sync() lists every bad shape). */
    readonly problems: readonly string[] = [message],
  ) {
    super(message);
  }
}

/**
 * What the package's pair queries (collide, rayCast, shapeCast, timeOfImpact) throw for bad
 * input: a geometry not made by a maker, a transform that is not a rotation and a position, a
 * number that is NaN or not finite. The message names the call and the argument.
 */
export class GeometryError extends Error {
  /** "GeometryError", whichever copy of the package threw it. */
  override readonly name = "GeometryError";
}
