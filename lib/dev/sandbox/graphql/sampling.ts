// The sandbox's adaptive sampling (event-design.ts SAMPLING): busy hours of the sampled zone keep one event
// in `interval`, deterministically and without a PRNG draw, and every row carries its `sampleInterval`.
import { SAMPLING } from "./event-design";
import type { FirewallEvent } from "./seed-events";

const HOUR_MS = 3_600_000;

/** `events` in time order; the rows the dataset would hold for them. */
export function sampleBusyHours(
  events: readonly FirewallEvent[],
  overEvents: number = SAMPLING.overEvents,
  interval: number = SAMPLING.interval,
): FirewallEvent[] {
  const perHour = new Map<number, number>();
  const hourOf = (event: FirewallEvent) => Math.floor(Date.parse(event.datetime) / HOUR_MS);
  for (const event of events) perHour.set(hourOf(event), (perHour.get(hourOf(event)) ?? 0) + 1);
  const seen = new Map<number, number>();
  const kept: FirewallEvent[] = [];
  for (const event of events) {
    const hour = hourOf(event);
    if ((perHour.get(hour) ?? 0) <= overEvents) {
      kept.push(event);
      continue;
    }
    const index = seen.get(hour) ?? 0;
    seen.set(hour, index + 1);
    if (index % interval === 0) kept.push({ ...event, sampleInterval: interval });
  }
  return kept;
}
