// GET /zones/{zone_id}/custom_hostnames (paged, filters) and PATCH …/{custom_hostname_id}: the CA switch, validated.
import { z } from "zod";
import { fail, ok, type ApiResponse } from "../envelope";
import { ERROR_CODES } from "../errors";
import { compareKeys, paginate, readListParams, sortList } from "../paginate";
import { readEnum, readText } from "../query";
import type { RouteContext } from "../router";
import type { CustomHostname } from "../types-certificates";
import { CERTIFICATES_PER_PAGE, zoneCertificates } from "./certificates";

const ORDERS = ["ssl", "ssl_status"] as const;

export function listCustomHostnames(context: RouteContext): ApiResponse {
  const found = zoneCertificates(context);
  if (!("certificates" in found)) return found.response;
  const { query } = context;
  const list = readListParams(query, CERTIFICATES_PER_PAGE, ORDERS, "ssl");
  const hostname = readText(query, "hostname", 255)?.toLowerCase();
  const id = readText(query, "id", 36);
  const ca = readEnum(query, "certificate_authority", ["google", "lets_encrypt", "ssl_com"] as const);
  const hostnames = found.certificates.customHostnames.filter(
    (h) => (hostname === undefined || h.hostname === hostname) && (id === undefined || h.id === id) && (ca === undefined || h.ssl.certificate_authority === ca),
  );
  const key = list.order === "ssl" ? (h: CustomHostname) => h.ssl.certificate_authority : (h: CustomHostname) => h.ssl.status;
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
  const hostname = found.certificates.customHostnames.find((h) => h.id === context.params.custom_hostname_id);
  if (!hostname) return fail(404, ERROR_CODES.customHostnameNotFound, "The custom hostname was not found.");
  const parsed = patchSchema.safeParse(context.body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.join(".") : "body";
    return fail(400, ERROR_CODES.invalidBody, `Invalid request body: ${where}: ${issue?.message ?? "invalid"}`);
  }
  const { ssl } = parsed.data;
  const changesCa = ssl.certificate_authority !== undefined && ssl.certificate_authority !== hostname.ssl.certificate_authority;
  Object.assign(hostname.ssl, ssl);
  // A new CA means a new certificate: it is validated and issued again, as on the platform.
  if (changesCa) hostname.ssl.status = "pending_validation";
  return ok(hostname);
}
