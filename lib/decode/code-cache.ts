// Contract code analysed once per (address, block hash) and kept for the life of the process: the same
// contract at the same block never costs a second eth_getCode. Only finished analyses are shared (an
// in-flight read belongs to its request: its scheduler, budget and abort signal), and only the analysis
// is kept, not the code: selectors packed 4 bytes each. Bounded: least recently used entries go first.
// Worst case per entry: 24,576 bytes of code (EIP-170) hold at most 4,915 PUSH4 selectors ≈ 20 KB, so
// 2,000 entries stay under 40 MB (typical contracts: a few hundred bytes each) in a 128 MB isolate.
import type { proxies } from "@shazow/whatsabi";
import type { CodeAnalysis } from "./bytecode";

export interface ReadCode {
  /** The code as read: absent where the analysis came from the cache (the code itself is not kept). */
  code?: string;
  analysis: CodeAnalysis;
}

interface Packed {
  hasCode: boolean;
  selectors: Uint32Array;
  proxies: readonly proxies.ProxyResolver[];
}

export const CODE_CACHE_ENTRIES = 2_000;

export class CodeCache {
  private readonly entries = new Map<string, Packed>();

  constructor(private readonly maxEntries = CODE_CACHE_ENTRIES) {}

  /** The finished analysis of `address`'s code at `blockHash`, when known. */
  get(address: string, blockHash: string): CodeAnalysis | undefined {
    const key = keyOf(address, blockHash);
    const packed = this.entries.get(key);
    if (!packed) return undefined;
    this.entries.delete(key); // most recently used last
    this.entries.set(key, packed);
    const selectors = new Set(Array.from(packed.selectors, (s) => `0x${s.toString(16).padStart(8, "0")}`));
    return { hasCode: packed.hasCode, selectors, proxies: packed.proxies };
  }

  /** Keeps a finished analysis of the code at a block hash (never one read at the latest block). */
  set(address: string, blockHash: string, analysis: CodeAnalysis): void {
    if (analysis.readAtLatest) return;
    const selectors = Uint32Array.from([...analysis.selectors].map((s) => Number.parseInt(s.slice(2), 16)));
    this.entries.set(keyOf(address, blockHash), { hasCode: analysis.hasCode, selectors, proxies: analysis.proxies });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  get size(): number {
    return this.entries.size;
  }
}

function keyOf(address: string, blockHash: string): string {
  return `${address.toLowerCase()}@${blockHash.toLowerCase()}`;
}

/** The process's code cache (one gateway per process). */
export const codeCache = new CodeCache();
