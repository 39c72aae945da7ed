// A set of slots (small whole numbers) as a flag per slot and the list of those in it: add and has
// in constant time, the slots in the order added, and clear in the time of the slots it held. Once
// grown, adding makes no object: a game loop touches the same thousand slots every frame. The list
// is a typed array with a count: a JS array emptied by `length = 0` may give up its store, and the
// next frame's adds would allocate one again.
import { copiedInto } from "./broad-phase";

export class SlotSet {
  private flags = new Uint8Array(16);
  private list = new Int32Array(16);
  /** How many slots the set holds: list[0…size). */
  size = 0;

  add(slot: number): void {
    if (slot >= this.flags.length) {
      const length = Math.max(slot + 1, 2 * this.flags.length);
      this.flags = copiedInto(this.flags, new Uint8Array(length));
      this.list = copiedInto(this.list, new Int32Array(length));
    }
    if (this.flags[slot] !== 1) {
      this.flags[slot] = 1;
      this.list[this.size++] = slot;
    }
  }

  has(slot: number): boolean {
    return this.flags[slot] === 1;
  }

  /** The i-th slot added (i < size); read while the set is not changed. */
  at(i: number): number {
    return this.list[i]!;
  }

  clear(): void {
    for (let i = 0; i < this.size; i++) this.flags[this.list[i]!] = 0;
    this.size = 0;
  }
}
