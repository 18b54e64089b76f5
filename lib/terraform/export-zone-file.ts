// GET /api/zones/{id}/terraform: one zone's file, or why there is none as an error a person can act on
// (409 for a configuration the zone does not have, 502 when the zone could not be read).
import "server-only";
import { ConflictError } from "@/lib/errors/conflict-error";
import { ZoneReadError } from "@/lib/errors/zone-read-error";
import { zoneScan } from "@/lib/migration/zone-detail";
import type { PlatformClient } from "@/lib/platform/client";
import { ExportRefusal } from "@/lib/terraform/clean-rules";
import type { RequestedConfig } from "@/lib/terraform/export-plan";
import { resourceLabel, zoneFileName } from "@/lib/terraform/labels";
import type { Syntax } from "@/lib/terraform/render-rules";
import { zoneExport } from "@/lib/terraform/zone-export-reads";
import { zoneFile } from "@/lib/terraform/render-zone-file";

export async function exportZoneFile(
  platform: PlatformClient,
  zoneId: string,
  options: { syntax: Syntax; config: RequestedConfig; refresh: boolean },
) {
  const scan = await zoneScan(platform, zoneId, options.refresh);
  const result = await zoneExport(platform, scan, options.config);
  if (result.status === "failed") throw new ZoneReadError(result.reason);
  if (result.status === "skipped") throw new ConflictError(result.reason, result.kind);
  const label = resourceLabel(scan.zone);
  try {
    return {
      text: zoneFile(result.source, options.syntax, { label }),
      fileName: zoneFileName(label, result.source.config, options.syntax),
      config: result.source.config,
    };
  } catch (error) {
    if (error instanceof ExportRefusal)
      throw new ConflictError(`The entry point holds what the export cannot write: ${error.message}`, "not_exportable");
    throw error;
  }
}
