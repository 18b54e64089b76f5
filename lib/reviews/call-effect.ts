// After a restart, a call journalled as "sending" may or may not have reached the platform. Before
// anything is sent again, the account is read to see whether the call took effect: each mutation a
// review can plan has a read that answers that. A call with no such read is never resent.
import { z } from "zod";
import { customHostnameSchema } from "@/lib/certificates/upstream";
import { migrationPhase, overrideSchema } from "@/lib/migration/evidence";
import { previousApiRefusal } from "@/lib/migration/previous-api";
import { readMigrationStatus } from "@/lib/migration/scan-zone";
import type { PlatformClient } from "@/lib/platform/client";
import { listInvites } from "@/lib/platform/invites";
import { walkPages } from "@/lib/platform/paginate";
import { UUID_SOURCE, zonePath } from "@/lib/platform/paths";
import type { ReviewCall } from "@/lib/reviews/schema";

/** `unknown`: the read that would tell is refused as the retired APIs refuse (404, 410, 403) or unreadable: never resent. */
export type CallEffect = "applied" | "not_applied" | "unknown";

const HEX = "([0-9a-f]{32})";
const ENTRYPOINT = new RegExp(`^/zones/${HEX}/rulesets/phases/http_request_firewall_managed/entrypoint$`);
const OVERRIDE = new RegExp(`^/zones/${HEX}/firewall/waf/overrides/${HEX}$`);
const HOSTNAME = new RegExp(`^/zones/${HEX}/custom_hostnames/(${UUID_SOURCE})$`);
const INVITE = new RegExp(`^/user/invites/${HEX}$`);

const hostnameBody = z.object({ ssl: z.object({ certificate_authority: z.string() }) });
const inviteBody = z.object({ status: z.string() });

/** Whether the call's change is visible on the account; throws when that cannot be told. */
export async function callEffect(platform: PlatformClient, call: ReviewCall): Promise<CallEffect> {
  if (call.method === "GET") return "not_applied"; // a read changes nothing: reading it again is harmless
  let match: RegExpExecArray | null;
  if (call.method === "PUT" && (match = ENTRYPOINT.exec(call.path))) {
    // A status refused (404, 410, 403) or unplaceable is unknown: resending an irreversible PUT on it is never safe.
    const phase = migrationPhase((await readMigrationStatus(platform, match[1]!)).status);
    if (phase === "unknown") return "unknown";
    const wanted =
      call.query.waf_migration === "validation" || call.query.waf_migration === "2" ? ["validation", "migrated"] : ["migrated"];
    return wanted.includes(phase) ? "applied" : "not_applied";
  }
  if (call.method === "DELETE" && (match = OVERRIDE.exec(call.path))) {
    let walk;
    try {
      walk = await walkPages(platform, zonePath(match[1]!, "firewall", "waf", "overrides"), {}, overrideSchema, { perPage: 100 });
    } catch (error) {
      // The retired list cannot tell whether the override is gone: unknown, as the retired API's other answers are.
      if (previousApiRefusal(error)) return "unknown";
      throw error;
    }
    if (walk.nextPage !== undefined) throw new Error("the overrides could not all be read in this request");
    return walk.items.some((o) => o.id === match![2]) ? "not_applied" : "applied";
  }
  if (call.method === "PATCH" && (match = HOSTNAME.exec(call.path))) {
    const wanted = hostnameBody.parse(call.body).ssl.certificate_authority;
    const { result } = await platform.get(zonePath(match[1]!, "custom_hostnames"), { id: match[2]! }, z.array(customHostnameSchema));
    const found = result[0];
    if (!found) throw new Error("the custom hostname is gone, so the call's outcome cannot be read");
    return (found.ssl?.certificate_authority ?? "") === wanted ? "applied" : "not_applied";
  }
  if (call.method === "PATCH" && (match = INVITE.exec(call.path))) {
    const wanted = inviteBody.parse(call.body).status;
    const invite = (await listInvites(platform)).find((i) => i.id === match![1]);
    if (!invite) throw new Error("the invitation is gone, so the call's outcome cannot be read");
    return invite.status === wanted ? "applied" : "not_applied";
  }
  throw new Error(`no read tells whether ${call.method} ${call.path} took effect`);
}
