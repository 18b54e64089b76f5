// One zone's mapping: the previous core rule set's sensitivity and action → the new paranoia level,
// score threshold and action (from the document's table), and what is left behind (group and rule
// overrides, which the update does not migrate).
import type { WafGroup, WafPackage, WafRule } from "@/lib/migration/evidence";
import { DEFAULT_ACTION, mapAction, mapSensitivity, sensitivityRow, type SensitivityRow } from "@/lib/migration/sensitivity-mapping";

export interface ZoneMapping {
  /** As the platform reported it (null: absent, or no core rule set read). */
  sensitivity: string | null;
  oldAction: string | null;
  paranoiaLevel: number | null;
  scoreThreshold: number | null;
  newAction: string | null;
  /** The table row the sensitivity falls in (absent is Default); null when no core rule set was read. */
  sensitivityRow: SensitivityRow | null;
  /** The mapping in words, so no cell is left empty without saying why. */
  mappingNote: string;
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
  if (!owasp) {
    return {
      sensitivity,
      oldAction,
      paranoiaLevel: null,
      scoreThreshold: null,
      newAction: null,
      sensitivityRow: null,
      mappingNote: "No previous core rule set (OWASP package) was read for this zone: nothing to map.",
    };
  }
  const row = sensitivityRow(sensitivity);
  const paranoia = mapSensitivity(sensitivity);
  const action = mapAction(oldAction);
  const actionWords = oldAction ? `action ${oldAction}` : `no action (the API's default, ${DEFAULT_ACTION})`;
  if (row === "off") {
    return {
      sensitivity,
      oldAction,
      sensitivityRow: row,
      paranoiaLevel: null,
      scoreThreshold: null,
      newAction: null,
      mappingNote:
        "The previous core rule set is off: the new OWASP ruleset is deployed disabled, so no paranoia level, threshold or action applies.",
    };
  }
  if (!paranoia) {
    return {
      sensitivity,
      oldAction,
      sensitivityRow: row,
      paranoiaLevel: null,
      scoreThreshold: null,
      newAction: action ?? null,
      mappingNote: `Sensitivity "${sensitivity}" is not one the document's table names (high, medium, low, default): check the proposed configuration by hand.`,
    };
  }
  const from = sensitivity ? `Sensitivity ${sensitivity}` : "No sensitivity (the document's Default row)";
  const target = `PL${paranoia.paranoiaLevel}, score threshold ${paranoia.scoreThresholdName} (${paranoia.scoreThreshold} or higher)`;
  if (!action) {
    return {
      sensitivity,
      oldAction,
      sensitivityRow: row,
      paranoiaLevel: paranoia.paranoiaLevel,
      scoreThreshold: paranoia.scoreThreshold,
      newAction: null,
      mappingNote: `${from} → ${target}; action "${oldAction}" is not one the API names (simulate, block, challenge): check the new action by hand.`,
    };
  }
  return {
    sensitivity,
    oldAction,
    sensitivityRow: row,
    paranoiaLevel: paranoia.paranoiaLevel,
    scoreThreshold: paranoia.scoreThreshold,
    newAction: action,
    mappingNote: `${from} → ${target}; ${actionWords} → ${action}.`,
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
