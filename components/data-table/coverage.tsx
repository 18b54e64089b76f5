"use client";
// How much of the account a page's counts cover while its listing is read, and why and until when it waits.
import { useQuery } from "@tanstack/react-query";
import { coverageLabel, isExact, partialCount, partialCountTitle, type Coverage } from "@/lib/client/coverage";
import { fetchJson } from "@/lib/client/fetch-json";
import { waitReason } from "@/lib/client/wait-reason";
import type { RateLimitUse } from "@/lib/platform/rate-limiter";

/** A chart drawn from a partial listing is hatched: its bars are what was read so far, not the account's. */
export const PARTIAL_CHART_STYLE = { backgroundImage: "repeating-linear-gradient(45deg, transparent 0 8px, rgb(241 245 249) 8px 10px)" };

/** "190 of 240 zones read" beside a page's totals; says nothing once everything was read. */
export function CoverageNote({ coverage, testId }: { coverage: Coverage; testId: string }) {
  if (isExact(coverage)) return null;
  return (
    <p className="text-sm font-medium text-amber-800" data-testid={testId}>
      Partial: {coverageLabel(coverage)}. Counts below are what was read so far.
    </p>
  );
}

/** A count that may still grow: "12+", or "—" for a 0 that was not read, with the coverage on hover. */
export function PartialCount({ count, coverage, testId }: { count: number; coverage: Coverage; testId?: string }) {
  const title = partialCountTitle(count, coverage);
  return (
    <span data-testid={testId} title={title}>
      {partialCount(count, isExact(coverage))}
      {title && <span className="sr-only"> ({title})</span>}
    </span>
  );
}

/** While a listing waits out a rate limit: which limit, who used it, and when the page resumes. */
export function RateLimitWait({ resumeAt, what }: { resumeAt?: number; what: string }) {
  const usage = useQuery({
    queryKey: ["usage", "rate-limits"],
    queryFn: ({ signal }) => fetchJson<{ rateLimits?: RateLimitUse[] }>("/api/usage", { signal }),
    enabled: resumeAt !== undefined,
    refetchInterval: 5_000,
  });
  if (resumeAt === undefined) return null;
  const account = usage.data?.rateLimits?.find((l) => l.limit === "account");
  return (
    <p role="status" className="text-sm text-amber-800" data-testid="rate-limit-wait">
      {waitReason(what, new Date(resumeAt), account)}
    </p>
  );
}
