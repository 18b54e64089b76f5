import { operation } from "@/lib/http/operation";
import { queryFlag } from "@/lib/http/query";
import { UPSTREAM } from "@/lib/http/upstream-calls";
import { exportQuery } from "@/lib/terraform/export-query";
import { exportZoneFile } from "@/lib/terraform/export-zone-file";

export const dynamic = "force-dynamic";

/**
 * The zone's http_request_firewall_managed entry point as a cloudflare_ruleset resource with its import
 * block: `syntax=v4|v5` (required), `config=proposed|live` (default: live once migrated, else proposed).
 */
export const GET = operation<{ id: string }>(
  async ({ url, platform, params }) => {
    const { syntax, config } = exportQuery(url);
    const file = await exportZoneFile(platform, params.id, { syntax, config, refresh: queryFlag(url, "refresh") });
    return new Response(file.text, {
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "Content-Disposition": `attachment; filename="${file.fileName}"`,
        "X-Preflight-Config": file.config,
      },
    });
  },
  { role: "viewer", zoneParam: "id", upstream: UPSTREAM.terraformZone },
);
