import { operation } from "@/lib/http/operation";
import { UPSTREAM } from "@/lib/http/upstream-calls";
import { recentUsage } from "@/lib/http/usage-log";
import { rateLimitUse } from "@/lib/platform/open-platform";

export const dynamic = "force-dynamic";

/**
 * The last server requests' subrequests and peak connections (this process), for the Settings panel, and
 * who uses the account's rate limits now (on the edge, as the limit owner's object says), for a page that waits on one.
 */
export const GET = operation(async () => ({ requests: recentUsage(), rateLimits: await rateLimitUse() }), {
  role: "viewer",
  upstream: UPSTREAM.none,
});
