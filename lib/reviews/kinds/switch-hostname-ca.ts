// switch_hostname_ca: custom hostnames moved off the legacy-chain CA (lets_encrypt) by a PATCH each. Its plan
// audits the hostnames as the certificates page does (CAA included) and refuses, by name, any it cannot switch.
import "server-only";
import { z } from "zod";
import { hostnameCaaContext, type CaaReads } from "@/lib/certificates/caa-reads";
import { isLegacyHostname, notServingRefusal, switchCalls, switchRefusal } from "@/lib/certificates/hostname-switch";
import { fetchCaaRecords } from "@/lib/certificates/inventory";
import { customHostnameSchema } from "@/lib/certificates/upstream";
import { auditZone } from "@/lib/certificates/zone-audit";
import { InputError } from "@/lib/errors/input-error";
import { NotFoundError } from "@/lib/errors/not-found-error";
import { DeferredError } from "@/lib/errors/platform-errors";
import type { PlatformClient } from "@/lib/platform/client";
import { checkUuidIdentifier, UUID_SOURCE, zonePath } from "@/lib/platform/paths";
import { getZone, listZonePages } from "@/lib/platform/zones";
import type { ReviewCall, ReviewTarget } from "@/lib/reviews/schema";
import type { CallEffect, PlanContext, ReviewKindHandler, ReviewPlan } from "@/lib/reviews/kinds/kind";

const HOSTNAME = new RegExp(`^/zones/([0-9a-f]{32})/custom_hostnames/(${UUID_SOURCE})$`);
const hostnameBody = z.object({ ssl: z.object({ certificate_authority: z.string() }) });

export const switchHostnameCa: ReviewKindHandler<"switch_hostname_ca"> = {
  plan: planHostnameSwitch,
  effect: (platform, call) => {
    const match = call.method === "PATCH" ? HOSTNAME.exec(call.path) : null;
    return match ? hostnameEffect(platform, match[1]!, match[2]!, call) : undefined;
  },
};

async function planHostnameSwitch(
  { platform, accountId }: PlanContext,
  target: ReviewTarget & { kind: "switch_hostname_ca" },
): Promise<ReviewPlan> {
  const zone = await getZone(platform, target.zoneId);
  const hostnames = await Promise.all(
    target.hostnameIds.map(async (id, i) => {
      const { result } = await platform.get(
        zonePath(zone.id, "custom_hostnames"),
        { id: checkUuidIdentifier(`hostnameIds[${i}]`, id) },
        z.array(customHostnameSchema),
      );
      if (!result[0]) throw new NotFoundError(`Custom hostname ${id} (hostnameIds[${i}]) is not in ${zone.name}`);
      return result[0];
    }),
  );
  // The hostnames' CAA as the audit reads it (RFC 8659's climb through the account's zones): the approver
  // sees the same advice, and a switch to the default CA that CAA would keep on the legacy chain is refused.
  const caaRecords = await fetchCaaRecords(platform, zone.id);
  const context = await hostnameCaaContext(accountCaaReads(platform, accountId), zone, caaRecords, hostnames);
  const { rows, caa } = auditZone(
    zone,
    { packs: [], customCertificates: [], customHostnames: hostnames, totalTls: { enabled: false }, caaRecords },
    context,
  );
  if (target.certificateAuthority === "") {
    const blocked = caa.filter((f) => f.source === "custom_hostname" && f.defaultCa === "lets_encrypt").map((f) => f.hostname);
    if (blocked.length > 0) {
      throw new InputError(
        "certificateAuthority",
        `CAA lets only letsencrypt.org issue for ${blocked.join(", ")}: the default CA would stay on the legacy chain. ` +
          `Choose google, or add the CAA record the audit names first`,
      );
    }
  }
  // A hostname that serves nothing (moved, deleted) or a legacy one whose switch cannot be built is refused by
  // name, never left out of the review unsaid; a moved one is refused as moved, whatever else its answer lacks.
  const ownStatus = new Map(hostnames.map((h) => [h.id, h.status ?? null]));
  const gone = rows.flatMap((row) => notServingRefusal(row, ownStatus.get(row.id) ?? null) ?? []);
  const serving = rows.filter((row) => row.verdict !== "not_serving" && isLegacyHostname(row));
  const refused = [...gone, ...serving.flatMap((row) => switchRefusal(row) ?? [])];
  if (refused.length > 0) throw new InputError("hostnameIds", refused.join("; "));
  const calls = switchCalls(rows, target.certificateAuthority).map((c) => ({
    title: `Switch ${c.hostname} from ${c.from} to ${c.body.ssl.certificate_authority || "the default CA"}`,
    method: c.method,
    path: c.path,
    query: {},
    body: c.body,
  }));
  if (calls.length === 0) throw new InputError("hostnameIds", "None of these custom hostnames is on the legacy-chain CA (lets_encrypt)");
  return {
    title: `Switch ${calls.length} custom hostname(s) of ${zone.name} off the legacy-chain CA`,
    evidence: { zone: { id: zone.id, name: zone.name }, certificates: rows },
    calls,
  };
}

/** The account's zones and their CAA records, read as a review needs them (no scan cache to share). */
function accountCaaReads(platform: PlatformClient, accountId: string | undefined): CaaReads {
  return {
    zones: async () => {
      const walk = await listZonePages(platform, 1, accountId);
      if (walk.nextPage !== undefined) throw new DeferredError("the account's zones did not fit in this request", walk.retryAfterMs ?? 0);
      return walk.zones;
    },
    records: (zoneId) => fetchCaaRecords(platform, zoneId),
  };
}

/** Applied when the hostname's certificate authority is the one the PATCH asked for. */
async function hostnameEffect(platform: PlatformClient, zoneId: string, hostnameId: string, call: ReviewCall): Promise<CallEffect> {
  const wanted = hostnameBody.parse(call.body).ssl.certificate_authority;
  const { result } = await platform.get(zonePath(zoneId, "custom_hostnames"), { id: hostnameId }, z.array(customHostnameSchema));
  const found = result[0];
  if (!found) throw new Error("the custom hostname is gone, so the call's outcome cannot be read");
  return (found.ssl?.certificate_authority ?? "") === wanted ? "applied" : "not_applied";
}
