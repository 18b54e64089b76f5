import { ACCOUNT_PARAMETER, entryAccountFilter } from "@/lib/accounts/account-scope";
import { entryAccount } from "@/lib/accounts/row-account";
import { zoneAccounts } from "@/lib/accounts/zone-accounts";
import { InputError } from "@/lib/errors/input-error";
import { operation } from "@/lib/http/operation";
import { queryEnum, queryFlag, queryText } from "@/lib/http/query";
import { UPSTREAM } from "@/lib/http/upstream-calls";
import { exportAccountPart } from "@/lib/terraform/account-export";
import { accountArchive, accountHeader, accountText, zoneSection } from "@/lib/terraform/account-file";
import { exportQuery } from "@/lib/terraform/export-query";

export const dynamic = "force-dynamic";

/**
 * Every zone's entry point as Terraform: one file, or `format=archive` a zip of one file per zone. Each
 * answer holds the zones one request's budget reaches; `X-Preflight-Cursor` continues the export, and the
 * parts put end to end (archives merged) are the whole account. Failed and skipped zones are marked in it.
 */
export const GET = operation(
  async ({ url, accounts, platformFor }) => {
    const { syntax, config } = exportQuery(url);
    // A Terraform state, and the provider's credentials, are one account's: with several configured, name it.
    if (accounts.entries.length > 1) {
      throw new InputError(ACCOUNT_PARAMETER, "a Terraform export is one account's: name it with account=<account id>");
    }
    const entry = accounts.entries[0]!;
    const platform = platformFor(entry);
    const format = queryEnum(url, "format", ["hcl", "archive"] as const, "hcl");
    const cursor = queryText(url, "cursor");
    const part = await exportAccountPart(platform, {
      cursor,
      syntax,
      config,
      refresh: queryFlag(url, "refresh"),
      accountId: entryAccountFilter(entry, accounts),
    });
    const sections = part.outcomes.map((outcome) => zoneSection(outcome, syntax));
    const listed = part.outcomes[0] && zoneAccounts.accountOf(part.outcomes[0].zone.id);
    const account = entryAccount(entry) ?? (accounts.accountId && listed?.id === accounts.accountId ? listed : undefined);
    const header = part.first ? accountHeader(syntax, config, part.totalCount, account) : undefined;
    const count = (status: string) => String(sections.filter((s) => s.status === status).length);
    const headers: Record<string, string> = {
      "Content-Disposition": `attachment; filename="preflight-terraform-${syntax}.${format === "archive" ? "zip" : "tf"}"`,
      "X-Preflight-Complete": String(part.complete),
      ...(part.cursor ? { "X-Preflight-Cursor": part.cursor } : {}),
      // Zones covered so far (this part included) of the account's total: the page's progress.
      "X-Preflight-Progress": `${part.done}/${part.totalCount ?? ""}`,
      "X-Preflight-Zones-Exported": count("exported"),
      "X-Preflight-Zones-Failed": count("failed"),
      "X-Preflight-Zones-Skipped": count("skipped"),
      ...(part.retryAfterSeconds ? { "X-Preflight-Retry-After": String(part.retryAfterSeconds) } : {}),
    };
    if (format === "archive") {
      return new Response(accountArchive(header, sections), { headers: { ...headers, "Content-Type": "application/zip" } });
    }
    return new Response(accountText(header, sections), { headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" } });
  },
  { role: "viewer", upstream: UPSTREAM.terraformAccount },
);
