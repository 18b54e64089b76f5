// A certificate's impact from its hosts' figures: the worst host decides where it sorts and what the list
// says; the page's CSV adds the same figures as columns. Pure (the page and the tests share it).
import type { HostImpact } from "@/lib/certificates/impact/host-impact";
import { impactWords, worstShare } from "@/lib/certificates/impact/impact-words";

export interface CertificateImpact {
  hosts: HostImpact[];
  /** The largest impacted share among its hosts; -1 when none had a request in the window. */
  worst: number;
  words: string;
  /** Hosts of the certificate no figure was read for (wildcards, a zone not read yet). */
  missing: string[];
  /** Set when the zone's read did not cover the whole window (windowReadWords). */
  partial?: string;
}

export function certificateImpact(
  hosts: readonly string[],
  byHost: ReadonlyMap<string, HostImpact>,
  partial?: string,
): CertificateImpact | undefined {
  const found = hosts.flatMap((h) => byHost.get(h.toLowerCase()) ?? []);
  if (found.length === 0) return undefined;
  const missing = hosts.filter((h) => !byHost.has(h.toLowerCase()));
  const worst = worstShare(found);
  const top = found.find((h) => (h.share?.estimate ?? -1) === worst) ?? found[0]!;
  const others = found.length + missing.length - 1;
  const words = `${top.host}: ${impactWords(top)}${others > 0 ? ` (+${others} more host${others === 1 ? "" : "s"})` : ""}`;
  return { hosts: found, worst, words, missing, ...(partial ? { partial } : {}) };
}

/** The impact columns of the page's CSV, empty where no figure was read. */
export function impactColumns(impact: CertificateImpact | undefined) {
  const top = impact?.hosts.find((h) => (h.share?.estimate ?? -1) === impact.worst);
  return {
    impactHost: top?.host ?? "",
    impactedShare: top?.share ? top.share.estimate.toFixed(4) : "",
    impactedShareLower: top?.share ? top.share.lower.toFixed(4) : "",
    impactedShareUpper: top?.share ? top.share.upper.toFixed(4) : "",
    impactRequests: top ? Math.round(top.requests.estimate) : "",
    impactSampleSize: top ? top.requests.sampleSize : "",
    impactWords: impact?.words ?? "",
  };
}
