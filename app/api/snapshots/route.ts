import { operation } from "@/lib/http/operation";
import { UPSTREAM } from "@/lib/http/upstream-calls";
import { discardSnapshots, openSnapshots } from "@/lib/snapshots/service";

export const dynamic = "force-dynamic";

/** The latest snapshot (time, age, zones) and the refresh under way, if any. */
export const GET = operation(
  async ({ platform }) => {
    const { info, refreshing, usable } = await openSnapshots(platform);
    return { snapshot: info, refreshing, used: usable !== null };
  },
  { role: "viewer", upstream: UPSTREAM.none },
);

/** Discards the snapshot: the pages scan live again until the next refresh publishes one. */
export const DELETE = operation(
  async ({ platform }) => {
    await discardSnapshots(platform);
    return { discarded: true };
  },
  { role: "planner", upstream: UPSTREAM.none },
);
