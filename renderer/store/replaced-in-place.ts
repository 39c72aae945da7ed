// How a drag step (or an inspector edit) changes the document: a new shapes array in which a few
// shape objects were replaced where they stood. Views that derive something from the shapes
// follow their last result through these few instead of deriving it again.

/**
 * The indices at which `after` holds another object than `before`, when it is `before` with
 * items replaced in place (same length, same id at every index; null, an empty place, may take
 * or give any index); null otherwise, or once more than `limit` were replaced.
 */
export function replacedInPlace<T extends { readonly id: string }>(before: readonly (T | null)[], after: readonly (T | null)[], limit = Infinity): number[] | null {
  if (before.length !== after.length) return null;
  const replaced: number[] = [];
  if (before === after) return replaced;
  for (let i = 0; i < after.length; i++) {
    const a = before[i]!, b = after[i]!;
    if (a === b) continue;
    if ((a !== null && b !== null && a.id !== b.id) || replaced.length === limit) return null;
    replaced.push(i);
  }
  return replaced;
}
