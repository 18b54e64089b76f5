// One block window read in full. The first call asks without `count`: a gateway that answers everything
// is done in one call, like a direct call. One that stops at its 200-trace limit sends a full page; paging
// on with after/count would make the node reread the whole window for every page, one after another, so
// the full page tells where it stopped and the rest is split by blocks into sub-ranges read at once.
import type { Blocked, BlockWindow } from "./windows";

/**
 * One trace_filter call over a block range, `after`/`count` as the gateway takes them (no count: all it
 * gives); `onRecords`: told its records as they are checked (a new array: the answer began again).
 */
export type RangeSource<T extends Blocked> = (
  range: BlockWindow,
  after?: number,
  count?: number,
  onRecords?: (records: readonly T[], checked: number) => void,
) => Promise<T[]>;

/** Most sub-ranges one full page splits the rest into: enough to fill 6 connections, not to flood them. */
const MAX_PARTS = 6;

/**
 * Every trace of `range`, in the node's order, as if one call had no count limit. `onTraces`: told the
 * first call's records as they are checked, once more than a full page of them says that answer is the
 * range's whole result (exactly a full page may be cut off, and is then read again split).
 */
export async function readRange<T extends Blocked>(
  source: RangeSource<T>,
  range: BlockWindow,
  pageSize: number,
  onTraces?: (records: readonly T[], checked: number) => void,
): Promise<T[]> {
  let whole = false; // once told, told everything after (a new array too: the answer began again)
  const told = onTraces && ((records: readonly T[], checked: number) => (whole ||= checked > pageSize) && onTraces(records, checked));
  const page = await source(range, undefined, undefined, told);
  // Fewer than a full page, or more than the limit: nothing was cut off.
  if (page.length !== pageSize) return page;
  const lastBlock = page.at(-1)!.blockNumber;
  if (lastBlock <= range.fromBlock) {
    // The page is all from the first block: that block alone is paged with after/count, the rest split.
    const first = await pageBlock(source, range.fromBlock, pageSize, page);
    if (range.fromBlock === range.toBlock) return first;
    return [...first, ...(await readRange(source, { fromBlock: range.fromBlock + 1, toBlock: range.toBlock }, pageSize))];
  }
  // Blocks before the page's last block are complete in it; that block and the rest are read again, split.
  const complete = page.filter((trace) => trace.blockNumber < lastBlock);
  const rest = { fromBlock: lastBlock, toBlock: range.toBlock };
  const density = page.length / (lastBlock - range.fromBlock + 1);
  const expected = density * (rest.toBlock - rest.fromBlock + 1);
  const parts = splitEvenly(rest, Math.max(1, Math.min(MAX_PARTS, Math.ceil(expected / (pageSize * 0.75)))));
  const read = await Promise.all(parts.map((part) => readRange(source, part, pageSize)));
  return complete.concat(...read);
}

/** One block's traces page by page: a single block cannot be split further. */
async function pageBlock<T extends Blocked>(source: RangeSource<T>, block: number, pageSize: number, firstPage: T[]): Promise<T[]> {
  const traces = [...firstPage];
  for (let page = firstPage; page.length === pageSize;) {
    page = await source({ fromBlock: block, toBlock: block }, traces.length, pageSize);
    traces.push(...page);
  }
  return traces.filter((trace) => trace.blockNumber === block);
}

/** `parts` consecutive sub-ranges of nearly equal width covering `range` (fewer when it is narrower). */
export function splitEvenly(range: BlockWindow, parts: number): BlockWindow[] {
  const blocks = range.toBlock - range.fromBlock + 1;
  const count = Math.max(1, Math.min(parts, blocks));
  const out: BlockWindow[] = [];
  for (let i = 0, start = range.fromBlock; i < count; i++) {
    const width = Math.floor(blocks / count) + (i < blocks % count ? 1 : 0);
    out.push({ fromBlock: start, toBlock: start + width - 1 });
    start += width;
  }
  return out;
}
