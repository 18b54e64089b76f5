// A zone's dataset limits, read once per zone and kept for an hour: they follow the zone's plan, which
// changes rarely, and every window read of the zone needs them. Concurrent reads share one query.
import "server-only";
import type { PlatformClient } from "@/lib/platform/client";
import { parseZoneLimits, SETTINGS_QUERY, settingsSchema, type ZoneDatasetLimits } from "@/lib/validation/dataset-limits";

export const LIMITS_TTL_MS = 60 * 60_000;
const MAX_ZONES = 500;

export class LimitsCache {
  private entries = new Map<string, { at: number; limits: Promise<ZoneDatasetLimits> }>();

  constructor(private readonly now: () => number = Date.now) {}

  get(platform: PlatformClient, zoneId: string): Promise<ZoneDatasetLimits> {
    const found = this.entries.get(zoneId);
    if (found && this.now() - found.at < LIMITS_TTL_MS) return found.limits;
    const limits = platform.graphql(SETTINGS_QUERY, { zoneTag: zoneId }, settingsSchema).then(parseZoneLimits);
    // A failed read is not kept: the next request asks again.
    limits.catch(() => this.entries.get(zoneId)?.limits === limits && this.entries.delete(zoneId));
    this.entries.delete(zoneId);
    this.entries.set(zoneId, { at: this.now(), limits });
    if (this.entries.size > MAX_ZONES) this.entries.delete(this.entries.keys().next().value!);
    return limits;
  }
}

/** One per server process, as the window cache. */
export const limitsCache = new LimitsCache();
