// One sandbox's live state: seeded data, rate limiter, faults and call log, all resettable to the start options.
import { SANDBOX_ACCOUNT_PROFILES, type SandboxAccountProfile } from "@/lib/accounts/sandbox-accounts";
import { seedAccounts, tokenGrants, type ServedAccount, type TokenGrant } from "./accounts";
import type { Principal, SandboxCredentials } from "./auth";
import { CallLog } from "./calls";
import { FaultInjector, type Faults } from "./faults";
import { RateLimiter, type RateLimitConfig } from "./rate-limit";
import { Router } from "./router";
import { getTotalTls, listCertificatePacks, listCustomCertificates } from "./routes/certificates";
import { listCustomHostnames, patchCustomHostname } from "./routes/custom-hostnames";
import { listDnsRecords } from "./routes/dns-records";
import { listInvites, respondToInvite } from "./routes/invites";
import { getZone, listZones } from "./routes/zones";
import { listAccounts } from "./routes/accounts";
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
  /** The accounts served, the first being the one `zoneCount` sizes (default: the first profile alone). */
  accounts?: readonly SandboxAccountProfile[];
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
  /** Every served account's seeded data, the first account's first. */
  accounts: ServedAccount[];
  /** The bearer tokens accepted, and the accounts each reaches. */
  readonly tokens: TokenGrant[];
  readonly limiter: RateLimiter;
  readonly graphqlLimiter: RateLimiter;
  readonly faults: FaultInjector;
  readonly calls = new CallLog();
  readonly router = new Router()
    .add("GET", "/accounts", listAccounts)
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
        () => this.accounts.map((account) => account.state),
      ),
    );
  /** Events end at midnight UTC of the day the sandbox started, so "the last 7 days" holds them all. */
  readonly firewallEvents: FirewallEventStore;

  constructor(readonly options: RuntimeOptions) {
    this.accounts = seedAccounts(this.profiles, options);
    this.tokens = tokenGrants(options.credentials, this.profiles);
    this.limiter = new RateLimiter(options.rateLimit, options.now);
    this.graphqlLimiter = new RateLimiter(
      options.graphqlRateLimit === undefined ? DEFAULT_GRAPHQL_RATE_LIMIT : options.graphqlRateLimit,
      options.now,
    );
    this.faults = new FaultInjector(options.faults, options.seed);
    this.firewallEvents = new FirewallEventStore(Math.floor(options.now() / DAY_MS) * DAY_MS);
  }

  private get profiles(): readonly SandboxAccountProfile[] {
    return this.options.accounts ?? [SANDBOX_ACCOUNT_PROFILES[0]!];
  }

  /** The first account's state: the single-account sandbox's, unchanged. */
  get state(): SandboxState {
    return this.accounts[0]!.state;
  }

  /** The accounts a credential reaches: its token's, or the first account for the legacy pair. */
  reach(principal: Principal): ServedAccount[] {
    const keys = this.tokens.find((grant) => grant.principal === principal)?.accounts ?? [this.accounts[0]!.profile.key];
    return this.accounts.filter((account) => keys.includes(account.profile.key));
  }

  /** The served account holding a zone id, if any. */
  accountOfZone(zoneId: string): ServedAccount | undefined {
    return this.accounts.find((account) => account.state.zones.some((zone) => zone.id === zoneId));
  }

  reset(): void {
    this.accounts = seedAccounts(this.profiles, this.options);
    this.limiter.reset();
    this.graphqlLimiter.reset();
    this.faults.reset();
    this.calls.clear();
  }
}
