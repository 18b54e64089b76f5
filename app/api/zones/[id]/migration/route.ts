import { operation } from "@/lib/http/operation";
import { UPSTREAM } from "@/lib/http/upstream-calls";
import { queryFlag } from "@/lib/http/query";
import { zoneMigrationDetail } from "@/lib/migration/zone-detail";

export const dynamic = "force-dynamic";

/** One zone's check, status, mapping, proposed configuration and procedure; `refresh=1` reads it again. */
export const GET = operation<{ id: string }>(
  ({ url, platform, params }) => zoneMigrationDetail(platform, params.id, queryFlag(url, "refresh")),
  { role: "viewer", zoneParam: "id", upstream: UPSTREAM.zoneMigration },
);
