// What the validation tests against the sandbox share: a client per "server request" (its own budget),
// the seeded zones by their place among the validation-mode zones, the seeded period, and the call log.
import type { Clock } from "@/lib/platform/clock";
import { PlatformClient } from "@/lib/platform/client";
import { RateLimiter, type RateLimit } from "@/lib/platform/rate-limiter";
import { Scheduler } from "@/lib/platform/scheduler";
import { EVENT_DAYS } from "@/lib/dev/sandbox/graphql/event-design";
import { validationOrdinal } from "@/lib/dev/sandbox/graphql/route";
import type { CallRecord, RunningSandbox } from "@/lib/dev/sandbox/server";
import { isoSecond } from "@/lib/validation-mode/window";

export const TOKEN = "validation-test-token-0001";
const DAY = 86_400_000;

export function client(
  sandbox: RunningSandbox,
  options: { budget?: number; clock?: Clock; graphqlLimiter?: RateLimiter; graphqlLimit?: RateLimit } = {},
): PlatformClient {
  const limiter = new RateLimiter({ requests: 100_000, windowSeconds: 60 }, options.clock);
  const scheduler = new Scheduler({
    limiter,
    subrequestBudget: options.budget ?? 1000,
    timeoutMs: 20_000,
    clock: options.clock,
    maxRateLimitWaitMs: 10_000,
  });
  const graphqlLimiter =
    options.graphqlLimiter ?? new RateLimiter(options.graphqlLimit ?? { requests: 100_000, windowSeconds: 60 }, options.clock, "graphql");
  return new PlatformClient(sandbox.apiBaseUrl, { kind: "token", token: TOKEN }, scheduler, graphqlLimiter);
}

export function zoneWithOrdinal(sandbox: RunningSandbox, ordinal: number) {
  const index = sandbox.state.zones.findIndex((_, i) => validationOrdinal(sandbox.state, i) === ordinal);
  return sandbox.state.zones[index]!;
}

/** The whole seeded period: the sandbox's events end at midnight UTC of the day it started. */
export function seededWindow(now = Date.now()) {
  const anchor = Math.floor(now / DAY) * DAY;
  return { since: isoSecond(anchor - (EVENT_DAYS + 1) * DAY), until: isoSecond(anchor + DAY) };
}

export async function graphqlCalls(sandbox: RunningSandbox): Promise<CallRecord[]> {
  const { calls } = (await (await fetch(`${sandbox.url}/__sandbox/calls`)).json()) as { calls: CallRecord[] };
  return calls.filter((call) => call.path.endsWith("/graphql"));
}

export async function clearCalls(sandbox: RunningSandbox): Promise<void> {
  await fetch(`${sandbox.url}/__sandbox/calls`, { method: "DELETE" });
}

export async function setFaults(sandbox: RunningSandbox, faults: Record<string, number>): Promise<void> {
  const response = await fetch(`${sandbox.url}/__sandbox/faults`, { method: "POST", body: JSON.stringify(faults) });
  if (!response.ok) throw new Error(`faults refused: ${response.status}`);
}

/** The time range [from, to) of each raw-events query the sandbox answered (refusals left out). */
export function eventRanges(calls: CallRecord[]): Array<{ from: number; to: number }> {
  return calls
    .filter((call) => call.graphql?.operationName === "FirewallEvents" && !call.graphql.errorCode && call.status === 200)
    .map((call) => ({ from: Date.parse(String(call.graphql!.variables!.from)), to: Date.parse(String(call.graphql!.variables!.to)) }));
}

/** The ranges that were kept: those not split into smaller ones read after them (a full slice is halved). */
export function leafRanges(ranges: Array<{ from: number; to: number }>) {
  return ranges.filter((r) => !ranges.some((o) => o !== r && o.from >= r.from && o.to <= r.to && (o.from !== r.from || o.to !== r.to)));
}
