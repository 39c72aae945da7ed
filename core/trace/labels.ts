// The union–find parents array of the raster labellers (marching-squares.ts, specks.ts): labels
// are handed out in order, each its own parent at first.

/** `parent` with room for label `next` (the same array, or one twice as long holding it). */
export function withRoomFor(parent: Int32Array<ArrayBuffer>, next: number): Int32Array<ArrayBuffer> {
  if (next < parent.length) return parent;
  const grown = new Int32Array(2 * parent.length);
  grown.set(parent);
  return grown;
}
