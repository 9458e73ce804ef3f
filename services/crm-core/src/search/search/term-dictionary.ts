// The terms of one workspace's index, in sorted order, found by exact text, by prefix and within
// a few typos. Each entry is the caller's own object holding its term (a posting): the dictionary
// adds a place in a sorted list and nothing else. A radix tree of Maps (MiniSearch's, used before)
// cost 244 bytes a term over the entry, and most terms (an email, a domain, an account number)
// belong to one record.
//
// The list is cut into chunks of at most CHUNK entries, so an insertion moves a few hundred
// pointers, not the whole list. A typo search walks the terms in order carrying one row of
// edit distances per character, reusing the rows of the prefix a term shares with the one before,
// and skips every term under a prefix already too far from the word: the walk a trie would make.

const CHUNK = 256;

export interface Termed {
  readonly term: string;
}

interface Position {
  chunk: number;
  at: number;
}

export class TermDictionary<Entry extends Termed> {
  private chunks: Entry[][] = [];
  private count = 0;

  get size(): number {
    return this.count;
  }

  get(term: string): Entry | undefined {
    const { chunk, at } = this.lowerBound(term);
    const found = this.chunks[chunk]?.[at];
    return found?.term === term ? found : undefined;
  }

  // Adds the entry, or replaces the one with its term.
  set(entry: Entry): void {
    if (this.chunks.length === 0) {
      this.chunks.push([entry]);
      this.count = 1;
      return;
    }
    let { chunk, at } = this.lowerBound(entry.term);
    if (chunk === this.chunks.length) {
      chunk -= 1;
      at = this.chunks[chunk].length;
    }
    const list = this.chunks[chunk];
    if (list[at]?.term === entry.term) {
      list[at] = entry;
      return;
    }
    list.splice(at, 0, entry);
    this.count += 1;
    if (list.length > CHUNK) this.chunks.splice(chunk + 1, 0, list.splice(CHUNK / 2));
  }

  delete(term: string): void {
    const { chunk, at } = this.lowerBound(term);
    const list = this.chunks[chunk];
    if (list?.[at]?.term !== term) return;
    list.splice(at, 1);
    this.count -= 1;
    if (list.length === 0) this.chunks.splice(chunk, 1);
  }

  // The entries whose term starts with `prefix`, in order.
  *withPrefix(prefix: string): IterableIterator<Entry> {
    for (let position = this.lowerBound(prefix); ; position = this.next(position)) {
      const entry = this.at(position);
      if (!entry?.term.startsWith(prefix)) return;
      yield entry;
    }
  }

  // The entries whose term is at most `maxDistance` edits (a character inserted, removed or
  // replaced) from `word`, in order, each with its distance.
  *within(word: string, maxDistance: number): IterableIterator<[Entry, number]> {
    const width = word.length + 1;
    // rows[i] holds the distances between the term's first i characters and each prefix of word.
    const rows: number[][] = [Array.from({ length: width }, (_, column) => column)];
    let previous = '';
    for (let position = this.first(), entry = this.at(position); entry; entry = this.at(position)) {
      const term = entry.term;
      let shared = 0;
      const limit = Math.min(previous.length, term.length, rows.length - 1);
      while (shared < limit && previous.charCodeAt(shared) === term.charCodeAt(shared)) shared += 1;
      // Rows past the shared prefix, until one is too far everywhere: every term under that
      // prefix is then too far, and the walk goes on after them.
      let depth = shared;
      let pruned = false;
      while (depth < term.length) {
        const above = rows[depth];
        const row = (rows[depth + 1] ??= new Array<number>(width));
        const char = term.charCodeAt(depth);
        row[0] = depth + 1;
        let best = row[0];
        for (let column = 1; column < width; column++) {
          const replace = above[column - 1] + (word.charCodeAt(column - 1) === char ? 0 : 1);
          const value = Math.min(replace, above[column] + 1, row[column - 1] + 1);
          row[column] = value;
          if (value < best) best = value;
        }
        depth += 1;
        if (best > maxDistance) {
          pruned = true;
          break;
        }
      }
      previous = term.slice(0, depth);
      if (pruned) {
        position = this.lowerBound(`${previous}\uffff`);
        continue;
      }
      const distance = rows[term.length][width - 1];
      if (distance <= maxDistance) yield [entry, distance];
      position = this.next(position);
    }
  }

  private at({ chunk, at }: Position): Entry | undefined {
    return this.chunks[chunk]?.[at];
  }

  private first(): Position {
    return { chunk: 0, at: 0 };
  }

  private next({ chunk, at }: Position): Position {
    return at + 1 < (this.chunks[chunk]?.length ?? 0) ? { chunk, at: at + 1 } : { chunk: chunk + 1, at: 0 };
  }

  // Where `term` is or would go: the first entry not before it (the chunk past the last when
  // every term is before it).
  private lowerBound(term: string): Position {
    let low = 0;
    let high = this.chunks.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const list = this.chunks[middle];
      if (list[list.length - 1].term < term) low = middle + 1;
      else high = middle;
    }
    const list = this.chunks[low];
    if (!list) return { chunk: low, at: 0 };
    let start = 0;
    let end = list.length;
    while (start < end) {
      const middle = (start + end) >>> 1;
      if (list[middle].term < term) start = middle + 1;
      else end = middle;
    }
    return { chunk: low, at: start };
  }
}
