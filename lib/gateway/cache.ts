// Windows of finalized blocks never change: their traces are kept (least recently used dropped first)
// so the same range is read from the gateway once per process.
import type { Trace } from "./trace";
import type { BlockWindow } from "./windows";

export interface WindowKey extends BlockWindow {
  fromAddress?: string[];
  toAddress?: string[];
}

export class WindowCache {
  private readonly entries = new Map<string, Trace[]>();
  private traces = 0;

  constructor(private readonly maxTraces = 200_000) {}

  get(key: WindowKey): Trace[] | undefined {
    const id = keyOf(key);
    const hit = this.entries.get(id);
    if (hit) {
      this.entries.delete(id); // re-inserted: most recently used last
      this.entries.set(id, hit);
    }
    return hit;
  }

  set(key: WindowKey, traces: Trace[]): void {
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
  const list = (addresses?: string[]) => (addresses ?? []).map((a) => a.toLowerCase()).sort().join(",");
  return `${fromBlock}-${toBlock}|${list(fromAddress)}|${list(toAddress)}`;
}
