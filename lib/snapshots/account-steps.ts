// One refresh step for each account a request reads: each account's snapshot is its own run. The answer keeps
// the single-account shape (the first account's run) and says what each account's step did.
import type { StepOutcome } from "@/lib/snapshots/refresh";

export interface AccountStep extends StepOutcome {
  /** The configured entry (PREFLIGHT_ACCOUNTS' key) whose snapshot this step advanced. */
  entry: string;
}

/** Which result the whole answer reports: work left anywhere keeps the cron and the timer stepping. */
const PRIORITY: readonly StepOutcome["result"][] = ["worked", "waiting", "conflict", "published", "idle"];

export function combineSteps(steps: readonly AccountStep[]): StepOutcome & { accounts?: AccountStep[] } {
  const { entry: _, ...first } = steps[0]!;
  if (steps.length === 1) return first;
  const result = PRIORITY.find((candidate) => steps.some((step) => step.result === candidate)) ?? first.result;
  const waits = steps.flatMap((step) => (step.retryAfterSeconds === undefined ? [] : [step.retryAfterSeconds]));
  const retryAfterSeconds = result === "waiting" && waits.length ? Math.min(...waits) : first.retryAfterSeconds;
  return { ...first, result, ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }), accounts: [...steps] };
}
