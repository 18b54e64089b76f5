// The accounts a credential reaches (GET /accounts): what the account filter offers for an entry configured
// without an account id. The SDK's Account (cloudflare-typescript src/resources/accounts/accounts.ts) has
// `id` and `name` required, `type`, `settings` and `created_on` beside them; only id and name are read.
import "server-only";
import { z } from "zod";
import type { PlatformClient } from "@/lib/platform/client";
import { walkPages } from "@/lib/platform/paginate";

export const accountSchema = z.object({ id: z.string(), name: z.string() });

/** The largest page `/accounts` serves (the SDK's list takes per_page 5 to 50). */
const ACCOUNTS_PER_PAGE = 50;

export async function listAccounts(
  platform: PlatformClient,
): Promise<{ accounts: Array<{ id: string; name: string }>; complete: boolean }> {
  const walk = await walkPages(platform, "/accounts", { direction: "asc" }, accountSchema, { perPage: ACCOUNTS_PER_PAGE, maxPages: 20 });
  return { accounts: walk.items.map(({ id, name }) => ({ id, name })), complete: walk.nextPage === undefined };
}
