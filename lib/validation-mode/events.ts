// One firewall event of the firewallEventsAdaptive dataset, as far as the comparison reads it.
import type { FirewallEvent } from "./event-schema";

/** `source` of the previous managed rules and of the new ruleset-based managed rules. */
export const OLD_SOURCE = "waf";
export const NEW_SOURCE = "firewallManaged";

export const EVENT_FIELDS = [
  "rayName",
  "datetime",
  "source",
  "action",
  "ruleId",
  "clientRequestHTTPHost",
  "clientRequestPath",
  "clientIP",
  "clientCountryName",
  "userAgent",
  // The dataset is adaptively sampled: each row stands for this many events (1: not sampled).
  "sampleInterval",
] as const;

export type { FirewallEvent };
export { canonicalAction, decisiveness, isBlocking } from "./actions";
