import { configuredAccounts } from "@/lib/accounts/configured-accounts";
import { reportAccount } from "@/lib/accounts/report-account";
import { getConfig } from "@/lib/config";
import { operation } from "@/lib/http/operation";
import { UPSTREAM } from "@/lib/http/upstream-calls";
import { handleArchive } from "@/lib/storage/archive";
import { getBucket } from "@/lib/storage/bucket-provider";

export const dynamic = "force-dynamic";

/**
 * `/api/archive/{key}`: its own pre-shared key guards writes, so it needs no signed-in user. A write names its report's
 * account with `account` (needed when Preflight reads several); only then are the accounts read (GET /accounts).
 */
const archive = operation<{ key: string[] }>(
  async ({ request, params, accounts, platformFor }) => {
    const { authKeySecret, archiveMaxBytes } = getConfig().storage;
    return handleArchive(request, params.key.join("/"), {
      bucket: await getBucket(),
      authKeySecret,
      maxBytes: archiveMaxBytes,
      reportAccount: async () => reportAccount(await configuredAccounts(accounts.entries, platformFor), accounts.accountId),
    });
  },
  { role: "public", upstream: UPSTREAM.archive },
);

export { archive as GET, archive as PUT, archive as DELETE, archive as POST, archive as PATCH, archive as OPTIONS };
