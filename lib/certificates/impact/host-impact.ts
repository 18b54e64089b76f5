// From the two queries' groups to each host's impact: requests from impacted clients, from clients whose
// version is hidden (and those whose user agent was not read: the agents query stops at its row limit), their
// share of the host's requests with its interval, and the impacted requests per day. Pure.
import { classifyAgent, type AgentImpact } from "@/lib/certificates/impact/classify-agent";
import { estimateOf, shareOf, sumEstimates, ZERO, type Estimate } from "@/lib/certificates/impact/estimate";
import type { RequestGroup } from "@/lib/certificates/impact/query";

/** Fewer sampled requests than this and the share is shown as too uncertain to act on (our threshold). */
export const MIN_SAMPLE_SIZE = 100;

export interface DayImpact {
  date: string;
  requests: number;
  impacted: number;
}

export interface HostImpact {
  host: string;
  requests: Estimate;
  impacted: Estimate;
  /** Requests whose client hides its version, plus those whose user agent was not read. */
  unknown: number;
  notImpacted: number;
  /** Share of the host's requests from impacted clients; null when the host had no request in the window. */
  share: { estimate: number; lower: number; upper: number } | null;
  /** Fewer than MIN_SAMPLE_SIZE sampled requests: the figure is too uncertain. */
  tooFewSamples: boolean;
  /** Of the host's requests, the share whose user agent was read and classified (1: all of them). */
  classified: number;
  /** The reasons behind the impacted requests, largest first ("Android 7.0": 1234). */
  impactedBy: Array<{ reason: string; requests: number }>;
  days: DayImpact[];
}

interface Tally {
  totals: Estimate[];
  byImpact: Record<AgentImpact, Estimate[]>;
  reasons: Map<string, number>;
  days: Map<string, DayImpact>;
}

const emptyTally = (): Tally => ({
  totals: [],
  byImpact: { impacted: [], not_impacted: [], unknown: [] },
  reasons: new Map(),
  days: new Map(),
});

function day(tally: Tally, date: string | null | undefined): DayImpact | undefined {
  if (!date) return undefined;
  const found = tally.days.get(date) ?? { date, requests: 0, impacted: 0 };
  tally.days.set(date, found);
  return found;
}

/** `totals`: groups per host (and day); `agents`: groups per host and user agent (and day); `hosts`: every host asked. */
export function hostImpacts(hosts: readonly string[], totals: readonly RequestGroup[], agents: readonly RequestGroup[]): HostImpact[] {
  const tallies = new Map(hosts.map((host) => [host.toLowerCase(), emptyTally()]));
  const tallyOf = (group: RequestGroup) => tallies.get(group.dimensions.clientRequestHTTPHost.toLowerCase());
  for (const group of totals) {
    const tally = tallyOf(group);
    if (!tally) continue;
    tally.totals.push(estimateOf(group));
    const d = day(tally, group.dimensions.date);
    if (d) d.requests += group.count;
  }
  const verdicts = new Map<string, ReturnType<typeof classifyAgent>>();
  for (const group of agents) {
    const tally = tallyOf(group);
    if (!tally) continue;
    const ua = group.dimensions.userAgent ?? "";
    const verdict = verdicts.get(ua) ?? classifyAgent(ua);
    verdicts.set(ua, verdict);
    tally.byImpact[verdict.impact].push(estimateOf(group));
    if (verdict.impact !== "impacted") continue;
    tally.reasons.set(verdict.reason, (tally.reasons.get(verdict.reason) ?? 0) + group.count);
    const d = day(tally, group.dimensions.date);
    if (d) d.impacted += group.count;
  }
  return hosts.map((host) => summarise(host, tallies.get(host.toLowerCase())!));
}

function summarise(host: string, tally: Tally): HostImpact {
  const requests = tally.totals.length > 0 ? sumEstimates(tally.totals) : ZERO;
  const impacted = sumEstimates(tally.byImpact.impacted);
  const notImpacted = sumEstimates(tally.byImpact.not_impacted).estimate;
  const hidden = sumEstimates(tally.byImpact.unknown).estimate;
  const read = impacted.estimate + notImpacted + hidden;
  // What the agents query did not reach counts as unknown, never as not impacted.
  const unread = Math.max(0, requests.estimate - read);
  return {
    host,
    requests,
    impacted,
    unknown: hidden + unread,
    notImpacted,
    share: shareOf(impacted, requests),
    tooFewSamples: requests.sampleSize < MIN_SAMPLE_SIZE,
    classified: requests.estimate > 0 ? Math.min(1, read / requests.estimate) : 1,
    impactedBy: [...tally.reasons].map(([reason, n]) => ({ reason, requests: n })).sort((a, b) => b.requests - a.requests),
    days: [...tally.days.values()].sort((a, b) => a.date.localeCompare(b.date)),
  };
}
