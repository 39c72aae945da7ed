// The error a CollisionWorld edit or query throws for bad input from a game: an unknown or
// duplicate id, a number that is not finite or beyond the format's limits, a shape the scene
// format refuses. The message names the call and the shape; `problems` lists each problem found.

export class WorldError extends Error {
  override readonly name = "WorldError";

  constructor(message: string, readonly problems: readonly string[] = [message]) {
    super(message);
  }
}
