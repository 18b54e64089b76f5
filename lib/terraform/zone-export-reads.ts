// Reads what one zone's export needs, through the request's scheduler: the zone's migration scan (the
// same reads as the zone detail, cached alike) and the managed entry point, live or to import.
import "server-only";
import { redactSecrets } from "@/lib/config";
import { readManagedEntrypoint, readManagedEntrypointRuleset } from "@/lib/migration/entrypoint";
import { migrationPhase } from "@/lib/migration/evidence";
import type { ZoneScan } from "@/lib/migration/zone-assessment";
import type { PlatformClient } from "@/lib/platform/client";
import { DeferredError } from "@/lib/errors/platform-errors";
import { chosenConfig, liveSource, proposedSource, type RequestedConfig, type ZoneExport } from "@/lib/terraform/export-plan";

/** Calls beyond the scan: the entry point, read once. */
export const ENTRYPOINT_CALLS = 1;

export async function zoneExport(platform: PlatformClient, scan: ZoneScan, requested: RequestedConfig): Promise<ZoneExport> {
  const { zone, evidence } = scan;
  if (!evidence) return { status: "failed", reason: scan.error ?? "The zone could not be read." };
  const phase = migrationPhase(evidence.status);
  const config = chosenConfig(requested, phase);
  // Nothing to propose: said without reading the entry point.
  if (config === "proposed" && (phase === "migrated" || !evidence.config)) return proposedSource(zone, evidence, null, scan.fetchedAt);
  try {
    if (config === "proposed") {
      // The scan already read the entry point when the previous version's API refused; otherwise read it now.
      const entrypoint = evidence.entrypoint !== undefined ? evidence.entrypoint : await readManagedEntrypoint(platform, zone.id);
      return proposedSource(zone, evidence, entrypoint, scan.fetchedAt);
    }
    return liveSource(zone, await readManagedEntrypointRuleset(platform, zone.id), evidence, new Date().toISOString());
  } catch (error) {
    if (error instanceof DeferredError) throw error;
    return {
      status: "failed",
      reason: redactSecrets(`The entry point could not be read: ${error instanceof Error ? error.message : String(error)}`),
    };
  }
}
