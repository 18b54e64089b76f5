import { operation } from "@/lib/http/operation";
import { UPSTREAM } from "@/lib/http/upstream-calls";
import { recentUsage } from "@/lib/http/usage-log";

export const dynamic = "force-dynamic";

/** The last server requests' subrequests and peak connections (this process), for the Settings panel. */
export const GET = operation(async () => ({ requests: recentUsage() }), { role: "viewer", upstream: UPSTREAM.none });
