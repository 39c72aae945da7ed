// A set of slots (small whole numbers) as a flag per slot and the list of those in it: add and has
// in constant time, the slots in the order added, and clear in the time of the slots it held. Once
// grown, adding makes no object: a game loop touches the same thousand slots every frame.
import { copiedInto } from "./broad-phase";

export class SlotSet {
  private flags = new Uint8Array(16);
  private readonly list: number[] = [];

  add(slot: number): void {
    if (slot >= this.flags.length) this.flags = copiedInto(this.flags, new Uint8Array(Math.max(slot + 1, 2 * this.flags.length)));
    if (this.flags[slot] !== 1) {
      this.flags[slot] = 1;
      this.list.push(slot);
    }
  }

  has(slot: number): boolean {
    return this.flags[slot] === 1;
  }

  /** The slots in the order added; read it only while the set is not changed. */
  get slots(): readonly number[] {
    return this.list;
  }

  clear(): void {
    for (const slot of this.list) this.flags[slot] = 0;
    this.list.length = 0;
  }
}
