// Firewall events of one validation-mode zone, generated from the design on a PRNG stream of its own
// (seed and zone), so the rest of the seeded account is unchanged and each zone is built only when asked.
import { OWASP_GROUPS } from "../waf/catalog";
import { Random } from "../random";
import { DAY_MS } from "../time";
import type { Zone } from "../types";
import { BURST, DESIGNED_CASES, EVENT_DAYS, OTHER_SOURCE_EVENTS, SAMPLING, scaleFor } from "./event-design";
import { sampleBusyHours } from "./sampling";

export interface FirewallEvent {
  rayName: string;
  datetime: string;
  source: string;
  action: string;
  ruleId: string;
  description: string;
  clientRequestHTTPHost: string;
  clientRequestPath: string;
  clientRequestQuery: string;
  clientIP: string;
  clientCountryName: string;
  clientAsn: string;
  userAgent: string;
  /** Adaptive sampling: this row stands for this many events (1: not sampled). */
  sampleInterval: number;
}

const OLD_RULES = OWASP_GROUPS.flatMap((group) => group.rules.map(([id, description]) => ({ id, description })));
const NEW_RULE_NAMES = [
  "SQLi - Comment",
  "XSS - JavaScript URI",
  "Anomaly:Header:User-Agent - Missing",
  "Command Injection - Common Attack Commands",
  "Log4j Headers",
  "Directory Traversal",
];
const HOSTS = ["www", "api", "shop", "admin"];
const PATHS = ["/", "/login", "/search", "/api/v1/orders", "/checkout", "/admin/users", "/wp-login.php", "/static/app.js"];
const COUNTRIES = ["US", "DE", "FR", "GB", "BR", "IN", "JP", "NL"];
const AGENTS = [
  "Mozilla/5.0 (X11; Linux x86_64) Chrome/124.0",
  "curl/8.5.0",
  "python-requests/2.31",
  "sqlmap/1.8",
  "Mozilla/5.0 (iPhone) Safari/604.1",
];

/** Seconds precision, as the dataset's `Time` scalar answers. */
function isoSecond(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(/\.000Z$/, "Z");
}

export function seedFirewallEvents(seed: number, zone: Zone, ordinal: number, anchorMs: number): FirewallEvent[] {
  const rng = new Random((seed ^ 0x4752514c ^ parseInt(zone.id.slice(0, 8), 16)) >>> 0);
  const newRules = NEW_RULE_NAMES.map((description) => ({ id: rng.hex(), description }));
  const start = anchorMs - EVENT_DAYS * DAY_MS;
  const events: FirewallEvent[] = [];

  const request = (atMs: number, overrides: Partial<FirewallEvent> = {}) => ({
    rayName: rng.hex(16),
    datetime: isoSecond(atMs),
    clientRequestHTTPHost: `${rng.pick(HOSTS)}.${zone.name}`,
    clientRequestPath: rng.pick(PATHS),
    clientRequestQuery: rng.chance(0.3) ? "?id=1%27%20OR%201=1" : "",
    clientIP: `203.0.113.${rng.int(1, 254)}`,
    clientCountryName: rng.pick(COUNTRIES),
    clientAsn: String(rng.pick([13335, 15169, 16509, 3320, 7922])),
    userAgent: rng.pick(AGENTS),
    sampleInterval: 1,
    ...overrides,
  });
  const event = (
    base: ReturnType<typeof request>,
    source: string,
    action: string,
    rule: { id: string; description: string },
  ): FirewallEvent => ({
    ...base,
    source,
    action,
    ruleId: rule.id,
    description: rule.description,
  });

  const scale = scaleFor(ordinal);
  for (const designed of DESIGNED_CASES) {
    const count = designed.requests * scale;
    const duplicated = (designed.duplicates?.requests ?? 0) * scale;
    for (let i = 0; i < count; i++) {
      const base = request(start + rng.int(0, EVENT_DAYS * DAY_MS - 1));
      const oldRule = rng.pick(OLD_RULES);
      const newRule = rng.pick(newRules);
      // The new rules run first; both events of a request carry its ray and time.
      if (designed.new) events.push(event(base, "firewallManaged", designed.new, newRule));
      if (designed.old) events.push(event(base, "waf", designed.old, oldRule));
      if (i < duplicated && designed.duplicates) {
        const side = designed.duplicates.side;
        const action = (side === "new" ? designed.new : designed.old) as string;
        const rule = designed.duplicates.sameRule ? (side === "new" ? newRule : oldRule) : rng.pick(side === "new" ? newRules : OLD_RULES);
        events.push(event(base, side === "new" ? "firewallManaged" : "waf", action, rule));
      }
    }
  }
  if (ordinal === BURST.ordinal) {
    const burstStart = start + 2 * DAY_MS + 9 * 3_600_000;
    const ip = "198.51.100.77";
    for (let i = 0; i < BURST.requests; i++) {
      const at = burstStart + Math.floor((i * BURST.spanMinutes * 60_000) / BURST.requests);
      const base = request(at, { clientIP: ip, clientRequestPath: BURST.path, userAgent: "wpscan/3.8", clientCountryName: "NL" });
      events.push(event(base, "firewallManaged", BURST.new, newRules[0]!));
    }
  }
  for (let i = 0; i < OTHER_SOURCE_EVENTS; i++) {
    events.push(
      event(request(start + rng.int(0, EVENT_DAYS * DAY_MS - 1)), "firewallCustom", "block", {
        id: rng.hex(),
        description: "Block bad bots",
      }),
    );
  }
  events.sort((a, b) => a.datetime.localeCompare(b.datetime) || a.rayName.localeCompare(b.rayName));
  // After every draw, so the rows of the other zones (and the draws of this one) are unchanged.
  return ordinal === SAMPLING.ordinal ? sampleBusyHours(events) : events;
}
