// The designed firewall activity of the zones seeded in validation mode (both rule versions run): how
// many requests each version acted on, alone or together and with which actions. Exported so tests
// check Preflight's comparison against what was designed, not against the sandbox's own arithmetic.

/** An action each side took on one request; `null`: that side did not act on it. */
export interface DesignedCase {
  old: string | null;
  new: string | null;
  /** Requests per scale unit. */
  requests: number;
  /** Of those, requests with a second event on one side (another rule matched, or the event repeated). */
  duplicates?: { side: "old" | "new"; requests: number; sameRule: boolean };
}

export const DESIGNED_CASES: readonly DesignedCase[] = [
  { old: null, new: "block", requests: 120, duplicates: { side: "new", requests: 10, sameRule: false } },
  { old: null, new: "managedChallenge", requests: 20 },
  { old: null, new: "log", requests: 10 },
  { old: "block", new: null, requests: 12 },
  { old: "challenge", new: null, requests: 3 },
  { old: "log", new: null, requests: 6 },
  { old: "block", new: "block", requests: 200, duplicates: { side: "new", requests: 15, sameRule: false } },
  { old: "log", new: "log", requests: 30, duplicates: { side: "old", requests: 10, sameRule: true } },
  { old: "log", new: "block", requests: 25 },
  { old: "block", new: "log", requests: 5 },
  { old: "challenge", new: "managedChallenge", requests: 8 },
];

/** A scanner's burst on one zone, all new-only blocks: more events than one query may return (10,000). */
export const BURST = { ordinal: 1, requests: 10_500, spanMinutes: 150, path: "/wp-login.php", new: "block" } as const;

/**
 * Adaptive sampling of the busiest validation zone (the burst's): in an hour holding more than `overEvents`
 * events the dataset keeps one event in `interval` (every interval-th in time order, so no PRNG draw) and
 * each kept row says `sampleInterval: interval`. The other zones and hours are not sampled (interval 1).
 */
export const SAMPLING = { ordinal: BURST.ordinal, overEvents: 1_000, interval: 10 } as const;

/** Events of other sources (custom rules) that a comparison of the two managed versions must ignore. */
export const OTHER_SOURCE_EVENTS = 20;

/** The events span the 6 days before the sandbox's anchor (midnight UTC of the day it started). */
export const EVENT_DAYS = 6;

// The platform's action names (cloudflare-docs logs/reference/security-fields.mdx) that stop or challenge.
const BLOCKING = new Set(["block", "challenge", "managedChallenge", "jschallenge", "connectionClose"]);

/** Zone `ordinal` (its place among the validation-mode zones, in account order) has this many units. */
export function scaleFor(ordinal: number): number {
  return 1 + (ordinal % 3);
}

export interface DesignedTotals {
  both: number;
  bothSameAction: number;
  bothDifferentAction: number;
  newOnly: number;
  oldOnly: number;
  nowBlocked: number;
  nowAllowed: number;
  /** Events of the two managed sources (duplicates included). */
  events: number;
}

/** What a comparison over the whole seeded period must find for the zone with this ordinal (before
 * sampling: for the sampled zone these are what the estimates approach, not what the rows show). */
export function designedTotals(ordinal: number): DesignedTotals {
  const scale = scaleFor(ordinal);
  const totals: DesignedTotals = {
    both: 0,
    bothSameAction: 0,
    bothDifferentAction: 0,
    newOnly: 0,
    oldOnly: 0,
    nowBlocked: 0,
    nowAllowed: 0,
    events: 0,
  };
  const add = (c: Pick<DesignedCase, "old" | "new">, requests: number, extraEvents: number) => {
    if (c.old && c.new) {
      totals.both += requests;
      totals[c.old === c.new ? "bothSameAction" : "bothDifferentAction"] += requests;
    } else totals[c.old ? "oldOnly" : "newOnly"] += requests;
    if (c.new && BLOCKING.has(c.new) && !(c.old && BLOCKING.has(c.old))) totals.nowBlocked += requests;
    if (c.old && BLOCKING.has(c.old) && !(c.new && BLOCKING.has(c.new))) totals.nowAllowed += requests;
    totals.events += requests * ((c.old ? 1 : 0) + (c.new ? 1 : 0)) + extraEvents;
  };
  for (const c of DESIGNED_CASES) add(c, c.requests * scale, (c.duplicates?.requests ?? 0) * scale);
  if (ordinal === BURST.ordinal) add({ old: null, new: BURST.new }, BURST.requests, 0);
  return totals;
}
