// Where one JSON value ends, found across chunks: strings and brackets are tracked, nothing is checked
// (JSON.parse checks the value once it is whole). Resumable, so a value spread over many chunks is
// scanned once, not again from its start with every chunk.

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

export class ValueExtent {
  private scanned = 0;
  private found = -1;
  private depth = 0;
  private inString = false;
  private escaped = false;
  private kind: "unknown" | "container" | "string" | "scalar" = "unknown";

  /**
   * The value's length when it ends inside b[start, end), else -1. `final`: no more bytes will come
   * (a number or literal then ends with them). `start` is the value's first byte, the same value each call.
   */
  measure(b: Uint8Array, start: number, end: number, final: boolean): number {
    if (this.found >= 0) return this.found;
    let j = start + this.scanned;
    if (this.kind === "unknown") {
      if (j >= end) return -1;
      const c = b[j]!;
      this.kind = c === 0x7b || c === 0x5b ? "container" : c === QUOTE ? "string" : "scalar";
      if (this.kind !== "scalar") {
        this.inString = this.kind === "string";
        this.depth = this.kind === "container" ? 1 : 0;
        j++;
      }
    }
    const after = this.scan(b, j, end);
    if (after >= 0) return (this.found = after - start);
    this.scanned = end - start;
    return final && this.kind === "scalar" ? (this.found = end - start) : -1;
  }

  /**
   * Goes on scanning in the next chunk, on its own: where in `chunk` the value ends (-1: not in it), so
   * only those bytes need joining to the ones before.
   */
  continueIn(chunk: Uint8Array): number {
    if (this.kind === "unknown" || this.found >= 0) return -1;
    const after = this.scan(chunk, 0, chunk.length);
    if (after >= 0) this.found = this.scanned + after;
    else this.scanned += chunk.length;
    return after;
  }

  /** The index just after the value's end in b[from, end), or -1 with the state kept for the next bytes. */
  private scan(b: Uint8Array, from: number, end: number): number {
    let j = from;
    if (this.kind === "scalar") {
      while (j < end && !endsScalar(b[j]!)) j++;
      return j < end ? j : -1;
    }
    for (; j < end; j++) {
      const c = b[j]!;
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === BACKSLASH) this.escaped = true;
        else if (c === QUOTE) {
          this.inString = false;
          if (this.kind === "string") return j + 1;
        }
      } else if (c === QUOTE) this.inString = true;
      else if (c === 0x7b || c === 0x5b) this.depth++;
      else if ((c === 0x7d || c === 0x5d) && --this.depth === 0) return j + 1;
    }
    return -1;
  }
}

/** The four bytes JSON allows between tokens. */
export function isWhitespace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

/** The bytes that may follow a number or literal. */
function endsScalar(c: number): boolean {
  return c === 0x2c || c === 0x7d || c === 0x5d || isWhitespace(c);
}
