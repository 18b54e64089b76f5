// Contract code read once per (address, block hash) and kept analysed for the life of the process: the
// same contract at the same block never costs a second eth_getCode. Bounded: oldest entries go first.
import { analyseCode, type CodeAnalysis } from "./bytecode";

export interface ReadCode {
  code: string;
  analysis: CodeAnalysis;
}

export class CodeCache {
  private readonly entries = new Map<string, Promise<ReadCode>>();

  constructor(private readonly maxEntries = 5_000) {}

  /** The code of `address` at `blockHash`, read with `read` the first time only (a failed read is forgotten). */
  get(address: string, blockHash: string, read: () => Promise<string>): Promise<ReadCode> {
    const key = `${address.toLowerCase()}@${blockHash.toLowerCase()}`;
    const known = this.entries.get(key);
    if (known) return known;
    const entry = read().then(async (code) => ({ code, analysis: await analyseCode(address, code) }));
    this.entries.set(key, entry);
    entry.catch(() => this.entries.delete(key));
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return entry;
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The process's code cache (one gateway per process). */
export const codeCache = new CodeCache();
