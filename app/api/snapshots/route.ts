import { operation } from "@/lib/http/operation";
import { UPSTREAM } from "@/lib/http/upstream-calls";
import { discardAccountsSnapshots, readAccountsSnapshots } from "@/lib/snapshots/read-account-snapshots";

export const dynamic = "force-dynamic";

/**
 * The latest snapshot (time, age, zones) and the refresh under way, if any: the first account's (the one `account`
 * asks for) as always, and in `accounts` each account's, named as the pages name them.
 */
export const GET = operation(async ({ accounts, platformFor }) => readAccountsSnapshots({ accounts, platformFor }), {
  role: "viewer",
  upstream: UPSTREAM.accounts,
});

/** Discards the snapshot (`account`: that account's only): the pages scan live again until the next refresh publishes one. */
export const DELETE = operation(
  async ({ accounts, platformFor }) => {
    await discardAccountsSnapshots({ accounts, platformFor });
    return { discarded: true };
  },
  { role: "planner", upstream: UPSTREAM.accounts },
);
