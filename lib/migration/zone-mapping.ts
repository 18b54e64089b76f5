// One zone's mapping: the previous core rule set's sensitivity and action → the new paranoia level,
// score threshold and action (from the document's table), and what is left behind (group and rule
// overrides, which the update does not migrate).
import type { WafGroup, WafPackage, WafRule } from "@/lib/migration/evidence";
import { mapAction, mapSensitivity } from "@/lib/migration/sensitivity-mapping";

export interface ZoneMapping {
  sensitivity: string | null;
  oldAction: string | null;
  paranoiaLevel: number | null;
  scoreThreshold: number | null;
  newAction: string | null;
}

export interface LostOverride {
  kind: "group" | "rule";
  id: string;
  description: string;
}

/** The previous core attack rule set is the anomaly-detection (OWASP) package. */
export function owaspPackage(packages: readonly WafPackage[] | undefined): WafPackage | undefined {
  return packages?.find((p) => p.detection_mode === "anomaly");
}

export function zoneMapping(packages: readonly WafPackage[] | undefined): ZoneMapping {
  const owasp = owaspPackage(packages);
  const sensitivity = owasp?.sensitivity ?? null;
  const oldAction = owasp?.action_mode ?? null;
  const paranoia = sensitivity ? mapSensitivity(sensitivity) : undefined;
  return {
    sensitivity,
    oldAction,
    paranoiaLevel: paranoia?.paranoiaLevel ?? null,
    scoreThreshold: paranoia?.scoreThreshold ?? null,
    newAction: oldAction && paranoia ? (mapAction(oldAction) ?? null) : null,
  };
}

/** Groups and rules whose mode differs from the default (on): the update does not carry them over. */
export function lostOverrides(groups: readonly WafGroup[] = [], rulesOff: readonly WafRule[] = []): LostOverride[] {
  return [
    ...groups.filter((g) => g.mode !== "on").map((g) => ({ kind: "group" as const, id: g.id, description: g.name })),
    ...rulesOff
      .filter((r) => r.mode !== "on")
      .map((r) => ({ kind: "rule" as const, id: r.id, description: r.group ? `${r.description} (${r.group.name})` : r.description })),
  ];
}
