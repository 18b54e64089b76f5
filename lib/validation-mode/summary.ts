// The comparison of one zone over a window: totals per class, the old × new action matrix, a time
// series per class, the top rules, hosts and paths per class, and the decision aid.
// Counts are of the requests seen; `estimated` weighs each by its sample interval (sampling.ts).
import { isBlocking } from "@/lib/validation-mode/events";
import { REQUEST_CLASSES, type ComparedRequest, type RequestClass } from "@/lib/validation-mode/join";
import { estimateRequests, samplingOf, weight } from "@/lib/validation-mode/sampling";
import { seriesPerClass } from "@/lib/validation-mode/series";
import type { TimeWindow } from "@/lib/validation-mode/window";

const TOP = 10;

export interface Ranked {
  key: string;
  requests: number;
}

export type PerClass<T> = Record<RequestClass, T>;

function perClass<T>(make: (cls: RequestClass) => T): PerClass<T> {
  return Object.fromEntries(REQUEST_CLASSES.map((cls) => [cls, make(cls)])) as PerClass<T>;
}

function top(requests: readonly ComparedRequest[], keys: (request: ComparedRequest) => Array<string | null>): Ranked[] {
  const counts = new Map<string, number>();
  for (const request of requests) for (const key of new Set(keys(request))) if (key !== null) counts.set(key, (counts.get(key) ?? 0) + 1);
  return [...counts.entries()]
    .map(([key, n]) => ({ key, requests: n }))
    .sort((a, b) => b.requests - a.requests || a.key.localeCompare(b.key))
    .slice(0, TOP);
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** The plain sentence a reviewer reads before turning the previous version off. */
export function decisionSentence(nowBlocked: number, nowAllowed: number, sampled = false): string {
  const sentence =
    `${plural(nowBlocked, "request would now be blocked that was allowed", "requests would now be blocked that were allowed")}; ` +
    `${plural(nowAllowed, "request the old rules blocked is now allowed", "requests the old rules blocked are now allowed")}`;
  return sampled ? `About ${sentence} (estimated from sampled events)` : sentence;
}

export function summarize(
  zoneId: string,
  window: TimeWindow,
  requests: readonly ComparedRequest[],
  events: number,
  slices: number,
  estimatedEvents = events,
) {
  const byClass = perClass((cls) => requests.filter((r) => r.class === cls));
  const count = (cls: RequestClass) => byClass[cls].length;
  const estimate = (cls: RequestClass) => estimateRequests(byClass[cls]);
  const cells = new Map<
    string,
    { class: RequestClass; oldAction: string | null; newAction: string | null; requests: number; estimatedRequests: number }
  >();
  for (const r of requests) {
    const key = `${r.class}|${r.oldAction}|${r.newAction}`;
    const cell = cells.get(key) ?? { class: r.class, oldAction: r.oldAction, newAction: r.newAction, requests: 0, estimatedRequests: 0 };
    cell.requests++;
    cell.estimatedRequests += weight(r);
    cells.set(key, cell);
  }
  for (const cell of cells.values()) cell.estimatedRequests = Math.round(cell.estimatedRequests);
  const blockedNow = requests.filter((r) => isBlocking(r.newAction) && !isBlocking(r.oldAction));
  const allowedNow = requests.filter((r) => isBlocking(r.oldAction) && !isBlocking(r.newAction));
  const nowBlocked = blockedNow.length;
  const nowAllowed = allowedNow.length;
  const sampling = samplingOf(requests);
  const disagreeing = count("newOnly") + count("oldOnly") + count("bothDifferentAction");
  return {
    zoneId,
    window,
    totals: {
      both: count("bothSameAction") + count("bothDifferentAction"),
      newOnly: count("newOnly"),
      oldOnly: count("oldOnly"),
      bothSameAction: count("bothSameAction"),
      bothDifferentAction: count("bothDifferentAction"),
      requests: requests.length,
      events,
    },
    /** The same figures weighed by each request's sample interval: equal to `totals` when nothing was sampled. */
    estimated: {
      both: estimate("bothSameAction") + estimate("bothDifferentAction"),
      newOnly: estimate("newOnly"),
      oldOnly: estimate("oldOnly"),
      bothSameAction: estimate("bothSameAction"),
      bothDifferentAction: estimate("bothDifferentAction"),
      requests: estimateRequests(requests),
      events: estimatedEvents,
      nowBlocked: estimateRequests(blockedNow),
      nowAllowed: estimateRequests(allowedNow),
    },
    sampling,
    byAction: [...cells.values()].sort((a, b) => b.requests - a.requests),
    topRules: perClass((cls) =>
      ["old", "new"]
        .flatMap((side) => top(byClass[cls], (r) => [side === "old" ? r.oldRuleId : r.newRuleId]).map((ranked) => ({ ...ranked, side })))
        .sort((a, b) => b.requests - a.requests)
        .slice(0, TOP),
    ),
    topHosts: perClass((cls) => top(byClass[cls], (r) => [r.host])),
    topPaths: perClass((cls) => top(byClass[cls], (r) => [r.path])),
    ...seriesPerClass(window, requests),
    decision: {
      nowBlocked,
      nowAllowed,
      /** Share of the requests either version acted on where they did not agree. */
      disagreementRate: requests.length === 0 ? 0 : disagreeing / requests.length,
      summary: sampling.sampled
        ? decisionSentence(estimateRequests(blockedNow), estimateRequests(allowedNow), true)
        : decisionSentence(nowBlocked, nowAllowed),
    },
    /** Queries of raw events the window took, each under the dataset's row limit. */
    slices,
  };
}

export type ValidationSummary = ReturnType<typeof summarize>;
