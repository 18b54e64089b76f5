import { getConfig } from "@/lib/config";
import { operation } from "@/lib/http/operation";
import { listZones } from "@/lib/platform/zones";

export const dynamic = "force-dynamic";

/** Every zone of the account; `cursor` resumes a listing the subrequest budget cut short. */
export const GET = operation(({ url, platform }) =>
  listZones(platform, {
    accountId: getConfig().accountId,
    cursor: url.searchParams.get("cursor") ?? undefined,
  }),
);
