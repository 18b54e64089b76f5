// The one rule for work that must fit one request's subrequest budget, item (zone) by item. An item starts
// only while the budget still covers it, the items already running and what is kept for after them, so the
// work always ends at an item boundary. An item a limit stops (this request's budget, or the account rate
// limit: a DeferredError) is not finished: the work ends before it and the next request redoes it whole.
// The one exception: an item that ran alone, on a budget nothing else had spent, and still used it up is
// too big for any request; `tooBig` says what it becomes (a failed zone) rather than retrying it forever.
// The migration scan, the certificate audit, the snapshot refresh's certificate step, the Terraform export,
// the drift watch and the account-wide certificate impact all run their zones through it.
import { BudgetExhaustedError, DeferredError } from "@/lib/errors/platform-errors";

export interface Budget {
  readonly remainingBudget: number;
}

export interface PoolOptions<T, R> {
  /** Items run at once. */
  concurrency: number;
  /** Subrequests an item needs: its most where that is known (none is then cut short), else its least (one the budget cuts short is redone). */
  calls: number | ((item: T, index: number) => number);
  /** Subrequests kept for after the items (the step's one write). */
  keep?: number;
  /** The first item runs alone before the others, so one too big for a whole budget is told from one that shared it. */
  firstAlone?: boolean;
  /** What an item that ran alone and still used up the budget becomes; without it, it is just not finished. */
  tooBig?: (item: T, error: BudgetExhaustedError) => R;
  /** Items already known: finished without running. */
  skip?: (item: T) => boolean;
  /** True once no item should start any more (the step's part is full). */
  full?: () => boolean;
  /** A result that leaves the rest of its item to the next request (a zone whose pages continue): nothing starts after it. */
  continues?: (result: R) => boolean;
  /** Each result as its item finishes, in the order they finish (a cache may keep those finished past `end`). */
  onFinished?: (result: R, index: number) => void;
}

export interface PoolRun<R> {
  /** Results by item index. Every item before `end` ran (or was skipped); some after it may have finished too. */
  results: Array<R | undefined>;
  /** The first item not finished: the next request starts there. */
  end: number;
  /** The longest wait the account rate limit asked for, when it stopped an item (else 0). */
  retryAfterMs: number;
}

export async function runWithinBudget<T, R>(
  budget: Budget,
  items: readonly T[],
  options: PoolOptions<T, R>,
  run: (item: T, index: number) => Promise<R>,
): Promise<PoolRun<R>> {
  const { calls, keep = 0 } = options;
  const callsOf = typeof calls === "number" ? () => calls : calls;
  const results: Array<R | undefined> = new Array(items.length);
  let next = 0;
  let end = items.length;
  let reserved = 0;
  let retryAfterMs = 0;
  const finish = (result: R, index: number) => {
    results[index] = result;
    options.onFinished?.(result, index);
    if (options.continues?.(result)) end = Math.min(end, index + 1);
  };
  const attempt = async (index: number, cost: number, alone: boolean) => {
    reserved += cost;
    try {
      finish(await run(items[index]!, index), index);
    } catch (error) {
      if (alone && options.tooBig && error instanceof BudgetExhaustedError) finish(options.tooBig(items[index]!, error), index);
      else if (error instanceof DeferredError) {
        end = Math.min(end, index);
        retryAfterMs = Math.max(retryAfterMs, error.retryAfterMs);
      } else throw error;
    } finally {
      reserved -= cost;
    }
  };
  if (options.firstAlone && items.length > 0) await attempt(next++, 0, true);
  const worker = async () => {
    while (next < end) {
      const index = next;
      const item = items[index]!;
      if (options.skip?.(item)) {
        next++;
        continue;
      }
      const cost = callsOf(item, index);
      if (options.full?.() || budget.remainingBudget < reserved + cost + keep) {
        end = Math.min(end, index);
        return;
      }
      next++;
      await attempt(index, cost, false);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return { results, end, retryAfterMs };
}

/** The results of the items before `end` (those a skip left out are missing). */
export function finishedResults<R>(pool: PoolRun<R>): R[] {
  return pool.results.slice(0, pool.end).filter((result): result is R => result !== undefined);
}
