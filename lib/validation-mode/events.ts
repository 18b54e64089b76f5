// One firewall event of the firewallEventsAdaptive dataset, as far as the comparison reads it.
import type { FirewallEvent } from "./event-schema";

/** `source` of the previous managed rules and of the new ruleset-based managed rules. */
export const OLD_SOURCE = "waf";
export const NEW_SOURCE = "firewallManaged";

// The fields read of each row are chosen per zone from its settings: query-fields.ts.

export type { FirewallEvent };
export { canonicalAction, decisiveness, isBlocking } from "./actions";
