// A trace query of any width over a gateway that answers 800 blocks and 200 traces per call: windows
// read with at most 6 calls in flight, a full window split by blocks (read-range.ts), merged in block
// order. `after` and `count` then apply to the merged result, as if the gateway had no limits.
import { BudgetExhaustedError } from "@/lib/errors/platform-errors";
import { Semaphore } from "@/lib/platform/semaphore";
import type { WindowCache } from "./cache";
import { readRange, type RangeSource } from "./read-range";
import type { Trace } from "./trace";
import { mapLimited, MAX_PAGE_TRACES, MAX_WINDOW_BLOCKS, splitWindows, type Blocked, type BlockWindow } from "./windows";

export type { Blocked };

export interface TraceFilterCall extends BlockWindow {
  fromAddress?: string[];
  toAddress?: string[];
  after?: number;
  count?: number;
}

/** One trace_filter call to the gateway; `onRecords`: told its records as they are checked (RangeSource). */
export type TraceSource<T extends Blocked = Trace> = (
  filter: TraceFilterCall,
  onRecords?: (records: readonly T[], checked: number) => void,
) => Promise<T[]>;

export interface ResolvedTraceQuery extends BlockWindow {
  fromAddress?: string[];
  toAddress?: string[];
  after?: number;
  count?: number;
}

/** `T`: parsed traces in the browser; the node's records, passed on as bytes, on the server. */
export interface TraceResult<T = Trace> {
  traces: T[];
  windows: number;
  /** False when the per-request subrequest budget ran out before the range was covered. */
  complete: boolean;
  /** The range read, tags resolved to numbers. */
  fromBlock: number;
  toBlock: number;
  /** When incomplete: the first block not read; the traces cover fromBlock up to just before it. */
  nextFromBlock?: number;
  cachedWindows: number;
}

/** A result's fields that come before `traces` (the rest are known only at its end). */
export type TraceResultHead = Pick<TraceResult, "windows" | "fromBlock" | "toBlock" | "cachedWindows">;

/** A result's first traces while they are read: `records[from, to)` are its traces so far, in order. */
export interface TracesSoFar<T> {
  head: TraceResultHead;
  records: readonly T[];
  from: number;
  to: number;
}

export interface FetchTracesOptions<T> {
  windowSize?: number;
  pageSize?: number;
  concurrency?: number;
  cache?: WindowCache<T>;
  /** Windows ending at or below this block are final and may be cached (a promise: learned while reading). */
  finalizedBlock?: number | Promise<number | undefined>;
  onProgress?: (windowsDone: number, windows: number) => void;
  /**
   * Told the result's traces as they are checked, before the result is known, where one call's answer
   * is the whole result (one window, no count, not cached): the answer can be sent while it arrives.
   */
  onTraces?: (soFar: TracesSoFar<T>) => void;
}

export async function fetchTraces<T extends Blocked>(
  source: TraceSource<T>,
  query: ResolvedTraceQuery,
  options: FetchTracesOptions<T> = {},
): Promise<TraceResult<T>> {
  const { windowSize = MAX_WINDOW_BLOCKS, pageSize = MAX_PAGE_TRACES, concurrency = 6, cache, finalizedBlock } = options;
  const windows = splitWindows(query.fromBlock, query.toBlock, windowSize);
  const addresses = { fromAddress: query.fromAddress, toAddress: query.toAddress };
  const base = { windows: windows.length, fromBlock: query.fromBlock, toBlock: query.toBlock, cachedWindows: 0 };
  const after = query.after ?? 0;

  if (windows.length === 1 && query.count !== undefined) {
    // One window and one page: the gateway's own after/count answer exactly.
    const traces = query.count === 0 ? [] : await source({ ...windows[0]!, ...addresses, after, count: query.count });
    options.onProgress?.(1, 1);
    return { ...base, traces, complete: true };
  }

  // The window count is known before any is read: the page shows "0 of N windows" at once.
  options.onProgress?.(0, windows.length);
  const needed = query.count === undefined ? Infinity : after + query.count;
  const { onTraces } = options;
  const streamed =
    onTraces && windows.length === 1 && query.count === undefined
      ? (records: readonly T[], checked: number) => onTraces({ head: base, records, from: after, to: checked })
      : undefined;
  const results: Array<T[] | undefined> = new Array<T[] | undefined>(windows.length);
  let done = 0;
  let cachedWindows = 0;
  let budgetSpent = false;
  // Windows and their sub-ranges share the connections: never more than `concurrency` calls at once.
  const slots = new Semaphore(concurrency);
  const limited: RangeSource<T> = async (range, offset, count, onRecords) => {
    await slots.acquire();
    try {
      return await source({ ...range, ...addresses, ...(count === undefined ? {} : { after: offset ?? 0, count }) }, onRecords);
    } finally {
      slots.release();
    }
  };
  const readWindow = async (window: BlockWindow): Promise<T[]> => {
    const key = { ...window, ...addresses };
    const hit = cache?.get(key);
    if (hit) {
      cachedWindows++;
      return hit;
    }
    const traces = await readRange(limited, window, pageSize, streamed);
    const finalized = await finalizedBlock;
    if (cache && finalized !== undefined && window.toBlock <= finalized) cache.set(key, traces);
    return traces;
  };

  await mapLimited(
    windows,
    concurrency,
    async (window, index) => {
      try {
        results[index] = await readWindow(window);
      } catch (error) {
        if (!(error instanceof BudgetExhaustedError)) throw error;
        budgetSpent = true; // keep what is read; the caller continues from the first missing window
        return;
      }
      options.onProgress?.(++done, windows.length);
    },
    () => budgetSpent || prefixLength(results) >= needed,
  );

  const merged = prefix(results);
  const missing = results.findIndex((window) => window === undefined);
  const complete = missing === -1 || merged.length >= needed;
  return {
    ...base,
    traces: merged.slice(after, query.count === undefined ? undefined : after + query.count),
    complete,
    cachedWindows,
    ...(complete ? {} : { nextFromBlock: windows[missing]!.fromBlock }),
  };
}

function prefixLength<T>(results: Array<T[] | undefined>): number {
  let length = 0;
  for (const window of results) {
    if (!window) break;
    length += window.length;
  }
  return length;
}

/** The traces of the leading windows that are all read, in order. */
function prefix<T>(results: Array<T[] | undefined>): T[] {
  const out: T[] = [];
  for (const window of results) {
    if (!window) break;
    out.push(...window);
  }
  return out;
}
