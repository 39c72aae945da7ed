// The objects a game makes and hands back to the world (QueryHit, PlaneResult, OverlapBuffer,
// SensorEventBuffer) are known by a mark in the global symbol registry on their class's prototype
// as well as by instanceof, so that one made by another copy of the package is taken too: a
// program that loads both the ESM and the CommonJS build (an `import` here, a `require` in a
// dependency) has two copies of every class, and instanceof tells them apart (the dual package
// hazard). The world only writes numbers and strings into these objects.

const mark = (name: string): symbol => Symbol.for(`@collider-studio/core ${name}`);

/** Marks the instances of `cls` as `name`'s, for isMarked. */
export function markClass(cls: { readonly prototype: object }, name: string): void {
  Object.defineProperty(cls.prototype, mark(name), { value: true });
}

/** Whether `v` is an instance of a class marked `name` (of type T), from any copy of the package. */
export function isMarked<T extends object = object>(v: unknown, name: string): v is T {
  return typeof v === "object" && v !== null && (v as Record<symbol, unknown>)[mark(name)] === true;
}
