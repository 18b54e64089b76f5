// Contract code analysed once per (address, block hash) and kept for the life of the process: the same
// contract at the same block never costs a second eth_getCode. Code read at the latest block (the node
// kept no state at the trace's) is kept for LATEST_CODE_TTL_MS: since EIP-6780 a deployed contract's
// code no longer changes (SELFDESTRUCT removes it only within its creating transaction), so within a
// minute "the latest code" is the same code; an account without code is not kept (it may be deployed to), nor an
// EIP-7702 delegation (code-reader.ts), which its account can change in any block.
// Only finished analyses are shared (an in-flight read belongs to its request: its scheduler, budget and
// abort signal), and only the analysis is kept, not the code: its selectors are packed 4 bytes each
// (selector-set.ts), shared as they are by every request that finds them. Bounded: least recently used entries go first.
// Worst case per entry: 24,576 bytes of code (EIP-170) hold at most 4,915 PUSH4 selectors ≈ 20 KB, so
// 2,000 entries stay under 40 MB (typical contracts: a few hundred bytes each) in a 128 MB isolate.
import type { proxies } from "@shazow/whatsabi";
import type { CodeAnalysis } from "./bytecode";
import type { SelectorSet } from "./selector-set";

export interface ReadCode {
  /** The code as read: absent where the analysis came from the cache (the code itself is not kept). */
  code?: string;
  analysis: CodeAnalysis;
}

interface Kept {
  hasCode: boolean;
  selectors: SelectorSet;
  proxies: readonly proxies.ProxyResolver[];
  /** Code read at the latest block: kept until then. */
  until?: number;
}

export const CODE_CACHE_ENTRIES = 2_000;
export const LATEST_CODE_TTL_MS = 60_000;

export class CodeCache {
  private readonly entries = new Map<string, Kept>();

  constructor(private readonly maxEntries = CODE_CACHE_ENTRIES) {}

  /** The finished analysis of `address`'s code at `blockHash`, when known. */
  get(address: string, blockHash: string): CodeAnalysis | undefined {
    return this.take(keyOf(address, blockHash));
  }

  /** Keeps a finished analysis of the code at a block hash (never one read at the latest block). */
  set(address: string, blockHash: string, analysis: CodeAnalysis): void {
    if (!analysis.readAtLatest) this.keep(keyOf(address, blockHash), analysis);
  }

  /** The analysis of `address`'s code read at the latest block within the last LATEST_CODE_TTL_MS. */
  latest(address: string, now = Date.now()): CodeAnalysis | undefined {
    const analysis = this.take(keyOf(address, "latest"), now);
    return analysis && { ...analysis, readAtLatest: true };
  }

  /** Keeps the analysis of code read at the latest block, unless the account had none. */
  keepLatest(address: string, analysis: CodeAnalysis, now = Date.now()): void {
    if (analysis.hasCode) this.keep(keyOf(address, "latest"), analysis, now + LATEST_CODE_TTL_MS);
  }

  private take(key: string, now = Date.now()): CodeAnalysis | undefined {
    const kept = this.entries.get(key);
    if (!kept) return undefined;
    this.entries.delete(key); // most recently used last, or gone when stale
    if (kept.until !== undefined && now >= kept.until) return undefined;
    this.entries.set(key, kept);
    return { hasCode: kept.hasCode, selectors: kept.selectors, proxies: kept.proxies };
  }

  private keep(key: string, analysis: CodeAnalysis, until?: number): void {
    this.entries.delete(key);
    const { hasCode, selectors, proxies } = analysis;
    this.entries.set(key, { hasCode, selectors, proxies, ...(until === undefined ? {} : { until }) });
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
