// Scene files last: a file of any earlier version is brought up to the current one, one step per
// version, before it is validated. MIGRATIONS[v] turns a version-v document into a version v + 1
// document. Version 1 is the first published format, so there are no steps yet; when the format
// changes, bump SCENE_VERSION, add the step here, and keep a fixture of the old version under
// test/fixtures/versions/ (a test loads every one). An addition that leaves every older file
// reading as before stays within the version, the README's table saying so and what an older build
// does with a file using it: new optional fields whose absence means what older files meant (older
// builds keep them as unknown fields and write them back without acting on them: an older build
// takes a `sensor` for a solid shape), and new values an older build refuses, naming their path,
// rather than losing them: property types, shape kinds (`chain`), looser rules (concave polygons).
// A change in what an existing file means needs a new version and a step here.

/** A parsed JSON document, as found in the file. */
export type SceneDocument = Record<string, unknown>;
/** Returns the next version's document; must not modify its argument. */
export type Migration = (doc: SceneDocument) => SceneDocument;

export const MIGRATIONS: Readonly<Record<number, Migration>> = {};

export type Migrated = { readonly ok: true; readonly doc: SceneDocument } | { readonly ok: false; readonly message: string };

/**
 * Applies the steps from `from` up to `to` in order, and sets `version` after each. A missing
 * step is a failure with a message, not an exception (a build that forgot one must not crash).
 */
export function migrateScene(doc: SceneDocument, from: number, to: number, steps: Readonly<Record<number, Migration>> = MIGRATIONS): Migrated {
  let current = doc;
  for (let v = from; v < to; v++) {
    const step = steps[v];
    if (!step) return { ok: false, message: `no migration from version ${v} to ${v + 1} in this build` };
    current = { ...step(current), version: v + 1 };
  }
  return { ok: true, doc: current };
}
