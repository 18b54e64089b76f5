import { reauditZone } from "@/lib/certificates/reaudit";
import { operation } from "@/lib/http/operation";
import { UPSTREAM } from "@/lib/http/upstream-calls";

export const dynamic = "force-dynamic";

/** Audits one zone again (a zone the scan marked failed) and replaces its outcome in the cached scan. */
export const GET = operation<{ id: string }>(({ platform, params }) => reauditZone(platform, params.id, platform.entry.id), {
  role: "viewer",
  zoneParam: "id",
  upstream: UPSTREAM.certificateZone,
});
