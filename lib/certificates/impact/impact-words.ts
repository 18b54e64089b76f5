// A host's impact in words, as the Certificates page, the inspector and the exports say it:
// "Android ≤ 7.0: 3.8 % (3.1–4.6 %) of 1.2 M requests". An estimate always shows its interval.
import type { HostImpact } from "@/lib/certificates/impact/host-impact";

/** The rule's label: Android 7.0 and earlier (older than 7.1.1) lacks ISRG Root X1. */
export const IMPACTED_LABEL = "Android ≤ 7.0";

export function percent(share: number): string {
  const value = share * 100;
  return `${value >= 10 || value === 0 ? value.toFixed(0) : value.toFixed(1)} %`;
}

/** 1234567 → "1.2 M", 45300 → "45.3 k", 950 → "950". */
export function compactCount(n: number): string {
  if (n >= 1e9) return `${(n / 1e9).toFixed(1)} G`;
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)} M`;
  if (n >= 1e3) return `${(n / 1e3).toFixed(1)} k`;
  return String(Math.round(n));
}

export function impactWords(impact: HostImpact): string {
  if (!impact.share) return "no request in the window";
  const { estimate, lower, upper } = impact.share;
  const interval = `(${percent(lower).replace(" %", "")}–${percent(upper)})`;
  const words = `${IMPACTED_LABEL}: ${percent(estimate)} ${interval} of ${compactCount(impact.requests.estimate)} requests`;
  const caveats = [
    impact.tooFewSamples ? `too few sampled requests (${impact.requests.sampleSize})` : undefined,
    impact.unknown > 0 ? `${percent(impact.unknown / impact.requests.estimate)} unknown` : undefined,
  ].filter(Boolean);
  return caveats.length > 0 ? `${words}; ${caveats.join(", ")}` : words;
}

/** The largest impacted share among hosts (the sort key of a certificate); -1 when none had traffic. */
export function worstShare(impacts: readonly HostImpact[]): number {
  return impacts.reduce((worst, i) => Math.max(worst, i.share?.estimate ?? -1), -1);
}

/** How much of the window a zone's read covers, in the words of every partial read; undefined when all of it. */
export function windowReadWords(read: { ranges: { read: number; total: number }; truncatedRanges: number }): string | undefined {
  const parts = [
    read.ranges.read < read.ranges.total ? `${read.ranges.read} of ${read.ranges.total} parts of the window read` : undefined,
    read.truncatedRanges > 0
      ? `${read.truncatedRanges} part${read.truncatedRanges === 1 ? "" : "s"} with more user agents than one answer holds (the rest counted as unknown)`
      : undefined,
  ].filter(Boolean);
  return parts.length > 0 ? `Partial: ${parts.join("; ")}` : undefined;
}
