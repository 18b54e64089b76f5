import { operation } from "@/lib/http/operation";
import { UPSTREAM } from "@/lib/http/upstream-calls";
import { zoneDrift } from "@/lib/drift/zone-drift";

export const dynamic = "force-dynamic";

/** The zone's drift from its baseline: the approving review, the live entry point read now, the changes in words. */
export const GET = operation<{ id: string }>(({ platform, params }) => zoneDrift(platform, params.id), {
  role: "viewer",
  zoneParam: "id",
  upstream: UPSTREAM.zoneDrift,
});
