// The account's zones, as Preflight lists them: every page, resumable under the subrequest budget.
import { z } from "zod";
import type { PlatformClient } from "@/lib/platform/client";
import { decodeCursor, encodeCursor } from "@/lib/platform/cursor";
import { walkPages } from "@/lib/platform/paginate";
import { zonePath } from "@/lib/platform/paths";

/** The largest page `/zones` serves: fewest calls for a whole account. */
export const ZONES_PER_PAGE = 50;

export const zoneSchema = z.object({
  id: z.string(),
  name: z.string(),
  // Optional in the SDK's Zone (status?) and absent from the 2024 schema's zone: unknown, never a failed listing.
  status: z.string().optional(),
  paused: z.boolean().optional(),
  type: z.string().optional(),
  plan: z.object({ name: z.string(), legacy_id: z.string().optional() }).optional(),
  // Both optional in the SDK's Zone.Account and the 2024 schema: an absent id is shown as unknown ("").
  account: z.object({ id: z.string().optional(), name: z.string().optional() }),
  created_on: z.string().optional(),
  activated_on: z.string().nullish(),
});
type Zone = z.infer<typeof zoneSchema>;

export interface ZoneRow {
  id: string;
  name: string;
  /** The plan's short name: free, pro, business or enterprise (others as the platform names them). */
  plan: string;
  planName: string;
  status: string;
  paused: boolean;
  type: string;
  accountId: string;
  accountName: string;
  createdOn: string | null;
  activatedOn: string | null;
}

export interface ZonesPage {
  zones: ZoneRow[];
  fetchedAt: string;
  /** false when the subrequest budget ran out; `cursor` then resumes the listing. */
  complete: boolean;
  cursor?: string;
  totalCount?: number;
  /** Set when the account rate limit stopped the listing: wait this long before following the cursor. */
  retryAfterSeconds?: number;
}

export async function listZones(client: PlatformClient, options: { accountId?: string; cursor?: string } = {}): Promise<ZonesPage> {
  const startPage = options.cursor ? decodeCursor("zones", { page: z.number().int().min(1) }, options.cursor).page : 1;
  // A fixed order keeps page boundaries stable between the requests of one resumed listing.
  const query = { order: "name", direction: "asc", "account.id": options.accountId };
  const walk = await walkPages(client, "/zones", query, zoneSchema, { perPage: ZONES_PER_PAGE, startPage });
  return {
    zones: walk.items.map(toZoneRow),
    fetchedAt: new Date().toISOString(),
    complete: walk.nextPage === undefined,
    cursor: walk.nextPage === undefined ? undefined : encodeCursor("zones", { page: walk.nextPage }),
    totalCount: walk.totalCount,
    retryAfterSeconds: walk.retryAfterMs ? Math.ceil(walk.retryAfterMs / 1000) : undefined,
  };
}

/** Pages of the listing from `startPage` while the request may: the snapshot refresh's resumable listing. */
export async function listZonePages(client: PlatformClient, startPage: number, accountId?: string, maxPages?: number) {
  const query = { order: "name", direction: "asc", "account.id": accountId };
  const walk = await walkPages(client, "/zones", query, zoneSchema, { perPage: ZONES_PER_PAGE, startPage, maxPages });
  return { zones: walk.items.map(toZoneRow), nextPage: walk.nextPage, totalCount: walk.totalCount, retryAfterMs: walk.retryAfterMs };
}

/** One zone by id (GET /zones/{zone_id}). */
export async function getZone(client: PlatformClient, zoneId: string): Promise<ZoneRow> {
  const { result } = await client.get(zonePath(zoneId), {}, zoneSchema);
  return toZoneRow(result);
}

function toZoneRow(zone: Zone): ZoneRow {
  const planName = zone.plan?.name ?? "Unknown";
  return {
    id: zone.id,
    name: zone.name,
    plan: zone.plan?.legacy_id ?? planName.toLowerCase().replace(/ website$/, ""),
    planName,
    status: zone.status ?? "unknown",
    paused: zone.paused ?? false,
    // Optional in the SDK's Zone: absent is unknown, never "full" (a partial setup's DNS is elsewhere).
    type: zone.type ?? "unknown",
    accountId: zone.account.id ?? "",
    accountName: zone.account.name ?? "",
    createdOn: zone.created_on ?? null,
    activatedOn: zone.activated_on ?? null,
  };
}
