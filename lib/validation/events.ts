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
] as const;

export type { FirewallEvent };

/** Actions that stop the request (or make the visitor prove something): what "blocked" means to a person. */
const BLOCKING = new Set(["block", "challenge", "jschallenge", "managed_challenge", "connectionClose", "challengeFailed"]);

export function isBlocking(action: string | null): boolean {
  return action !== null && BLOCKING.has(action);
}

/** When one side logged several events for a request, the most decisive one stands for that side. */
export function decisiveness(action: string): number {
  if (action === "block" || action === "connectionClose") return 3;
  if (isBlocking(action)) return 2;
  return action === "log" ? 1 : 0;
}
