// A sampled count and its 95 % interval. The platform gives each group's interval (`confidence(level: 0.95)`);
// when the zone's settings do not list it, the interval is worked out from the group's average sample interval
// (each kept row stands for `s` requests: variance ≈ rows·s·(s−1)). Sums of independent groups add variances.
import type { RequestGroup } from "@/lib/certificates/impact/query";

export interface Estimate {
  estimate: number;
  lower: number;
  upper: number;
  /** Sampled rows behind the estimate. */
  sampleSize: number;
}

const Z95 = 1.959964;
export const ZERO: Estimate = { estimate: 0, lower: 0, upper: 0, sampleSize: 0 };

export function estimateOf(group: RequestGroup): Estimate {
  const given = group.confidence?.count;
  const interval = group.avg?.sampleInterval ?? 1;
  const sampleSize = given?.sampleSize ?? Math.max(1, Math.round(group.count / Math.max(1, interval)));
  if (given?.lower !== undefined && given.upper !== undefined) {
    return { estimate: given.estimate ?? group.count, lower: given.lower, upper: given.upper, sampleSize };
  }
  const half = Z95 * Math.sqrt(sampleSize * interval * Math.max(0, interval - 1));
  return { estimate: group.count, lower: Math.max(0, group.count - half), upper: group.count + half, sampleSize };
}

/** The sum of independent estimates: the deviations below and above add in quadrature. */
export function sumEstimates(parts: readonly Estimate[]): Estimate {
  let estimate = 0;
  let below = 0;
  let above = 0;
  let sampleSize = 0;
  for (const part of parts) {
    estimate += part.estimate;
    below += (part.estimate - part.lower) ** 2;
    above += (part.upper - part.estimate) ** 2;
    sampleSize += part.sampleSize;
  }
  return { estimate, lower: Math.max(0, estimate - Math.sqrt(below)), upper: estimate + Math.sqrt(above), sampleSize };
}

/** A share of `total` with the part's interval (the total's own uncertainty is far smaller and left out); null for no traffic. */
export function shareOf(part: Estimate, total: Estimate): { estimate: number; lower: number; upper: number } | null {
  if (total.estimate <= 0) return null;
  const clamp = (n: number) => Math.min(1, Math.max(0, n / total.estimate));
  return { estimate: clamp(part.estimate), lower: clamp(part.lower), upper: clamp(part.upper) };
}
