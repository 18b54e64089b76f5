// What the step drives: Preflight's own upstream code (listing, scan, inventory, review planning, the
// calls a review sends) against Prism. A scenario throws when Preflight cannot do its work there.
import { z } from "zod";
import { fetchInventory } from "@/lib/certificates/inventory";
import { auditZone } from "@/lib/certificates/zone-audit";
import { checkSchema, overrideSchema, statusSchema } from "@/lib/migration/evidence";
import { rulesetSchema } from "@/lib/rulesets/ruleset";
import { migrationProcedure } from "@/lib/migration/procedure";
import { scanZoneEvidence } from "@/lib/migration/scan-zone";
import type { PlatformClient } from "@/lib/platform/client";
import { walkPages } from "@/lib/platform/paginate";
import { zonePath } from "@/lib/platform/paths";
import { getZone, listZones } from "@/lib/platform/zones";
import { listInvites } from "@/lib/platform/invites";
import { planReview, type ReviewPlan } from "@/lib/reviews/plan";

export interface Scenario {
  name: string;
  run: (client: PlatformClient) => Promise<string>;
}

function check(condition: unknown, what: string): asserts condition {
  if (!condition) throw new Error(`expected ${what}`);
}

async function firstZone(client: PlatformClient) {
  const page = await listZones(client);
  check(page.complete && page.zones.length > 0, "a complete, non-empty zone listing");
  return page.zones[0]!;
}

/** Sends a review's calls the way lib/reviews/execute.ts does (result read as unknown). */
async function sendAll(client: PlatformClient, plan: Pick<ReviewPlan, "calls">): Promise<number> {
  for (const call of plan.calls) {
    if (call.method === "GET") await client.get(call.path, call.query, z.unknown());
    else await client.send(call.method, call.path, call.query, call.body, z.unknown());
  }
  return plan.calls.length;
}

export const SCENARIOS: Scenario[] = [
  {
    name: "zones: listing and one zone (lib/platform/zones.ts)",
    run: async (client) => {
      const zone = await firstZone(client);
      const one = await getZone(client, zone.id);
      return `${one.name} (${one.plan})`;
    },
  },
  {
    name: "migration evidence: the zone scan (lib/migration/scan-zone.ts)",
    run: async (client) => {
      const zone = await firstZone(client);
      const evidence = await scanZoneEvidence(client, zone.id);
      check(evidence.packages?.length && evidence.groups?.length && evidence.rulesOff, "packages, groups and rules read");
      return `${evidence.packages.length} packages, ${evidence.groups.length} groups, ${evidence.rulesOff.length} rules off`;
    },
  },
  {
    name: "migration writes: the procedure's PUT and DELETE calls (lib/migration/procedure.ts)",
    run: async (client) => {
      const zone = await firstZone(client);
      const path = (...s: string[]) => zonePath(zone.id, ...s);
      const status = (await client.get(path("waf_migration", "status"), {}, statusSchema)).result;
      const checked = (await client.get(path("waf_migration", "check"), { phase_two: 1 }, checkSchema)).result;
      const config = (await client.get(path("waf_migration", "config"), { phase_two: 1 }, rulesetSchema)).result;
      const overrides = (await walkPages(client, path("firewall", "waf", "overrides"), {}, overrideSchema, { perPage: 100 })).items;
      const steps = migrationProcedure(zone.id, "enterprise", { status, check: checked, config, overrides });
      const writes = steps.filter((s) => s.call.method !== "GET").map((s) => ({ ...s.call, title: s.title }));
      check(writes.some((c) => c.method === "PUT") && writes.some((c) => c.method === "DELETE"), "PUT and DELETE calls planned");
      return `${await sendAll(client, { calls: writes })} writes sent`;
    },
  },
  {
    name: "migration review: plan it, freezing the entry point the PUT replaces (lib/reviews/plan.ts, lib/migration/entrypoint.ts)",
    run: async (client) => {
      const zone = await firstZone(client);
      const plan = await planReview(client, { kind: "complete_migration", zoneId: zone.id });
      const frozen = (plan.evidence as { entrypoint?: { version: string; rules: unknown[] } | null }).entrypoint;
      check(frozen, "the entry point read and frozen");
      check(plan.calls.length === 1 && plan.calls[0]!.method === "PUT", "one PUT planned");
      return `entry point version ${frozen.version} (${frozen.rules.length} rules) frozen, ${await sendAll(client, plan)} call sent`;
    },
  },
  {
    name: "certificates: the zone inventory and audit (lib/certificates/inventory.ts, zone-audit.ts)",
    run: async (client) => {
      const zone = await firstZone(client);
      const inventory = await fetchInventory(client, { id: zone.id, name: zone.name, plan: "enterprise" });
      const { rows, caa } = auditZone({ id: zone.id, name: zone.name, plan: "enterprise" }, inventory);
      check(
        inventory.packs.length && inventory.customCertificates.length && inventory.customHostnames.length && inventory.caaRecords.length,
        "every list read",
      );
      return `${rows.length} certificate rows, ${caa.length} CAA findings`;
    },
  },
  {
    name: "invitations: list, plan and send the acceptance (lib/platform/invites.ts, lib/reviews/plan.ts)",
    run: async (client) => {
      const invite = (await listInvites(client))[0];
      check(invite?.id, "an invitation with an id");
      const plan = await planReview(client, { kind: "accept_invite", inviteId: invite.id });
      return `${await sendAll(client, plan)} call sent`;
    },
  },
  {
    name: "custom hostnames: plan and send the CA switch (lib/reviews/plan.ts, lib/certificates/hostname-switch.ts)",
    run: async (client) => {
      const zone = await firstZone(client);
      const hostnames = (await walkPages(client, zonePath(zone.id, "custom_hostnames"), {}, z.object({ id: z.string() }), { perPage: 50 }))
        .items;
      check(hostnames[0], "a custom hostname");
      const plan = await planReview(client, {
        kind: "switch_hostname_ca",
        zoneId: zone.id,
        hostnameIds: [hostnames[0].id],
        certificateAuthority: "google",
      });
      return `${await sendAll(client, plan)} call sent`;
    },
  },
];
