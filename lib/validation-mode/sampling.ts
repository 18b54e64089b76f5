// firewallEventsAdaptive is adaptively sampled (cloudflare-docs analytics/graphql-api/sampling.mdx): under
// load it keeps one event in `sampleInterval` and each kept row stands for that many. Counts of rows are
// what was seen; estimates weigh each request by its interval, as the platform's own estimate does.

/** What sampling needs of a compared request (lib/validation-mode/join.ts): the interval it stands for. */
type Sampled = { sampleInterval: number | null };

export interface SamplingSummary {
  /** Some request was seen through a sample interval above 1: the figures are estimates. */
  sampled: boolean;
  /** The largest interval seen (1 when nothing was sampled). */
  maxInterval: number;
  /** Requests seen through an interval above 1. */
  sampledRequests: number;
  /** Requests whose interval the platform did not give: counted once, and said so. */
  unknownIntervals: number;
  /** What a reviewer must know before reading the figures; absent when nothing was sampled. */
  note?: string;
}

/** An interval the platform gave that can weigh a row (a positive number); else undefined: unknown. */
export function usableInterval(interval: number | null | undefined): number | undefined {
  return typeof interval === "number" && Number.isFinite(interval) && interval > 0 ? interval : undefined;
}

/** One seen request stands for its interval's worth; an unknown interval counts as one. */
export function weight(request: Sampled): number {
  return request.sampleInterval ?? 1;
}

/** The estimated number of requests (rounded), from the ones seen. */
export function estimateRequests(requests: readonly Sampled[]): number {
  return Math.round(requests.reduce((n, request) => n + weight(request), 0));
}

/** The estimated number of events, from the rows seen and each row's interval. */
export function estimateEvents(events: readonly { sampleInterval?: number | null }[]): number {
  return Math.round(events.reduce((n, event) => n + (usableInterval(event.sampleInterval) ?? 1), 0));
}

export function samplingOf(requests: readonly Sampled[]): SamplingSummary {
  let maxInterval = 1;
  let sampledRequests = 0;
  let unknownIntervals = 0;
  for (const request of requests) {
    if (request.sampleInterval === null) unknownIntervals++;
    else if (request.sampleInterval > 1) sampledRequests++;
    maxInterval = Math.max(maxInterval, request.sampleInterval ?? 1);
  }
  const sampled = maxInterval > 1;
  const summary: SamplingSummary = { sampled, maxInterval, sampledRequests, unknownIntervals };
  if (sampled) {
    summary.note =
      `The platform sampled these events (up to 1 in ${formatInterval(maxInterval)}): counts are estimates, each seen request weighed by its interval. ` +
      "A request seen by one version only may be a sampling artefact: the other version's event for it may not have been sampled.";
  } else if (unknownIntervals > 0) {
    summary.note =
      `The platform gave no sample interval for ${unknownIntervals.toLocaleString("en-US")} requests: ` +
      `they are counted once each, which undercounts them if they were sampled.`;
  }
  return summary;
}

export function formatInterval(interval: number): string {
  return Number.isInteger(interval) ? interval.toLocaleString("en-US") : interval.toFixed(1);
}
