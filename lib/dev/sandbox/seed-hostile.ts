// Opt-in hostile strings (SANDBOX_HOSTILE_STRINGS=1): markup in the upstream text Preflight shows — a zone
// name, a firewall rule's and an override's description, a custom hostname, a certificate's host — so the
// browser tests can prove it is rendered as text. Applied after the seed, renaming existing items only:
// every count and verdict of the account stays as designed.
import type { SandboxState } from "./types";

/** Each payload sets window.__pwned if it ever runs; the tests look for that flag and for injected elements. */
export const HOSTILE = {
  zoneName: `<img src=x onerror="window.__pwned='zone'">.hostile.example`,
  ruleDescription: `"><svg onload="window.__pwned='rule'"> rule`,
  overrideDescription: `<script>window.__pwned='override'</script>`,
  overrideUrl: `hostile.example/<iframe src="javascript:window.__pwned='url'">/*`,
  hostname: `"><img src=x onerror="window.__pwned='hostname'">.customer.example`,
  certificateHost: `javascript:window.__pwned='cert'//<b>bold</b>.hostile.example`,
} as const;

export interface HostileTargets {
  zoneId: string;
  overrideZoneId: string;
  hostnameZoneId: string;
  certificateZoneId: string;
}

export function applyHostileStrings(state: SandboxState): HostileTargets {
  // A zone whose previous-version API still answers: on a retired one the rule would never be shown.
  const zoneWithRuleOff = state.zones.find(
    (z) =>
      state.waf[z.id]!.migrationState === "start" &&
      !state.waf[z.id]!.previousApiRetired &&
      state.waf[z.id]!.rules.some((r) => r.mode === "off"),
  );
  const zoneWithOverride = state.zones.find((z) => state.waf[z.id]!.overrides.length > 0);
  const zoneWithHostname = state.zones.find((z) => state.certificates[z.id]!.customHostnames.length > 0);
  const zoneWithCustom = state.zones.find((z) => state.certificates[z.id]!.customCertificates.length > 0);
  if (!zoneWithRuleOff || !zoneWithOverride || !zoneWithHostname || !zoneWithCustom)
    throw new Error("hostile strings: the seed lacks a zone to carry them");
  zoneWithRuleOff.name = HOSTILE.zoneName;
  state.waf[zoneWithRuleOff.id]!.rules.find((r) => r.mode === "off")!.description = HOSTILE.ruleDescription;
  const override = state.waf[zoneWithOverride.id]!.overrides[0]!;
  override.description = HOSTILE.overrideDescription;
  override.urls = [HOSTILE.overrideUrl];
  state.certificates[zoneWithHostname.id]!.customHostnames[0]!.hostname = HOSTILE.hostname;
  state.certificates[zoneWithCustom.id]!.customCertificates[0]!.hosts[0] = HOSTILE.certificateHost;
  return {
    zoneId: zoneWithRuleOff.id,
    overrideZoneId: zoneWithOverride.id,
    hostnameZoneId: zoneWithHostname.id,
    certificateZoneId: zoneWithCustom.id,
  };
}
