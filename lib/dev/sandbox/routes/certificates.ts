// GET certificate packs (`status=all`, or the document's `ssl_status=all`), custom certificates and the Total TLS setting.
import { ok, type ApiResponse } from "../envelope";
import { compareKeys, paginate, readListParams, sortList } from "../paginate";
import { readEnum } from "../query";
import type { RouteContext } from "../router";
import type { ZoneCertificates } from "../types-certificates";
import { findZone } from "./zones";

/** Bounds and default of the reference's list `per_page` (5–50, default 20). */
export const CERTIFICATES_PER_PAGE = { min: 5, max: 50, fallback: 20 };
const CUSTOM_STATUSES = ["active", "expired", "deleted", "pending", "initializing"] as const;

/** The zone's certificates, or the API's answer for a malformed or unknown zone id. */
export function zoneCertificates({ params, state, path }: RouteContext): { certificates: ZoneCertificates } | { response: ApiResponse } {
  const found = findZone(state.zones, params.zone_id ?? "", path);
  if (!("zone" in found)) return found;
  const certificates = state.certificates[found.zone.id] ?? {
    packs: [],
    customCertificates: [],
    customHostnames: [],
    totalTls: { enabled: false },
  };
  return { certificates };
}

export function listCertificatePacks(context: RouteContext): ApiResponse {
  const found = zoneCertificates(context);
  if (!("certificates" in found)) return found.response;
  const list = readListParams(context.query, CERTIFICATES_PER_PAGE, ["created_on"] as const, "created_on");
  // Without status=all only active packs are listed; the platform document spells it ssl_status=all.
  const all = readEnum(context.query, "status", ["all"] as const) ?? readEnum(context.query, "ssl_status", ["all"] as const);
  const packs = found.certificates.packs.filter((p) => all === "all" || p.status === "active");
  const sorted = sortList(
    packs,
    (p) => p.created_on,
    list.direction,
    (a, b) => compareKeys(a.id, b.id),
  );
  const { result, resultInfo } = paginate(sorted, list.page, list.perPage);
  // created_on orders the sandbox's list; no SDK pack type has it, so the answer does not either.
  return ok(
    result.map(({ created_on: _ordered, ...pack }) => pack),
    resultInfo,
  );
}

export function listCustomCertificates(context: RouteContext): ApiResponse {
  const found = zoneCertificates(context);
  if (!("certificates" in found)) return found.response;
  const list = readListParams(context.query, CERTIFICATES_PER_PAGE, ["priority"] as const, "priority");
  const status = readEnum(context.query, "status", CUSTOM_STATUSES);
  const certificates = found.certificates.customCertificates.filter((c) => status === undefined || c.status === status);
  const sorted = sortList(
    certificates,
    (c) => c.priority,
    list.direction,
    (a, b) => compareKeys(a.uploaded_on, b.uploaded_on) || compareKeys(a.id, b.id),
  );
  const { result, resultInfo } = paginate(sorted, list.page, list.perPage);
  return ok(result, resultInfo);
}

export function getTotalTls(context: RouteContext): ApiResponse {
  const found = zoneCertificates(context);
  return "certificates" in found ? ok(found.certificates.totalTls) : found.response;
}
