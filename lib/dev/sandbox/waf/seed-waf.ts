// Seeds every zone's previous firewall and migration state, covering each eligibility case across the
// account: eligible, incompatible, URI-based overrides, over 200 rules, a 4 KB expression, migrated,
// validation mode (Enterprise), firewall off, and every sensitivity and action. Its own PRNG stream,
// so adding it changed no zone or DNS data.
import { Random } from "../random";
import { isoMicro, SEED_EPOCH_END } from "../time";
import type { Zone } from "../types";
import { CLOUDFLARE_PACKAGE_ID, OWASP_GROUPS, OWASP_PACKAGE_ID } from "./catalog";
import { answeredRule } from "./answer-rule";
import { proposedConfig } from "./proposed-config";
import { ENTRYPOINT_ID } from "./entrypoint-id";
import type { ActionMode, MigratedSetting, Ruleset, Sensitivity, WafGroup, WafOverride, WafRule, WafZone } from "./types";

export type WafCase =
  "eligible" | "incompatible" | "uri_overrides" | "too_many_rules" | "long_expression" | "migrated" | "validation" | "firewall_disabled";

/** Which case a zone gets: every case recurs through the account, validation only on Enterprise. */
export function wafCaseFor(index: number, zone: Zone): WafCase {
  if (zone.plan.legacy_id === "enterprise" && index % 3 === 0) return "validation";
  if (index % 40 === 15) return "too_many_rules";
  if (index % 40 === 35) return "long_expression";
  switch (index % 20) {
    case 3:
    case 13:
      return "migrated";
    case 7:
      return "uri_overrides";
    case 11:
      return "incompatible";
    case 18:
      return "firewall_disabled";
    default:
      return "eligible";
  }
}

/** Default share of the otherwise eligible zones whose previous-version API is retired (SANDBOX_RETIRED_SHARE). */
export const DEFAULT_RETIRED_SHARE = 0.2;

/**
 * Whether a zone's previous-version API is retired: only otherwise eligible zones, so every other case
 * stays demonstrable, chosen by the zone id's first 32 bits (already drawn): no new draws.
 */
export function previousApiRetired(zone: Zone, wafCase: WafCase, share: number): boolean {
  return wafCase === "eligible" && Number.parseInt(zone.id.slice(0, 8), 16) / 2 ** 32 < share;
}

/** A quarter of the retired zones also refuse the status call, chosen by the id's next 32 bits (already drawn): no new draws. */
export function statusRetired(zone: Zone): boolean {
  return Number.parseInt(zone.id.slice(8, 16), 16) / 2 ** 32 < 0.25;
}

const SENSITIVITIES: Sensitivity[] = ["high", "medium", "low", "high", "medium", "low", "off"];
const ACTIONS: ActionMode[] = ["simulate", "block", "challenge"];

export function seedWaf(seed: number, zones: readonly Zone[], retiredShare = DEFAULT_RETIRED_SHARE): Record<string, WafZone> {
  const rng = new Random((seed ^ 0x57414600) >>> 0);
  return Object.fromEntries(
    zones.map((zone, index) => {
      const wafCase = wafCaseFor(index, zone);
      const waf = seedZone(rng, zone, wafCase, index);
      waf.previousApiRetired = previousApiRetired(zone, wafCase, retiredShare);
      if (waf.previousApiRetired && statusRetired(zone)) waf.statusRetired = true;
      // A zone in validation mode or migrated has deployed the new rules already: its entry point exists (version 1).
      if (wafCase === "validation" || wafCase === "migrated") waf.entrypoint = deployedEntrypoint(waf);
      return [zone.id, waf];
    }),
  );
}

/** Derived from the zone's own proposed configuration and status time: no draws. */
function deployedEntrypoint(waf: WafZone): Ruleset {
  const config = proposedConfig(waf);
  return {
    id: ENTRYPOINT_ID,
    name: config.name,
    description: "",
    kind: "zone",
    phase: "http_request_firewall_managed",
    version: "1",
    last_updated: waf.statusChangedOn,
    // As the rulesets API answers a rule: execute rules with the managed ruleset's version "latest".
    rules: config.rules.map((rule, i) => answeredRule(rule, `${i + 1}`.padStart(32, "0"), waf.statusChangedOn)),
  };
}

function seedZone(rng: Random, zone: Zone, wafCase: WafCase, index: number): WafZone {
  const sensitivity = SENSITIVITIES[index % SENSITIVITIES.length]!;
  const actionMode = ACTIONS[Math.floor(index / SENSITIVITIES.length) % ACTIONS.length]!;
  const { groups, rules } = seedGroupsAndRules(rng, zone, rng.chance(0.3), rng.chance(0.3));
  return {
    migrationState: wafCase === "migrated" ? "completed" : wafCase === "validation" ? "validation" : "start",
    compatible: wafCase !== "incompatible" && wafCase !== "uri_overrides",
    firewallEnabled: wafCase !== "firewall_disabled",
    packages: [
      {
        id: CLOUDFLARE_PACKAGE_ID,
        name: "CloudFlare",
        description: "Cloudflare's own rules, from its threat intelligence.",
        detection_mode: "traditional",
        zone_id: zone.id,
        status: "active",
      },
      {
        id: OWASP_PACKAGE_ID,
        name: "OWASP ModSecurity Core Rule Set",
        description: "Covers OWASP Top 10 vulnerabilities, and more.",
        detection_mode: "anomaly",
        zone_id: zone.id,
        status: "active",
        sensitivity,
        action_mode: actionMode,
      },
    ],
    groups,
    rules,
    overrides: wafCase === "uri_overrides" ? [...seedOverrides(rng, zone), ...(index % 60 === 47 ? [overrideWithoutId(zone)] : [])] : [],
    previousApiRetired: false,
    migratedSettings: seedSettings(rng, zone, wafCase),
    statusChangedOn: isoMicro(SEED_EPOCH_END + index * 3_600_000, rng),
  };
}

function seedGroupsAndRules(rng: Random, zone: Zone, groupOff: boolean, rulesOff: boolean) {
  const offGroup = groupOff ? rng.int(0, OWASP_GROUPS.length - 1) : -1;
  const rules: WafRule[] = [];
  const groups: WafGroup[] = OWASP_GROUPS.map((group, g) => {
    const groupId = rng.hex();
    const groupRules = group.rules.map(([number, description], r): WafRule => ({
      id: number,
      description,
      priority: String(10 + r),
      group: { id: groupId, name: group.name },
      package_id: OWASP_PACKAGE_ID,
      allowed_modes: ["on", "off"],
      mode: rulesOff && (g + r + zone.name.length) % 5 === 0 ? "off" : "on",
    }));
    rules.push(...groupRules);
    return {
      id: groupId,
      name: group.name,
      description: group.description,
      mode: g === offGroup ? "off" : "on",
      rules_count: groupRules.length,
      modified_rules_count: groupRules.filter((rule) => rule.mode === "off").length,
      package_id: OWASP_PACKAGE_ID,
      allowed_modes: ["on", "off"],
    };
  });
  return { groups, rules };
}

function seedOverrides(rng: Random, zone: Zone): WafOverride[] {
  return Array.from({ length: rng.int(1, 3) }, (_, i) => ({
    id: rng.hex(),
    description: `Relax the firewall for ${["the admin area", "webhooks", "the upload form"][i]}`,
    urls: [`${zone.name}/${["admin", "hooks", "upload"][i]}/*`],
    priority: i + 1,
    paused: false,
    groups: { [rng.hex()]: "disable" },
    rules: {},
    rewrite_action: {},
  }));
}

/** The SDK's Override has every field optional: one without an id can be listed but never deleted by it. No draws. */
function overrideWithoutId(zone: Zone): WafOverride {
  return {
    description: "Relax the firewall for the API",
    urls: [`${zone.name}/api/*`],
    priority: 9,
    paused: false,
    groups: {},
    rules: {},
    rewrite_action: {},
  };
}

/** Firewall rules bypassing managed rules and page rules that change the firewall: they migrate as skip rules. */
function seedSettings(rng: Random, zone: Zone, wafCase: WafCase): MigratedSetting[] {
  const bypass = (i: number, expression: string): MigratedSetting => ({
    source: "firewall_rule",
    id: rng.hex(),
    description: `Bypass managed rules for partner ${i + 1}`,
    expression,
  });
  if (wafCase === "too_many_rules") {
    return Array.from({ length: 230 }, (_, i) => bypass(i, `(ip.src eq 198.51.100.${i % 250})`));
  }
  const settings: MigratedSetting[] = Array.from({ length: rng.int(0, 2) }, (_, i) =>
    bypass(i, `(ip.src in {203.0.113.${10 + i} 203.0.113.${20 + i}})`),
  );
  if (rng.chance(0.4)) {
    settings.push({
      source: "page_rule",
      id: rng.hex(),
      description: "Page rule: Disable Security",
      expression: `(http.host eq "${zone.name}" and starts_with(http.request.uri.path, "/legacy/"))`,
    });
  }
  if (wafCase === "long_expression") {
    const addresses = Array.from({ length: 400 }, (_, i) => `192.0.2.${i % 256}/32`).join(" ");
    settings.push(bypass(settings.length, `(ip.src in {${addresses}})`));
  }
  return settings;
}
