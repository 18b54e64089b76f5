import type { ZoneCertificates } from "./types-certificates";

// Shapes of the simulated account, as the v4 API returns them (see the reference `zones_zone` and `dns-records_*`).

export type PlanLegacyId = "free" | "pro" | "business" | "enterprise";
export type ZoneStatus = "initializing" | "pending" | "active" | "moved";

export interface Account {
  id: string;
  name: string;
}

export interface Plan {
  id: string;
  /** Optional in the SDK's Zone.Plan (as every field is): one seeded zone's plan comes without it. */
  name?: string;
  price: number;
  currency: string;
  frequency: "weekly" | "monthly" | "quarterly" | "yearly" | "";
  is_subscribed: boolean;
  can_subscribe: boolean;
  legacy_id: PlanLegacyId;
  legacy_discount: boolean;
  externally_managed: boolean;
}

export interface Zone {
  id: string;
  name: string;
  status: ZoneStatus;
  paused: boolean;
  type: "full" | "partial" | "secondary" | "internal";
  development_mode: number;
  name_servers: string[];
  original_name_servers: string[] | null;
  original_registrar: string | null;
  original_dnshost: string | null;
  created_on: string;
  modified_on: string;
  activated_on: string | null;
  meta: {
    step: number;
    custom_certificate_quota: number;
    page_rule_quota: number;
    phishing_detected: boolean;
    cdn_only: boolean;
    dns_only: boolean;
    foundation_dns: boolean;
  };
  owner: { id: string; type: string; name: string };
  account: Account;
  permissions: string[];
  plan: Plan;
}

export type DnsRecordType = "A" | "AAAA" | "CNAME" | "MX" | "TXT" | "CAA";

export interface DnsRecord {
  id: string;
  zone_id: string;
  zone_name: string;
  name: string;
  type: DnsRecordType;
  content: string;
  proxiable: boolean;
  proxied: boolean;
  ttl: number;
  locked: boolean;
  priority?: number;
  data?: { flags: number; tag: string; value: string };
  comment?: string;
  tags: string[];
  meta: { auto_added: boolean; source: string };
  created_on: string;
  modified_on: string;
}

import type { SandboxInvite } from "./routes/invites";
import type { BulkHostnames } from "./bulk-hostnames";
import type { WafZone } from "./waf/types";

/** Everything one seed produces; the server answers only from this. */
export interface SandboxState {
  seed: number;
  account: Account;
  zones: Zone[];
  /** DNS records keyed by zone id. */
  dnsRecords: Record<string, DnsRecord[]>;
  /** The previous firewall and migration state, keyed by zone id (mutated by the migration operations). */
  waf: Record<string, WafZone>;
  /** Certificate packs, custom certificates, custom hostnames and Total TLS, keyed by zone id. */
  certificates: Record<string, ZoneCertificates>;
  /** The large profile's custom hostnames, generated on demand (empty by default); a zone's leave on first write. */
  bulkHostnames: BulkHostnames;
  /** The token user's invitations to other organizations (GET /user/invites). */
  invites: SandboxInvite[];
}
