// Sets of small whole numbers (the positions of records in one workspace's index) as bit
// arrays: a union or an intersection of sets of 100,000 records is a few thousand word
// operations, whatever the sets hold, and members come out in ascending order.
export class OrdinalSet {
  private readonly words: Uint32Array;

  constructor(readonly capacity: number) {
    this.words = new Uint32Array(Math.ceil(capacity / 32));
  }

  static of(capacity: number, ...lists: ReadonlyArray<readonly number[]>): OrdinalSet {
    const set = new OrdinalSet(capacity);
    for (const list of lists) set.addAll(list);
    return set;
  }

  addAll(ordinals: readonly number[]): this {
    const words = this.words;
    for (const ordinal of ordinals) words[ordinal >>> 5] |= 1 << (ordinal & 31);
    return this;
  }

  has(ordinal: number): boolean {
    return (this.words[ordinal >>> 5] & (1 << (ordinal & 31))) !== 0;
  }

  and(other: OrdinalSet): this {
    for (let index = 0; index < this.words.length; index += 1) this.words[index] &= other.words[index];
    return this;
  }

  or(other: OrdinalSet): this {
    for (let index = 0; index < this.words.length; index += 1) this.words[index] |= other.words[index];
    return this;
  }

  andNot(other: OrdinalSet): this {
    for (let index = 0; index < this.words.length; index += 1) this.words[index] &= ~other.words[index];
    return this;
  }

  copy(): OrdinalSet {
    const copy = new OrdinalSet(this.capacity);
    copy.words.set(this.words);
    return copy;
  }

  // Members in ascending order.
  *[Symbol.iterator](): IterableIterator<number> {
    const words = this.words;
    for (let index = 0; index < words.length; index += 1) {
      let word = words[index];
      while (word !== 0) {
        const lowest = word & -word;
        yield index * 32 + (31 - Math.clz32(lowest));
        word ^= lowest;
      }
    }
  }
}
