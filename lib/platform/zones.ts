// The account's zones, as Preflight lists them: every page, resumable under the subrequest budget.
import { z } from "zod";
import type { PlatformClient, Query } from "@/lib/platform/client";
import { tooManyAccounts } from "@/lib/platform/zone-listing-refusal";
import { decodeCursor, encodeCursor } from "@/lib/platform/cursor";
import { walkPages } from "@/lib/platform/paginate";
import { zonePath } from "@/lib/platform/paths";
import { zoneAccounts } from "@/lib/accounts/zone-accounts";
import { rowAccount, type RowAccount } from "@/lib/accounts/row-account";

/** The largest page `/zones` serves: fewest calls for a whole account. */
export const ZONES_PER_PAGE = 50;

export const zoneSchema = z.object({
  id: z.string(),
  name: z.string(),
  // Optional in the SDK's Zone (status?) and absent from the 2024 schema's zone: unknown, never a failed listing.
  status: z.string().optional(),
  paused: z.boolean().optional(),
  type: z.string().optional(),
  // Zone.Plan's fields are all optional in the SDK (name?, legacy_id?): a plan without a name is an unknown plan, never a failed listing.
  plan: z.object({ name: z.string().optional(), legacy_id: z.string().optional() }).optional(),
  // Both optional in the SDK's Zone.Account and the 2024 schema: an absent id is shown as unknown ("").
  account: z.object({ id: z.string().optional(), name: z.string().optional() }),
  created_on: z.string().optional(),
  activated_on: z.string().nullish(),
});
type Zone = z.infer<typeof zoneSchema>;

/**
 * One entry of a listing page, read on its own: a page is never failed whole for one zone. An entry that does not
 * parse keeps its row when its id is an identifier (marked `unreadable`, with what did not parse); without one it
 * cannot be a zone anywhere (no path, no link) and is only counted.
 */
type ZoneEntry = { zone: Zone; unreadable?: string } | { unreadable: string };
const zoneEntrySchema = z.unknown().transform((raw): ZoneEntry => {
  const parsed = zoneSchema.safeParse(raw);
  if (parsed.success) return { zone: parsed.data };
  const unreadable = parsed.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join(".") || "the entry"}: ${issue.message}`)
    .join("; ");
  const entry = typeof raw === "object" && raw !== null ? (raw as Record<string, unknown>) : {};
  const id = typeof entry.id === "string" && /^[0-9a-f]{32}$/.test(entry.id) ? entry.id : undefined;
  if (!id) return { unreadable };
  return { zone: { id, name: typeof entry.name === "string" ? entry.name : id, account: {} }, unreadable };
});

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
  /** The row's account as Preflight names it (lib/accounts/row-account.ts): on every row shown or exported. */
  account: RowAccount;
  createdOn: string | null;
  activatedOn: string | null;
  /** Set when the listing's entry for this zone did not parse: what did not (the zone is shown failed, never dropped). */
  unreadable?: string;
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
  /** Entries of the listing without a readable zone id: not zones Preflight can show or read, so counted here. */
  unreadableEntries?: number;
}

export async function listZones(client: PlatformClient, options: { accountId?: string; cursor?: string } = {}): Promise<ZonesPage> {
  const startPage = options.cursor ? decodeCursor("zones", { page: z.number().int().min(1) }, options.cursor).page : 1;
  // A fixed order keeps page boundaries stable between the requests of one resumed listing.
  const query = { order: "name", direction: "asc", "account.id": options.accountId };
  const walk = await walkZones(client, query, { perPage: ZONES_PER_PAGE, startPage }, options.accountId);
  const { zones, unreadableEntries } = zoneRows(client, walk.items);
  return {
    zones,
    ...(unreadableEntries > 0 ? { unreadableEntries } : {}),
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
  const walk = await walkZones(client, query, { perPage: ZONES_PER_PAGE, startPage, maxPages }, accountId);
  const { zones, unreadableEntries } = zoneRows(client, walk.items);
  return { zones, unreadableEntries, nextPage: walk.nextPage, totalCount: walk.totalCount, retryAfterMs: walk.retryAfterMs };
}

function walkZones(
  client: PlatformClient,
  query: Query,
  options: { perPage: number; startPage: number; maxPages?: number },
  accountId?: string,
) {
  return walkPages(client, "/zones", query, zoneEntrySchema, options).catch((error: unknown) => {
    throw tooManyAccounts(error, accountId) ?? error;
  });
}

function zoneRows(client: PlatformClient, entries: readonly ZoneEntry[]): { zones: ZoneRow[]; unreadableEntries: number } {
  const zones: ZoneRow[] = [];
  for (const entry of entries)
    if ("zone" in entry) zones.push({ ...toZoneRow(entry.zone, client), ...(entry.unreadable ? { unreadable: entry.unreadable } : {}) });
  // Each listed zone is read later with these credentials only (lib/accounts/zone-accounts.ts).
  zoneAccounts.record(client.entryKey, zones);
  return { zones, unreadableEntries: entries.length - zones.length };
}

/** One zone by id (GET /zones/{zone_id}). */
export async function getZone(client: PlatformClient, zoneId: string): Promise<ZoneRow> {
  const { result } = await client.get(zonePath(zoneId), {}, zoneSchema);
  return toZoneRow(result, client);
}

function toZoneRow(zone: Zone, client: PlatformClient): ZoneRow {
  const planName = zone.plan?.name ?? zone.plan?.legacy_id ?? "Unknown";
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
    account: rowAccount(client.entry, { accountId: zone.account.id, accountName: zone.account.name }),
    createdOn: zone.created_on ?? null,
    activatedOn: zone.activated_on ?? null,
  };
}
