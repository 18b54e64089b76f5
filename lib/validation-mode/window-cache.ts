// Window reads kept by the server, keyed by zone + window, so the summary, the drill-down and the CSV
// export read a zone's events once. Freshness as the zones scan's: 15 minutes, except that a window which
// ended before the read started (plus the analytics' ingestion delay) is final and kept until evicted.
import "server-only";
import { randomBytes } from "node:crypto";
import { ZONE_SCAN_TTL_MS } from "@/lib/migration/scan-cache";
import type { WindowRead } from "@/lib/validation-mode/window-read-state";
import type { TimeWindow } from "@/lib/validation-mode/window";

/** Events reach the dataset a little after the request: a window is final this long after it ends. */
export const INGESTION_DELAY_MS = 5 * 60_000;
/** Each read may hold a window's worth of requests: only the latest few are kept. */
const MAX_READS = 8;

export function isFinal(window: TimeWindow, at: number): boolean {
  return Date.parse(window.until) + INGESTION_DELAY_MS <= at;
}

export class WindowCache {
  private reads: WindowRead[] = [];

  constructor(private readonly now: () => number = Date.now) {}

  private fresh(read: WindowRead): boolean {
    return isFinal(read.window, read.startedAt) || this.now() - read.startedAt < ZONE_SCAN_TTL_MS;
  }

  /** The fresh read of this zone and window, or a new one (also when `refresh` asks for one). */
  current(zoneId: string, window: TimeWindow, refresh: boolean): WindowRead {
    const found = this.reads.find((r) => r.zoneId === zoneId && r.window.since === window.since && r.window.until === window.until);
    if (found && !refresh && this.fresh(found)) return this.touch(found);
    return this.add({ id: randomBytes(8).toString("hex"), zoneId, window, startedAt: this.now() }, found);
  }

  /** The read a cursor names; recreated empty (same id) once evicted, so the cursor still completes the window. */
  byId(id: string, zoneId: string, window: TimeWindow, startedAt: number): WindowRead {
    const found = this.reads.find((r) => r.id === id);
    if (found) return this.touch(found);
    return this.add({ id, zoneId, window, startedAt }, undefined);
  }

  private touch(read: WindowRead): WindowRead {
    this.reads = [read, ...this.reads.filter((r) => r !== read)];
    return read;
  }

  private add(read: WindowRead, replaced: WindowRead | undefined): WindowRead {
    this.reads = [read, ...this.reads.filter((r) => r !== replaced)].slice(0, MAX_READS);
    return read;
  }
}

/** One per server process, as the scan caches. */
export const windowCache = new WindowCache();
