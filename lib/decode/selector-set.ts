// The selectors of a contract's dispatch table, kept as 4-byte numbers in sorted order: an analysis is asked
// only whether its table holds a selector, and the process's code cache keeps thousands of them, so they are
// packed once when the code is analysed, never turned back into strings on a cache hit.
const SELECTOR = /^0x[0-9a-fA-F]{8}$/;

export class SelectorSet implements Iterable<string> {
  private readonly sorted: Uint32Array;

  /** Selectors as `0x` and 8 hex digits (any case); anything else is not one and is left out. */
  constructor(selectors: Iterable<string> = []) {
    const numbers = new Set<number>();
    for (const selector of selectors) if (SELECTOR.test(selector)) numbers.add(Number.parseInt(selector.slice(2), 16));
    this.sorted = Uint32Array.from(numbers).sort();
  }

  has(selector: string): boolean {
    if (!SELECTOR.test(selector)) return false;
    const wanted = Number.parseInt(selector.slice(2), 16);
    let low = 0;
    let high = this.sorted.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const found = this.sorted[middle]!;
      if (found === wanted) return true;
      if (found < wanted) low = middle + 1;
      else high = middle - 1;
    }
    return false;
  }

  get size(): number {
    return this.sorted.length;
  }

  /** Lowercase, in numeric order. */
  *[Symbol.iterator](): Iterator<string> {
    for (const selector of this.sorted) yield `0x${selector.toString(16).padStart(8, "0")}`;
  }
}
