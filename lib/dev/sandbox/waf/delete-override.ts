// DELETE /zones/{zone_id}/firewall/waf/overrides/{id}: the only way to remove a URI-based override, which
// a zone must do before the upgrade. Answers `{ id }` as the previous firewall's API does.
import { fail, ok, type ApiResponse } from "../envelope";
import type { RouteContext } from "../router";
import { findZone } from "../routes/zones";
import { previousApiGone } from "./routes";

/** Sandbox-chosen code for an override id the zone does not have (HTTP 404). */
const OVERRIDE_NOT_FOUND = 1002;

export function deleteOverride(context: RouteContext): ApiResponse {
  const found = findZone(context.state.zones, context.params.zone_id ?? "", context.path);
  if ("response" in found) return found.response;
  const waf = context.state.waf[found.zone.id]!;
  const gone = previousApiGone(waf);
  if (gone) return gone;
  const index = waf.overrides.findIndex((o) => o.id === context.params.override_id);
  if (index < 0) return fail(404, OVERRIDE_NOT_FOUND, "The override was not found");
  waf.overrides.splice(index, 1);
  return ok({ id: context.params.override_id });
}
