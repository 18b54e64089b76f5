import { operation } from "@/lib/http/operation";
import { UPSTREAM } from "@/lib/http/upstream-calls";
import { changePages } from "@/lib/changes/pages";
import { changesQuery } from "@/lib/changes/request";
import { listChanges } from "@/lib/changes/store";
import { getBucket } from "@/lib/storage/bucket-provider";
import { meteredBucket } from "@/lib/storage/metered-bucket";

export const dynamic = "force-dynamic";

/**
 * Drift and certificate audit changes, newest first: `since` (ISO date or time), `kind` (repeated or
 * comma-separated), `zone`, `account`, `limit`; `cursor` continues a listing cut short, as the other listings do.
 */
export const GET = operation(
  async ({ url, platform, accounts }) => {
    // `account` filters to the records of that account (read by every operation: lib/accounts/account-scope.ts).
    const query = { ...changesQuery(url), ...(accounts.accountId ? { accountId: accounts.accountId } : {}) };
    const page = await listChanges(meteredBucket(await getBucket(), platform.scheduler), query);
    return {
      changes: page.changes.map((change) => ({ ...change, pages: changePages(change) })),
      since: query.since?.toISOString() ?? null,
      complete: page.cursor === undefined,
      ...(page.cursor ? { cursor: page.cursor } : {}),
    };
  },
  { role: "viewer", upstream: UPSTREAM.none },
);
