// The account-wide export within one request's subrequest budget: zones in the listing's order, a few
// at a time, each started only when the budget can finish it (its scan, unless cached, and its entry
// point), so the answer ends at a zone boundary with a cursor that resumes exactly there.
import "server-only";
import { z } from "zod";
import { InputError } from "@/lib/errors/input-error";
import { accountZones } from "@/lib/migration/scan-account";
import { scanCache } from "@/lib/migration/scan-cache";
import { wholeZoneScan, wholeZoneScanCalls } from "@/lib/migration/zone-detail";
import { runWithinBudget } from "@/lib/platform/budget-pool";
import type { PlatformClient } from "@/lib/platform/client";
import { decodeCursor, encodeCursor } from "@/lib/platform/cursor";
import type { ZoneRow } from "@/lib/platform/zones";
import type { ZoneOutcome } from "@/lib/terraform/account-file";
import type { RequestedConfig } from "@/lib/terraform/export-plan";
import { duplicateNames, resourceLabel } from "@/lib/terraform/labels";
import type { Syntax } from "@/lib/terraform/render-rules";
import { ENTRYPOINT_CALLS, zoneExport } from "@/lib/terraform/zone-export-reads";

/** Zones read at once: their calls keep the 6 connections busy. */
const ZONES_AT_ONCE = 6;
const CURSOR = "terraform-export";

export interface AccountExportPart {
  outcomes: ZoneOutcome[];
  /** The first part of an export (no cursor): it carries the file's header, once even when the listing took several parts. */
  first: boolean;
  complete: boolean;
  cursor?: string;
  totalCount?: number;
  /** Zones of the account covered so far, this part included. */
  done: number;
  retryAfterSeconds?: number;
}

export async function exportAccountPart(
  platform: PlatformClient,
  options: { cursor?: string; syntax: Syntax; config: RequestedConfig; refresh?: boolean; accountId?: string },
): Promise<AccountExportPart> {
  const offset = options.cursor ? resumeAt(options.cursor, options.syntax, options.config) : 0;
  if (options.refresh && offset === 0) scanCache.clear();
  const cursorAt = (at: number) => encodeCursor(CURSOR, { offset: at, syntax: options.syntax, config: options.config });
  const list = await accountZones(platform, options.accountId);
  if (!list.complete) {
    return {
      outcomes: [],
      first: !options.cursor,
      complete: false,
      cursor: cursorAt(offset),
      totalCount: list.totalCount,
      done: offset,
      retryAfterSeconds: list.retryAfterSeconds,
    };
  }
  const duplicates = duplicateNames(list.zones);
  const pool = await runWithinBudget(
    platform.scheduler,
    list.zones.slice(offset),
    // Its most: its scan (or what a cached one lacks) and its entry point, so a zone is never started only to be cut short.
    { concurrency: ZONES_AT_ONCE, calls: (zone) => wholeZoneScanCalls(zone) + ENTRYPOINT_CALLS },
    async (zone): Promise<ZoneOutcome> => {
      const scan = await wholeZoneScan(platform, zone);
      return {
        zone: { id: zone.id, name: zone.name },
        label: resourceLabel(zone, duplicates),
        result: await zoneExport(platform, scan, options.config),
      };
    },
  );
  const end = offset + pool.end;
  const retryAfterMs = pool.retryAfterMs;
  const complete = end >= list.zones.length;
  return {
    outcomes: pool.results.slice(0, pool.end).map((outcome, i) => outcome ?? lost(list.zones[offset + i]!, duplicates)),
    first: !options.cursor,
    complete,
    cursor: complete ? undefined : cursorAt(end),
    totalCount: list.zones.length,
    done: end,
    retryAfterSeconds: retryAfterMs ? Math.ceil(retryAfterMs / 1000) : undefined,
  };
}

/** A cursor continues the export it came from: another syntax or configuration would mix two exports in one file. */
function resumeAt(cursor: string, syntax: Syntax, config: RequestedConfig): number {
  const state = decodeCursor(
    CURSOR,
    { offset: z.number().int().min(0), syntax: z.enum(["v4", "v5"]), config: z.enum(["proposed", "live", "auto"]) },
    cursor,
  );
  if (state.syntax !== syntax || state.config !== config) {
    throw new InputError(
      "cursor",
      `the cursor continues an export with syntax=${state.syntax} and config=${state.config}; ask for those, or start again without it`,
    );
  }
  return state.offset;
}

/** A zone whose outcome went missing is reported failed, never dropped. */
function lost(zone: ZoneRow, duplicates: ReadonlySet<string>): ZoneOutcome {
  return {
    zone: { id: zone.id, name: zone.name },
    label: resourceLabel(zone, duplicates),
    result: { status: "failed", reason: "The zone's export was lost before it could be written; export again." },
  };
}
