// GET /zones/{zone_id}/custom_hostnames (paged, filters) and PATCH …/{custom_hostname_id}: the CA switch, validated.
import { z } from "zod";
import { fail, ok, type ApiResponse } from "../envelope";
import { ERROR_CODES } from "../errors";
import { compareKeys, paginate, readListParams, sortList } from "../paginate";
import { readEnum, readText } from "../query";
import type { RouteContext } from "../router";
import type { CustomHostname } from "../types-certificates";
import { allBulkHostnames, bulkHostname } from "../bulk-hostnames";
import { CERTIFICATES_PER_PAGE, zoneCertificates } from "./certificates";
import { findZone } from "./zones";

const ORDERS = ["ssl", "ssl_status"] as const;

export function listCustomHostnames(context: RouteContext): ApiResponse {
  const found = zoneCertificates(context);
  if (!("certificates" in found)) return found.response;
  const { query } = context;
  const list = readListParams(query, CERTIFICATES_PER_PAGE, ORDERS, "ssl");
  const hostname = readText(query, "hostname", 255)?.toLowerCase();
  const id = readText(query, "id", 36);
  const ca = readEnum(query, "certificate_authority", ["google", "lets_encrypt", "ssl_com"] as const);
  const bulk = bulkOf(context);
  // The large profile's plain listing: the page is generated, never the whole list.
  if (
    bulk &&
    found.certificates.customHostnames.length === 0 &&
    hostname === undefined &&
    id === undefined &&
    ca === undefined &&
    list.order === "ssl" &&
    list.direction === "asc"
  ) {
    const start = Math.min((list.page - 1) * list.perPage, bulk.count);
    const end = Math.min(start + list.perPage, bulk.count);
    const result = Array.from({ length: end - start }, (_, k) =>
      bulkHostname(context.state.seed, bulk.zone, bulk.zoneIndex, bulk.count, start + k),
    );
    return ok(result, {
      page: list.page,
      per_page: list.perPage,
      count: result.length,
      total_count: bulk.count,
      total_pages: Math.ceil(bulk.count / list.perPage),
    });
  }
  const every = bulk
    ? [...found.certificates.customHostnames, ...allBulkHostnames(context.state.seed, bulk.zone, bulk.zoneIndex, bulk.count)]
    : found.certificates.customHostnames;
  const hostnames = every.filter(
    (h) =>
      (hostname === undefined || h.hostname === hostname) &&
      (id === undefined || h.id === id) &&
      (ca === undefined || h.ssl.certificate_authority === ca),
  );
  // An uploaded certificate names no CA: it sorts with the default CA's "" (the real order is not documented).
  const key = list.order === "ssl" ? (h: CustomHostname) => h.ssl.certificate_authority ?? "" : (h: CustomHostname) => h.ssl.status;
  const sorted = sortList(hostnames, key, list.direction, (a, b) => compareKeys(a.hostname, b.hostname) || compareKeys(a.id, b.id));
  const { result, resultInfo } = paginate(sorted, list.page, list.perPage);
  return ok(result, resultInfo);
}

/** The custom hostname update body of the platform document: ssl.method, ssl.type, ssl.certificate_authority. */
const patchSchema = z
  .object({
    ssl: z
      .object({
        method: z.enum(["http", "txt", "email"]).optional(),
        type: z.literal("dv").optional(),
        certificate_authority: z.enum(["", "google", "lets_encrypt", "ssl_com", "digicert"]).optional(),
        bundle_method: z.enum(["ubiquitous", "optimal", "force"]).optional(),
      })
      .strict(),
  })
  .strict();

export function patchCustomHostname(context: RouteContext): ApiResponse {
  const found = zoneCertificates(context);
  if (!("certificates" in found)) return found.response;
  const bulk = bulkOf(context);
  if (bulk) {
    // A write makes the zone's generated hostnames real, so the change is kept.
    found.certificates.customHostnames.push(...allBulkHostnames(context.state.seed, bulk.zone, bulk.zoneIndex, bulk.count));
    context.state.bulkHostnames.delete(bulk.zone.id);
  }
  const hostname = found.certificates.customHostnames.find((h) => h.id === context.params.custom_hostname_id);
  if (!hostname) return fail(404, ERROR_CODES.customHostnameNotFound, "The custom hostname was not found.");
  const parsed = patchSchema.safeParse(context.body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.join(".") : "body";
    return fail(400, ERROR_CODES.invalidBody, `Invalid request body: ${where}: ${issue?.message ?? "invalid"}`);
  }
  const { ssl } = parsed.data;
  if (ssl.certificate_authority !== undefined && (ssl.type === undefined || ssl.method === undefined)) {
    const missing = ["type", "method"].filter((f) => ssl[f as "type" | "method"] === undefined).map((f) => `ssl.${f}`);
    return fail(400, ERROR_CODES.customHostnameValidation, `${missing.join(" and ")} must be sent with ssl.certificate_authority.`);
  }
  const changesCa = ssl.certificate_authority !== undefined && ssl.certificate_authority !== hostname.ssl.certificate_authority;
  Object.assign(hostname.ssl, ssl);
  // A new CA means a new certificate: it is validated and issued again, as on the platform.
  if (changesCa) hostname.ssl.status = "pending_validation";
  return ok(hostname);
}

function bulkOf(context: RouteContext) {
  const found = findZone(context.state.zones, context.params.zone_id ?? "", context.path);
  if (!("zone" in found)) return undefined;
  const planned = context.state.bulkHostnames.get(found.zone.id);
  return planned ? { zone: found.zone, ...planned } : undefined;
}
