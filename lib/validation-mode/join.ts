// The join: a request's events (one per rule that acted, sometimes repeated) are gathered by rayName,
// then the request is classified by which version acted on it and whether both took the same action.
// Actions are read in the platform's spelling (actions.ts), so `managed_challenge` and `managedChallenge` agree.
import { canonicalAction, decisiveness, NEW_SOURCE, OLD_SOURCE, type FirewallEvent } from "@/lib/validation-mode/events";
import { usableInterval } from "@/lib/validation-mode/sampling";

export const REQUEST_CLASSES = ["bothSameAction", "bothDifferentAction", "newOnly", "oldOnly"] as const;
export type RequestClass = (typeof REQUEST_CLASSES)[number];

export interface ComparedRequest {
  rayName: string;
  /** The request's first event. */
  datetime: string;
  class: RequestClass;
  oldAction: string | null;
  oldRuleId: string | null;
  oldEvents: number;
  newAction: string | null;
  newRuleId: string | null;
  newEvents: number;
  host: string;
  path: string;
  country: string;
  clientIP: string;
  userAgent: string;
  /** The largest sample interval among its events: one sampled request stands for this many (null: unknown). */
  sampleInterval: number | null;
}

interface Side {
  decisive: FirewallEvent | undefined;
  events: number;
}

function take(side: Side, event: FirewallEvent): void {
  side.events++;
  if (!side.decisive || decisiveness(event.action) > decisiveness(side.decisive.action)) side.decisive = event;
}

export function classify(oldAction: string | null, newAction: string | null): RequestClass {
  if (oldAction !== null && newAction !== null) return oldAction === newAction ? "bothSameAction" : "bothDifferentAction";
  return newAction !== null ? "newOnly" : "oldOnly";
}

/** Events of other sources are ignored; requests come out in time order (then by rayName). */
export function joinRequests(events: readonly FirewallEvent[]): ComparedRequest[] {
  const byRay = new Map<string, { first: FirewallEvent; old: Side; new: Side; interval: number | null }>();
  for (const raw of events) {
    if (raw.source !== OLD_SOURCE && raw.source !== NEW_SOURCE) continue;
    const event = { ...raw, action: canonicalAction(raw.action) };
    let entry = byRay.get(event.rayName);
    if (!entry) {
      entry = { first: event, old: { decisive: undefined, events: 0 }, new: { decisive: undefined, events: 0 }, interval: null };
      byRay.set(event.rayName, entry);
    }
    if (event.datetime < entry.first.datetime) entry.first = event;
    const interval = usableInterval(event.sampleInterval);
    if (interval) entry.interval = Math.max(entry.interval ?? 0, interval);
    take(event.source === OLD_SOURCE ? entry.old : entry.new, event);
  }
  const requests = [...byRay.values()].map(({ first, old, new: next, interval }): ComparedRequest => {
    const oldAction = old.decisive?.action ?? null;
    const newAction = next.decisive?.action ?? null;
    return {
      rayName: first.rayName,
      datetime: first.datetime,
      class: classify(oldAction, newAction),
      oldAction,
      oldRuleId: old.decisive?.ruleId ?? null,
      oldEvents: old.events,
      newAction,
      newRuleId: next.decisive?.ruleId ?? null,
      newEvents: next.events,
      // "" when the zone's settings kept the field out of the query (the answer's datasetLimits.fields says why).
      host: first.clientRequestHTTPHost ?? "",
      path: first.clientRequestPath ?? "",
      country: first.clientCountryName ?? "",
      clientIP: first.clientIP ?? "",
      userAgent: first.userAgent ?? "",
      sampleInterval: interval,
    };
  });
  return requests.sort((a, b) => a.datetime.localeCompare(b.datetime) || a.rayName.localeCompare(b.rayName));
}
