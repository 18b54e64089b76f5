// The document's mapping from the previous core attack rule set to the new OWASP ruleset: sensitivity
// gives paranoia level and score threshold; the action carries over, except Simulate becomes Log.
import { SCORE_THRESHOLD_PRESETS } from "@/lib/rulesets/managed-rulesets";

export type OldSensitivity = "high" | "medium" | "low" | "default";
export type OldAction = "simulate" | "block" | "challenge";
export type NewAction = "log" | "block" | "challenge";

export interface ParanoiaMapping {
  paranoiaLevel: 1 | 2;
  scoreThreshold: number;
  scoreThresholdName: "High" | "Medium";
}

/** One row per old sensitivity, exactly as the document's table. */
export const SENSITIVITY_TABLE: Record<OldSensitivity, ParanoiaMapping> = {
  high: { paranoiaLevel: 2, scoreThreshold: SCORE_THRESHOLD_PRESETS.medium, scoreThresholdName: "Medium" },
  medium: { paranoiaLevel: 1, scoreThreshold: SCORE_THRESHOLD_PRESETS.high, scoreThresholdName: "High" },
  low: { paranoiaLevel: 1, scoreThreshold: SCORE_THRESHOLD_PRESETS.medium, scoreThresholdName: "Medium" },
  default: { paranoiaLevel: 2, scoreThreshold: SCORE_THRESHOLD_PRESETS.medium, scoreThresholdName: "Medium" },
};

export const ACTION_TABLE: Record<OldAction, NewAction> = { simulate: "log", block: "block", challenge: "challenge" };

/**
 * The real package schema (api-schemas 2024 `firewall_sensitivity`) allows high, medium, low and off; the
 * document adds Default, which is also how a package without a sensitivity reads. Off has no table row.
 */
export type SensitivityRow = OldSensitivity | "off" | "unknown";
/** The 2024 schema's `firewall_action_mode` default: a package without an action runs this one. */
export const DEFAULT_ACTION: OldAction = "challenge";

/** Why PL2 where the table says so: the old rule set (CRS 2.x) had no paranoia levels; the new one is 3.x. */
export const PARANOIA_EXPLANATION =
  "The previous core rule set (OWASP CRS 2.x) had no paranoia levels; the new OWASP ruleset is based on CRS 3.x, " +
  "so the migration chooses PL2 where the old sensitivity gives no better hint.";

const normalise = (value: string | null | undefined) => (value ?? "").trim().toLowerCase();

/** Which row of the table a package's sensitivity falls in: absent or empty is the document's Default row. */
export function sensitivityRow(sensitivity: string | null | undefined): SensitivityRow {
  const value = normalise(sensitivity);
  if (value === "") return "default";
  if (value === "off") return "off";
  return Object.hasOwn(SENSITIVITY_TABLE, value) ? (value as OldSensitivity) : "unknown";
}

/** `off` (the rule set disabled) and unknown values have no row: nothing of them is deployed enabled. */
export function mapSensitivity(sensitivity: string | null | undefined): ParanoiaMapping | undefined {
  const row = sensitivityRow(sensitivity);
  return row === "off" || row === "unknown" ? undefined : SENSITIVITY_TABLE[row];
}

/** An absent action is the schema's default (challenge); an unknown one maps to nothing. */
export function mapAction(action: string | null | undefined): NewAction | undefined {
  const value = normalise(action) || DEFAULT_ACTION;
  return Object.hasOwn(ACTION_TABLE, value) ? ACTION_TABLE[value as OldAction] : undefined;
}
