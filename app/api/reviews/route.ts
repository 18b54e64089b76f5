import { operation } from "@/lib/http/operation";
import { UPSTREAM } from "@/lib/http/upstream-calls";
import { readJsonBody } from "@/lib/http/json-body";
import { queryText } from "@/lib/http/query";
import { applyFilter, checkFilter } from "@/lib/reviews/list-filter";
import { openReviewStore } from "@/lib/reviews/open-store";
import { createReviewSchema } from "@/lib/reviews/schema";
import { createReview } from "@/lib/reviews/service";
import { zoneAccounts, zoneEntry } from "@/lib/accounts/zone-accounts";
import { entryAccount } from "@/lib/accounts/row-account";

export const dynamic = "force-dynamic";

/** Every review, newest first; `state`, `kind` and `author` filter. */
export const GET = operation(
  async ({ url, platform, accounts }) => {
    const filter = checkFilter({
      state: queryText(url, "state", 20),
      kind: queryText(url, "kind", 40),
      author: queryText(url, "author", 320),
      account: accounts.accountId,
    });
    const store = await openReviewStore(platform);
    return { reviews: applyFilter(await store.list(), filter) };
  },
  { role: "viewer", upstream: UPSTREAM.none },
);

/** Creates a draft review: the evidence and the exact calls are frozen now. */
export const POST = operation(
  async ({ request, platform, accounts, platformFor, identity }) => {
    const target = await readJsonBody(request, createReviewSchema);
    // A zone's review is planned and later executed with its own account's credentials only.
    const entry = "zoneId" in target ? zoneEntry(target.zoneId, accounts) : accounts.entries[0]!;
    const own = platformFor(entry);
    const account = "zoneId" in target ? zoneAccounts.accountOf(target.zoneId) : undefined;
    const review = await createReview(await openReviewStore(platform), own, target, identity, undefined, account ?? entryAccount(entry));
    return Response.json(review, { status: 201, headers: { Location: `/api/reviews/${review.id}` } });
  },
  { role: "planner", upstream: UPSTREAM.reviewCreate },
);
