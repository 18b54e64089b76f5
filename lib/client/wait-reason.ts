// Why a page waits and until when, in words: which limit is used up, and by whom in its window. Pure.
import type { RateLimitUse } from "@/lib/platform/rate-limiter";
import { formatCount } from "@/lib/client/format";

const LIMIT_NAMES = { account: "account rate limit", graphql: "GraphQL analytics limit" } as const;

/**
 * "The account rate limit (1,200 calls per 300 s) is used up: Zones scan 1,180 calls, Certificate audit 20
 * in the last 300 s. the certificate audit resumes at 09:41:12." `what` in lower case; `use` is what the server said of the limit.
 */
export function waitReason(what: string, resumeAt: Date, use?: RateLimitUse, timeZone?: string): string {
  const at = resumeAt.toLocaleTimeString("en-GB", { timeZone });
  const resumes = `${what} resumes at ${at}.`;
  if (!use) return `The ${LIMIT_NAMES.account} is used up; ${resumes}`;
  const name = `The ${LIMIT_NAMES[use.limit]} (${formatCount(use.requests)} calls per ${use.windowSeconds} s)`;
  // The limit is kept for every isolate by one object: unreachable, Preflight waits rather than count alone.
  if (use.unreachable)
    return `${name} is kept for every isolate by its Durable Object, which cannot be reached: every call waits; ${resumes}`;
  if (use.pausedUntil) return `${name} was exceeded and the platform answered 429: every call waits; ${resumes}`;
  const users = use.consumers.filter((c) => c.calls > 0);
  const by = users.length
    ? `: ${users.map((c) => `${c.consumer} ${formatCount(c.calls)} call${c.calls === 1 ? "" : "s"}`).join(", ")} in the last ${use.windowSeconds} s`
    : "";
  const next = `${resumes[0]!.toUpperCase()}${resumes.slice(1)}`;
  // Tokens left but held for another page: this page has had its equal share, not the whole limit.
  if (use.available > 0) return `${name} is shared by the pages scanning at once, and this one has had its share${by}. ${next}`;
  const shared = use.consumers.length > 1 ? " Pages scanning at once share it equally." : "";
  return `${name} is used up${by}.${shared} ${next}`;
}
