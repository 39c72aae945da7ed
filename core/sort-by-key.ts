// An in-place sort of numbers with a value riding along each, for lists a game loop sorts every
// frame: Array.prototype.sort with a comparator wants objects to sort, and a typed array's sort
// works on a whole array or on a subarray view made for the call.

/** Sorts keys[0…n) ascending, moving values[i] with keys[i]: a quicksort (Hoare's partition around a median of three, the shorter side first) with insertion sort under 16. */
export function sortByKey(keys: Float64Array, values: Int32Array, n: number): void {
  sortRange(keys, values, 0, n - 1);
}

function sortRange(keys: Float64Array, values: Int32Array, lo: number, hi: number): void {
  while (hi - lo > 16) {
    const x = keys[lo]!, y = keys[(lo + hi) >> 1]!, z = keys[hi]!;
    const pivot = x < y ? (y < z ? y : x < z ? z : x) : x < z ? x : y < z ? z : y;
    let i = lo, j = hi;
    while (i <= j) {
      while (keys[i]! < pivot) i++;
      while (keys[j]! > pivot) j--;
      if (i <= j) {
        swap(keys, values, i, j);
        i++;
        j--;
      }
    }
    if (j - lo < hi - i) {
      sortRange(keys, values, lo, j);
      lo = i;
    } else {
      sortRange(keys, values, i, hi);
      hi = j;
    }
  }
  for (let i = lo + 1; i <= hi; i++) {
    const key = keys[i]!, value = values[i]!;
    let j = i - 1;
    for (; j >= lo && keys[j]! > key; j--) {
      keys[j + 1] = keys[j]!;
      values[j + 1] = values[j]!;
    }
    keys[j + 1] = key;
    values[j + 1] = value;
  }
}

function swap(keys: Float64Array, values: Int32Array, i: number, j: number): void {
  const k = keys[i]!, v = values[i]!;
  keys[i] = keys[j]!;
  values[i] = values[j]!;
  keys[j] = k;
  values[j] = v;
}
