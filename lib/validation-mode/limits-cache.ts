// A zone's dataset limits, read once per zone and kept for an hour: they follow the zone's plan, which
// changes rarely, and every window read of the zone needs them. Only settled answers are kept: a pending
// read belongs to its request (its abort, its budget; on workerd its I/O context), never shared with another.
import "server-only";
import type { PlatformClient } from "@/lib/platform/client";
import { parseZoneLimits, SETTINGS_QUERY, settingsSchema, type ZoneDatasetLimits } from "@/lib/validation-mode/dataset-limits";

export const LIMITS_TTL_MS = 60 * 60_000;
const MAX_ZONES = 500;

/** Any dataset's settings per zone (`read` queries and parses them), kept as the firewall datasets' are. */
export class SettingsCache<T> {
  private entries = new Map<string, { at: number; limits: T }>();

  constructor(
    private readonly read: (platform: PlatformClient, zoneId: string) => Promise<T>,
    private readonly now: () => number = Date.now,
  ) {}

  async get(platform: PlatformClient, zoneId: string): Promise<T> {
    const found = this.entries.get(zoneId);
    if (found && this.now() - found.at < LIMITS_TTL_MS) return found.limits;
    // A failed read is not kept: the next request asks again.
    const limits = await this.read(platform, zoneId);
    this.entries.delete(zoneId);
    this.entries.set(zoneId, { at: this.now(), limits });
    if (this.entries.size > MAX_ZONES) this.entries.delete(this.entries.keys().next().value!);
    return limits;
  }
}

export class LimitsCache extends SettingsCache<ZoneDatasetLimits> {
  constructor(now: () => number = Date.now) {
    super(async (platform, zoneId) => parseZoneLimits(await platform.graphql(SETTINGS_QUERY, { zoneTag: zoneId }, settingsSchema)), now);
  }
}

/** One per server process, as the window cache. */
export const limitsCache = new LimitsCache();
