// The shared limit's ledger, as the Durable Object keeps it for every isolate: the permits handed out in the
// window (when, to which consumer), a 429's pause and who shares the limit. Pure: the object stores what it returns.
import { reservedForOthers, type ConsumerUse } from "@/lib/platform/fair-share";
import type { RateLimit } from "@/lib/platform/rate-limiter";

/** An isolate must send a permit within this long of receiving its grant, or give it back. */
export const PERMIT_LEASE_MS = 1_000;
/**
 * A call to the object not answered in this long counts as failed: Preflight waits and asks again, never hangs.
 * Short, since every permit counts this much longer (its grant may reach the isolate this late).
 */
export const CALL_TIMEOUT_MS = 2_000;
/** A consumer stays owed its share this long after it last asked (as in the process limiter). */
const IDLE_MS = 30_000;

export interface Ledger {
  /** Batches granted in the window: when (the object's clock), to whom, how many permits. */
  grants: Array<{ at: number; consumer: string; count: number }>;
  /** Until when each consumer counts as sharing the limit. */
  activeUntil: Record<string, number>;
  /** After a 429 the platform refuses every call of the token until then (ms). */
  pausedUntil: number;
}

export interface TakeAnswer {
  granted: number;
  /** The grant's time: what a give-back names. */
  at: number;
  /** With nothing granted, how long until a permit may come back (ms). */
  waitMs: number;
}

export const emptyLedger = (): Ledger => ({ grants: [], activeUntil: {}, pausedUntil: 0 });

/**
 * How long a permit counts: the window, a margin for the platform counting arrivals (as the process limiter),
 * the answer's way back and the lease, since a permit may be sent up to CALL_TIMEOUT_MS + PERMIT_LEASE_MS
 * after its grant.
 */
export function permitLifeMs(limit: RateLimit): number {
  return limit.windowSeconds * 1000 + Math.max(250, limit.windowSeconds * 10) + CALL_TIMEOUT_MS + PERMIT_LEASE_MS;
}

/** The ledger without the grants that have left the window and the consumers gone idle. */
export function expire(ledger: Ledger, now: number, limit: RateLimit): Ledger {
  const life = permitLifeMs(limit);
  return {
    grants: ledger.grants.filter((g) => g.at > now - life),
    activeUntil: Object.fromEntries(Object.entries(ledger.activeUntil).filter(([, until]) => until > now)),
    pausedUntil: ledger.pausedUntil > now ? ledger.pausedUntil : 0,
  };
}

const spent = (ledger: Ledger) => ledger.grants.reduce((sum, g) => sum + g.count, 0);

/** Up to `wanted` permits for `consumer`, within the limit and the other consumers' fair share. */
export function take(
  before: Ledger,
  request: { consumer: string; wanted: number },
  now: number,
  limit: RateLimit,
): { ledger: Ledger; answer: TakeAnswer } {
  const ledger = keepActive(expire(before, now, limit), request.consumer, now + IDLE_MS);
  if (now < ledger.pausedUntil) return wait(ledger, request.consumer, now, ledger.pausedUntil - now);
  const room = limit.requests - reserved(ledger, request.consumer, limit) - spent(ledger);
  const granted = Math.max(0, Math.min(request.wanted, room));
  if (granted === 0) {
    // Room comes back as the oldest grant leaves the window.
    const oldest = ledger.grants[0];
    return wait(ledger, request.consumer, now, oldest ? oldest.at + permitLifeMs(limit) - now : PERMIT_LEASE_MS);
  }
  return {
    ledger: { ...ledger, grants: [...ledger.grants, { at: now, consumer: request.consumer, count: granted }] },
    answer: { granted, at: now, waitMs: 0 },
  };
}

/** Permits of the grant at `at` an isolate did not send within their lease: they are free again. */
export function giveBack(ledger: Ledger, consumer: string, at: number, count: number): Ledger {
  // Taken once over the grants it names: two isolates granted in one millisecond share `at`.
  let left = count;
  const grants = ledger.grants.map((g) => {
    if (g.consumer !== consumer || g.at !== at || left === 0) return g;
    const back = Math.min(left, g.count);
    left -= back;
    return { ...g, count: g.count - back };
  });
  return { ...ledger, grants: grants.filter((g) => g.count > 0) };
}

/** After a 429 nobody sends until then, whichever isolate met it. */
export function pause(ledger: Ledger, until: number): Ledger {
  return { ...ledger, pausedUntil: Math.max(ledger.pausedUntil, until) };
}

/** Calls each consumer was granted in the window (the idle ones too), most first, and who still shares it. */
export function consumerUses(ledger: Ledger): Array<ConsumerUse & { active: boolean }> {
  const calls = new Map<string, number>(Object.keys(ledger.activeUntil).map((consumer) => [consumer, 0]));
  for (const g of ledger.grants) calls.set(g.consumer, (calls.get(g.consumer) ?? 0) + g.count);
  return [...calls]
    .map(([consumer, count]) => ({ consumer, calls: count, active: consumer in ledger.activeUntil }))
    .sort((a, b) => b.calls - a.calls || a.consumer.localeCompare(b.consumer));
}

/** Permits not spent in the window (some may be held for other consumers). */
export function available(ledger: Ledger, limit: RateLimit): number {
  return Math.max(0, limit.requests - spent(ledger));
}

function reserved(ledger: Ledger, consumer: string, limit: RateLimit): number {
  const active = consumerUses(ledger).filter((u) => u.active);
  if (active.length < 2) return 0;
  return reservedForOthers(consumer, active, limit.requests);
}

function keepActive(ledger: Ledger, consumer: string, until: number): Ledger {
  return { ...ledger, activeUntil: { ...ledger.activeUntil, [consumer]: Math.max(ledger.activeUntil[consumer] ?? 0, until) } };
}

function wait(ledger: Ledger, consumer: string, now: number, waitMs: number) {
  // A consumer told to come back later is owed its share until then (and a little after).
  return { ledger: keepActive(ledger, consumer, now + waitMs + IDLE_MS), answer: { granted: 0, at: now, waitMs } };
}
