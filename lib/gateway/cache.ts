// Windows of finalized blocks never change: their traces are kept (least recently used dropped first)
// so the same range is read from the gateway once per process.
import type { BlockWindow } from "./windows";

export interface WindowKey extends BlockWindow {
  fromAddress?: string[];
  toAddress?: string[];
}

/** How long a learned finalized block is used before the node is asked again. */
export const FINALIZED_MAX_AGE_MS = 10_000;

/** `T`: what a window's traces are kept as (the node's records on the server). */
export class WindowCache<T = unknown> {
  private readonly entries = new Map<string, T[]>();
  private traces = 0;
  private finalized?: { block: number; at: number };

  constructor(private readonly maxTraces = 200_000) {}

  /**
   * The node's finalized block, which decides what may be kept. It only moves forward, so one a few seconds
   * old still says safely which windows are final: asked once per FINALIZED_MAX_AGE_MS, not on every query
   * (a call and a subrequest fewer each time). A failed ask reads as "none known" (nothing is kept) and is
   * not remembered. Only the number is kept, never a pending ask: on workerd a promise settled by one
   * request must not resume another.
   */
  async finalizedBlock(ask: () => Promise<number | undefined>, now = Date.now()): Promise<number | undefined> {
    if (this.finalized && now - this.finalized.at < FINALIZED_MAX_AGE_MS) return this.finalized.block;
    const block = await ask().catch(() => undefined);
    if (block !== undefined) this.finalized = { block, at: now };
    return block;
  }

  get(key: WindowKey): T[] | undefined {
    const id = keyOf(key);
    const hit = this.entries.get(id);
    if (hit) {
      this.entries.delete(id); // re-inserted: most recently used last
      this.entries.set(id, hit);
    }
    return hit;
  }

  set(key: WindowKey, traces: T[]): void {
    if (traces.length > this.maxTraces) return;
    const id = keyOf(key);
    this.traces -= this.entries.get(id)?.length ?? 0;
    this.entries.delete(id);
    this.entries.set(id, traces);
    this.traces += traces.length;
    for (const [oldest, dropped] of this.entries) {
      if (this.traces <= this.maxTraces) break;
      this.entries.delete(oldest);
      this.traces -= dropped.length;
    }
  }

  get size(): number {
    return this.entries.size;
  }
}

function keyOf({ fromBlock, toBlock, fromAddress, toAddress }: WindowKey): string {
  const list = (addresses?: string[]) =>
    (addresses ?? [])
      .map((a) => a.toLowerCase())
      .sort()
      .join(",");
  return `${fromBlock}-${toBlock}|${list(fromAddress)}|${list(toAddress)}`;
}
