// The error a CollisionWorld edit or query throws for bad input from a game: an unknown or
// duplicate id, a number that is not finite or beyond the format's limits, a shape the scene
// format refuses. The message names the call and the shape; `problems` lists each problem found.

export class WorldError extends Error {
  override readonly name = "WorldError";

  constructor(message: string, readonly problems: readonly string[] = [message]) {
    super(message);
  }
}

/**
 * What the package's pair queries (collide, rayCast, shapeCast, timeOfImpact) throw for bad
 * input: a geometry not made by a maker, a transform that is not a rotation and a position, a
 * number that is NaN or not finite. The message names the call and the argument.
 */
export class GeometryError extends Error {
  override readonly name = "GeometryError";
}
