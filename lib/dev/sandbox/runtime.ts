// One sandbox's live state: seeded data, rate limiter, faults and call log, all resettable to the start options.
import type { SandboxCredentials } from "./auth";
import { CallLog } from "./calls";
import { FaultInjector, type Faults } from "./faults";
import { RateLimiter, type RateLimitConfig } from "./rate-limit";
import { Router } from "./router";
import { getTotalTls, listCertificatePacks, listCustomCertificates } from "./routes/certificates";
import { listCustomHostnames, patchCustomHostname } from "./routes/custom-hostnames";
import { listDnsRecords } from "./routes/dns-records";
import { listInvites, respondToInvite } from "./routes/invites";
import { getZone, listZones } from "./routes/zones";
import { seedAccount } from "./seed";
import type { SandboxState } from "./types";
import { deleteOverride } from "./waf/delete-override";
import * as waf from "./waf/routes";
import { FirewallEventStore, graphqlHandler } from "./graphql/route";
import { DEFAULT_GRAPHQL_RATE_LIMIT } from "./graphql/budget";
import { DAY_MS } from "./time";

export interface RuntimeOptions {
  seed: number;
  zoneCount: number;
  /** The large profile's generated custom hostnames (0 = the designed seed only). */
  customHostnames?: number;
  hostileStrings?: boolean;
  /** Share of the otherwise eligible zones whose previous-version API is retired (seed-waf.ts). */
  retiredShare?: number;
  credentials: SandboxCredentials;
  rateLimit: RateLimitConfig | null;
  /** GraphQL analytics' own query limit, counted on top of `rateLimit`; null disables it. */
  graphqlRateLimit?: RateLimitConfig | null;
  faults: Partial<Faults>;
  now: () => number;
}

/** The real account limit: 1200 calls per 5 minutes per credential. */
export const DEFAULT_RATE_LIMIT: RateLimitConfig = { requests: 1200, windowSeconds: 300 };

export class SandboxRuntime {
  state: SandboxState;
  readonly limiter: RateLimiter;
  readonly graphqlLimiter: RateLimiter;
  readonly faults: FaultInjector;
  readonly calls = new CallLog();
  readonly router = new Router()
    .add("GET", "/zones", listZones)
    .add("GET", "/zones/:zone_id", getZone)
    .add("GET", "/zones/:zone_id/dns_records", listDnsRecords)
    .add("GET", "/zones/:zone_id/waf_migration/check", waf.checkMigration)
    .add("GET", "/zones/:zone_id/waf_migration/config", waf.migrationConfig)
    .add("GET", "/zones/:zone_id/waf_migration/status", waf.migrationStatus)
    .add("GET", "/zones/:zone_id/firewall/waf/packages", waf.listPackages)
    .add("GET", "/zones/:zone_id/firewall/waf/packages/:package_id/groups", waf.listGroups)
    .add("GET", "/zones/:zone_id/firewall/waf/packages/:package_id/rules", waf.listRules)
    .add("GET", "/zones/:zone_id/firewall/waf/overrides", waf.listOverrides)
    .add("GET", "/zones/:zone_id/rulesets/phases/:phase/entrypoint", waf.getEntrypoint)
    .add("PUT", "/zones/:zone_id/rulesets/phases/:phase/entrypoint", waf.putEntrypoint)
    .add("GET", "/zones/:zone_id/ssl/certificate_packs", listCertificatePacks)
    .add("GET", "/zones/:zone_id/custom_certificates", listCustomCertificates)
    .add("GET", "/zones/:zone_id/custom_hostnames", listCustomHostnames)
    .add("PATCH", "/zones/:zone_id/custom_hostnames/:custom_hostname_id", patchCustomHostname)
    .add("GET", "/zones/:zone_id/acm/total_tls", getTotalTls)
    .add("DELETE", "/zones/:zone_id/firewall/waf/overrides/:override_id", deleteOverride)
    .add("GET", "/user/invites", listInvites)
    .add("PATCH", "/user/invites/:invite_id", respondToInvite)
    .add(
      "POST",
      "/graphql",
      graphqlHandler(
        () => this.firewallEvents,
        () => this.options.now(),
        () => this.faults.get().graphqlMaxNumberOfFields,
      ),
    );
  /** Events end at midnight UTC of the day the sandbox started, so "the last 7 days" holds them all. */
  readonly firewallEvents: FirewallEventStore;

  constructor(readonly options: RuntimeOptions) {
    this.state = seedAccount(options);
    this.limiter = new RateLimiter(options.rateLimit, options.now);
    this.graphqlLimiter = new RateLimiter(
      options.graphqlRateLimit === undefined ? DEFAULT_GRAPHQL_RATE_LIMIT : options.graphqlRateLimit,
      options.now,
    );
    this.faults = new FaultInjector(options.faults, options.seed);
    this.firewallEvents = new FirewallEventStore(Math.floor(options.now() / DAY_MS) * DAY_MS);
  }

  reset(): void {
    this.state = seedAccount(this.options);
    this.limiter.reset();
    this.graphqlLimiter.reset();
    this.faults.reset();
    this.calls.clear();
  }
}
