import { operation } from "@/lib/http/operation";
import { UPSTREAM } from "@/lib/http/upstream-calls";
import { configuredAccounts } from "@/lib/accounts/configured-accounts";
import { redactSecrets } from "@/lib/config";

export const dynamic = "force-dynamic";

/** Every account Preflight reads, named as the pages name them: what the account filter of every page offers. */
export const GET = operation(
  async ({ accounts, platformFor }) => {
    const answer = await configuredAccounts(accounts.entries, platformFor);
    return { ...answer, unread: answer.unread.map((part) => ({ ...part, error: redactSecrets(part.error) })) };
  },
  { role: "viewer", upstream: UPSTREAM.accounts },
);
