// The document's mapping from the previous core attack rule set to the new OWASP ruleset: sensitivity
// gives paranoia level and score threshold; the action carries over, except Simulate becomes Log.
import { SCORE_THRESHOLD_PRESETS } from "@/lib/migration/managed-rulesets";

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

/** Why PL2 where the table says so: the old rule set (CRS 2.x) had no paranoia levels; the new one is 3.x. */
export const PARANOIA_EXPLANATION =
  "The previous core rule set (OWASP CRS 2.x) had no paranoia levels; the new OWASP ruleset is based on CRS 3.x, so the migration chooses PL2 where the old sensitivity gives no better hint.";

/** `off` (the rule set disabled) has no row: nothing of it is deployed enabled. */
export function mapSensitivity(sensitivity: string): ParanoiaMapping | undefined {
  return Object.hasOwn(SENSITIVITY_TABLE, sensitivity) ? SENSITIVITY_TABLE[sensitivity as OldSensitivity] : undefined;
}

export function mapAction(action: string): NewAction | undefined {
  return Object.hasOwn(ACTION_TABLE, action) ? ACTION_TABLE[action as OldAction] : undefined;
}
