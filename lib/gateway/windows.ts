// The gateway answers trace_filter for at most 800 blocks per call and 200 traces per answer: a wider
// query is cut into windows, and a fuller window is read page by page.

export const MAX_WINDOW_BLOCKS = 800;
export const MAX_PAGE_TRACES = 200;

export interface BlockWindow {
  fromBlock: number;
  toBlock: number;
}

/** Consecutive windows covering fromBlock..toBlock (both included), in order. */
export function splitWindows(fromBlock: number, toBlock: number, size = MAX_WINDOW_BLOCKS): BlockWindow[] {
  if (!Number.isSafeInteger(fromBlock) || !Number.isSafeInteger(toBlock) || size < 1) throw new RangeError("bad block range");
  const windows: BlockWindow[] = [];
  for (let start = fromBlock; start <= toBlock; start += size) {
    windows.push({ fromBlock: start, toBlock: Math.min(toBlock, start + size - 1) });
  }
  return windows;
}

/** Runs `work` over the items with at most `limit` at once; results keep the items' order. */
export async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
  shouldStop: () => boolean = () => false,
): Promise<Array<R | undefined>> {
  const results: Array<R | undefined> = new Array<R | undefined>(items.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (next < items.length && !failed && !shouldStop()) {
      const index = next++;
      try {
        results[index] = await work(items[index]!, index);
      } catch (error) {
        failed = true; // no new work after a failure
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** A trace as far as windowing needs it: the gateway's records (trace-record.ts) or parsed traces. */
export interface Blocked {
  blockNumber: number;
}
