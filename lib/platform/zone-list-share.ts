// The account's zone list as last listed in full, shared by the operations that walk the account zone by
// zone (the migration scan, the certificate audit): opening Zones then Certificates lists the account once,
// since a second listing a moment later answers the same. Kept per API and account; an operation takes it
// only while it is as fresh as that operation asks (a refresh: listed just now).
import "server-only";
import type { PlatformClient } from "@/lib/platform/client";
import type { ZoneRow } from "@/lib/platform/zones";
import { processState } from "@/lib/process-state";

/** A list this young is what listing again would answer: even a refresh takes it. */
export const JUST_LISTED_MS = 60_000;

export interface ListedZones {
  zones: ZoneRow[];
  /** `result_info.total_count` as the listing reported it. */
  totalCount?: number;
  /** When the listing started (epoch ms). */
  listedAt: number;
  /** Entries of the listing without a readable zone id (lib/platform/zones.ts). */
  unreadableEntries?: number;
}

/** The latest listing per account key: one per configured entry and account filter, so a few. */
const latest = processState("zone-list-share.latest", () => new Map<string, ListedZones>());

/** The account a list belongs to: the API it was read from and the account filter it was read with. */
export function zoneListKey(client: PlatformClient, accountId: string | undefined): string {
  return `${client.apiBaseUrl}\n${accountId ?? ""}`;
}

/** The key of the first configured account's list, as its client names it (a page without a client at hand). */
export function defaultZoneListKey(config: { apiBaseUrl: string; accounts: readonly { id?: string }[] }): string {
  return `${config.apiBaseUrl}\n${config.accounts[0]?.id ?? ""}`;
}

export const sharedZoneList = {
  /** A complete listing, for the next operation that needs one; an older one never replaces a newer. */
  offer(key: string, list: ListedZones): void {
    const kept = latest.get(key);
    if (!kept || kept.listedAt <= list.listedAt) latest.set(key, list);
  },
  /** The latest complete listing of that account, if listed less than `maxAgeMs` ago. */
  take(key: string, maxAgeMs: number, now = Date.now()): ListedZones | undefined {
    const list = latest.get(key);
    return list && now - list.listedAt < maxAgeMs ? list : undefined;
  },
  clear(): void {
    latest.clear();
  },
};
