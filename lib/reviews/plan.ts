// What a review freezes when it is created, and reads again before it executes: the evidence of its
// target and the exact calls derived from it. The calls come from the same builders the pages show.
import "server-only";
import { hostnameCaaContext, type CaaReads } from "@/lib/certificates/caa-reads";
import { getConfig } from "@/lib/config";
import { fetchCaaRecords } from "@/lib/certificates/inventory";
import { auditZone } from "@/lib/certificates/zone-audit";
import { isLegacyHostname, notServingRefusal, switchCalls, switchRefusal } from "@/lib/certificates/hostname-switch";
import { customHostnameSchema } from "@/lib/certificates/upstream";
import { ConflictError } from "@/lib/errors/conflict-error";
import { InputError } from "@/lib/errors/input-error";
import { NotFoundError } from "@/lib/errors/not-found-error";
import { migrationPhase } from "@/lib/migration/evidence";
import { describeEntrypoint, readManagedEntrypoint } from "@/lib/migration/entrypoint";
import { describeRefusals } from "@/lib/migration/previous-api";
import { migrationProcedure, type PlannedCall } from "@/lib/migration/procedure";
import { scanZoneEvidence } from "@/lib/migration/scan-zone";
import type { PlatformClient } from "@/lib/platform/client";
import { listInvites } from "@/lib/platform/invites";
import { checkIdentifier, checkUuidIdentifier, zonePath } from "@/lib/platform/paths";
import { getZone, listZonePages } from "@/lib/platform/zones";
import { DeferredError } from "@/lib/errors/platform-errors";
import { migrationRulesetDiff, RULESET_DIFF_FIELD } from "@/lib/reviews/ruleset-diff-evidence";
import type { ReviewCall, ReviewTarget } from "@/lib/reviews/schema";
import { planAcceptBaseline } from "@/lib/drift/accept-plan";
import type { Bucket } from "@/lib/storage/bucket";
import { z } from "zod";

export interface ReviewPlan {
  title: string;
  evidence: unknown;
  calls: ReviewCall[];
  confirmText?: string;
}

/**
 * `bucket`: the reviews' bucket, where an accepted drift's baseline is read. `accountId`: the account the zone listing is
 * filtered by (CLOUDFLARE_ACCOUNT_ID), as every other listing of Preflight is.
 */
export async function planReview(
  platform: PlatformClient,
  target: ReviewTarget,
  bucket?: Bucket,
  accountId: string | undefined = getConfig().accountId,
): Promise<ReviewPlan> {
  switch (target.kind) {
    case "switch_hostname_ca":
      return planHostnameSwitch(platform, target, accountId);
    case "accept_invite":
      return planInviteAcceptance(platform, target.inviteId);
    case "accept_baseline":
      if (!bucket) throw new Error("Accepting a baseline needs the reviews' bucket");
      return planAcceptBaseline(platform, bucket, target.zoneId);
    default:
      return planMigrationStep(platform, target.kind, target.zoneId);
  }
}

async function planMigrationStep(
  platform: PlatformClient,
  kind: "start_validation" | "complete_migration" | "delete_uri_overrides",
  zoneId: string,
): Promise<ReviewPlan> {
  const zone = await getZone(platform, zoneId);
  const evidence = await scanZoneEvidence(platform, zoneId);
  const phase = migrationPhase(evidence.status);
  const steps = migrationProcedure(zoneId, zone.plan, evidence);
  const frozen = {
    zone: { id: zone.id, name: zone.name, plan: zone.plan },
    check: evidence.check ?? null,
    status: evidence.status,
    proposedConfig: evidence.config ?? null,
    // null, not []: overrides the retired API could not list are unknown, not none.
    overrides: evidence.previousApi?.unknown.includes("overrides") ? null : (evidence.overrides ?? []),
    ...(evidence.previousApi ? { previousApi: evidence.previousApi } : {}),
  };
  const pick = (mode: string) => steps.filter((s) => s.call.method === "PUT" && s.call.query.waf_migration === mode);
  const asCalls = (chosen: typeof steps, suffix = "") => chosen.map((s) => toCall(s.title + suffix, s.call));
  if (phase === "migrated") throw new InputError("zoneId", `${zone.name} already uses the new managed rules: there is nothing to review`);
  if (phase === "unknown")
    throw new ConflictError(
      `The migration status of ${zone.name} could not be read` +
        (evidence.statusRefusal ? ` (${evidence.statusRefusal.operation} answered HTTP ${evidence.statusRefusal.status})` : "") +
        ": " +
        `Preflight plans no step for a zone it cannot place. Check the zone in the dashboard, then try again.`,
      "status_unknown",
    );
  const previousApi = evidence.previousApi;
  if (kind === "delete_uri_overrides") {
    if (previousApi?.unknown.includes("overrides")) {
      throw new ConflictError(
        `The previous version's API is retired for ${zone.name} (${describeRefusals(previousApi.refusals)}): ` +
          `its URI-based overrides can be neither listed nor deleted. The platform upgrades such zones itself; check the zone's status.`,
        "previous_api_retired",
      );
    }
    const deletes = steps.filter((s) => s.call.method === "DELETE");
    const withoutId = (evidence.overrides ?? []).length - deletes.length;
    if (deletes.length === 0)
      throw new InputError(
        "zoneId",
        withoutId > 0
          ? `${zone.name} has ${withoutId} URI-based override(s), none with an identifier: Preflight cannot delete them`
          : `${zone.name} has no URI-based overrides to delete`,
      );
    return { title: `Delete ${deletes.length} URI-based override(s) of ${zone.name}`, evidence: frozen, calls: asCalls(deletes) };
  }
  const blocked = phase === "previous" && evidence.check?.compatible === false;
  if (blocked)
    throw new InputError(
      "zoneId",
      `${zone.name} is not compatible with the upgrade yet (delete its URI-based overrides first: kind delete_uri_overrides)`,
    );
  if (kind === "start_validation") {
    if (zone.plan !== "enterprise") throw new InputError("kind", "Validation mode is available on Enterprise zones only");
    if (phase !== "previous") throw new InputError("kind", `${zone.name} is already in validation mode`);
  }
  // The PUT replaces the whole entry point: what is there now is frozen, and execution refuses if it changes.
  const entrypoint = evidence.entrypoint !== undefined ? evidence.entrypoint : await readManagedEntrypoint(platform, zoneId);
  // What the reviewer approves in words: the diff by meaning from the entry point now to the configuration the PUT sends.
  const withEntrypoint = { ...frozen, entrypoint, [RULESET_DIFF_FIELD]: migrationRulesetDiff(entrypoint, evidence.config) };
  const replaces = ` (replaces ${describeEntrypoint(entrypoint)})`;
  if (kind === "start_validation") {
    return { title: `Start validation mode on ${zone.name}`, evidence: withEntrypoint, calls: asCalls(pick("validation"), replaces) };
  }
  // Completing is irreversible: the executor types the zone name.
  return {
    title: `Complete the migration of ${zone.name}`,
    evidence: withEntrypoint,
    calls: asCalls(pick("pending"), replaces),
    confirmText: zone.name,
  };
}

async function planHostnameSwitch(
  platform: PlatformClient,
  target: Extract<ReviewTarget, { kind: "switch_hostname_ca" }>,
  accountId: string | undefined,
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

async function planInviteAcceptance(platform: PlatformClient, inviteId: string): Promise<ReviewPlan> {
  const invite = (await listInvites(platform)).find((i) => i.id === inviteId);
  if (!invite) throw new NotFoundError(`There is no invitation ${inviteId} for the token's user`);
  if (invite.status !== "pending")
    throw new InputError("inviteId", `The invitation is ${invite.status ?? "of unknown status"}, not pending`);
  const path = `/user/invites/${checkIdentifier("inviteId", inviteId)}`;
  return {
    title: `Accept the invitation to ${invite.organization_name ?? invite.organization_id}`,
    evidence: { invite },
    calls: [{ title: "Accept the invitation", method: "PATCH", path, query: {}, body: { status: "accepted" } }],
  };
}

function toCall(title: string, call: PlannedCall): ReviewCall {
  return { title, method: call.method, path: call.path, query: call.query, ...(call.body === undefined ? {} : { body: call.body }) };
}
