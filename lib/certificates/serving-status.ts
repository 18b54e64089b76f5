// What a certificate's status (and a custom hostname's own status) means for serving traffic, read before any
// rule: a certificate that serves no traffic needs no legacy-chain action. Pure. Sources: the SDK's status enums
// (ssl/certificate-packs Status, also custom hostnames' ssl.status; custom-certificates; custom-hostnames) and
// cloudflare-docs ssl/reference/certificate-statuses.mdx, custom-certificates/renewing.mdx and cloudflare-for-saas
// domain-support/hostname-validation/validation-status.mdx. A status none of them explains is shown as given.
import { ALTERNATIVES } from "@/lib/certificates/verdict";
import { LEGACY_CA } from "@/lib/certificates/chain-change";
import type { CertificateFacts, Classification } from "@/lib/certificates/verdict";

/** serving or coming (on its way to the edge): the rules apply; stalled, gone, staging: it serves no production traffic. */
export type Serving = "serving" | "coming" | "stalled" | "gone" | "staging" | "unknown";

interface Meaning {
  serving: Serving;
  /** The status in words, as the reason opens with them ("issuance timed out"). */
  words: string;
  /** What to do, for stalled ones (the others: nothing). */
  next?: string;
}

const serving = (words: string): Meaning => ({ serving: "serving", words });
const coming = (words: string): Meaning => ({ serving: "coming", words });
const gone = (words: string): Meaning => ({ serving: "gone", words });
const stalled = (words: string, next = "order again"): Meaning => ({ serving: "stalled", words, next });

/** A certificate pack's status, and a custom hostname's ssl.status (the SDK's one `Status` enum for both). */
const CERTIFICATE_STATUS: Record<string, Meaning> = {
  active: serving("active"),
  pending_expiration: serving("pending expiration: served until it expires"),
  deletion_timed_out: serving("deletion timed out: it may still be served"),
  initializing: coming("initializing"),
  pending_validation: coming("pending validation"),
  pending_issuance: coming("pending issuance"),
  pending_deployment: coming("pending deployment"),
  holding_deployment: coming("holding deployment: deployed once the zone is active"),
  initializing_timed_out: stalled("initializing timed out"),
  validation_timed_out: stalled("validation timed out", "restart validation (PATCH it) or order again"),
  issuance_timed_out: stalled("issuance timed out"),
  deployment_timed_out: stalled("deployment timed out"),
  deleted: gone("deleted"),
  pending_deletion: gone("pending deletion"),
  expired: gone("expired"),
  deactivating: gone("deactivating: it becomes inactive"),
  inactive: gone("inactive: not at the edge"),
  staging_deployment: { serving: "staging", words: "staging deployment: the staging environment only" },
  staging_active: { serving: "staging", words: "staging active: the staging environment only" },
};

/** A custom certificate's status (SDK: active | expired | deleted | pending | initializing; docs: holding deployment). */
const CUSTOM_CERTIFICATE_STATUS: Record<string, Meaning> = {
  active: serving("active"),
  pending: coming("pending"),
  initializing: coming("initializing"),
  holding_deployment: CERTIFICATE_STATUS.holding_deployment!,
  // The docs: an expired custom certificate is removed, its hostnames fall back to another active certificate.
  expired: gone("expired: removed from the edge"),
  deleted: gone("deleted"),
};

/** A custom hostname's own status: the docs explain active, pending, active re-deploying, blocked, moved, deleted. */
const HOSTNAME_STATUS: Record<string, Meaning> = {
  active: serving("active"),
  active_redeploying: serving("active, re-deploying"),
  pending: coming("pending hostname validation"),
  moved: gone("moved: not validated in time, or no longer pointing to the fallback origin"),
  deleted: gone("deleted"),
  pending_deletion: gone("pending deletion"),
  blocked: gone("blocked: it cannot be added to Cloudflare"),
};

export interface ServingStatus {
  serving: Serving;
  /** What the status is, as the platform gives it (null: none given). */
  status: string | null;
  /** Whose status decided: the certificate's, or the custom hostname's own. */
  subject: "certificate" | "custom hostname";
  words: string;
  next?: string;
}

function meaning(table: Record<string, Meaning>, status: string | null, subject: ServingStatus["subject"]): ServingStatus {
  const known = status !== null && Object.hasOwn(table, status) ? table[status] : undefined;
  // A literal, not a spread: a spread's object gets a shape of its own per call on Node 20 (lib/certificates/zone-audit.ts).
  if (known) return { serving: known.serving, status, subject, words: known.words, next: known.next };
  return { serving: "unknown", status, subject, words: status === null ? "no status given" : `status "${status}"` };
}

/** undefined when no status applies (the Total TLS setting's own row, or facts built without one). */
export function servingStatus(facts: CertificateFacts): ServingStatus | undefined {
  if (facts.status === undefined) return undefined;
  if (facts.kind === "custom_certificate") return meaning(CUSTOM_CERTIFICATE_STATUS, facts.status, "certificate");
  if (facts.kind === "custom_hostname") {
    // A moved or deleted hostname serves nothing, whatever its certificate says; then a dead certificate; then the unknown.
    const ssl = meaning(CERTIFICATE_STATUS, facts.status, "certificate");
    const own = facts.hostnameStatus === undefined ? undefined : meaning(HOSTNAME_STATUS, facts.hostnameStatus, "custom hostname");
    const order: Serving[] = ["gone", "stalled", "staging", "unknown", "coming", "serving"];
    return own && order.indexOf(own.serving) <= order.indexOf(ssl.serving) ? own : ssl;
  }
  return meaning(CERTIFICATE_STATUS, facts.status, "certificate");
}

const capital = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

/**
 * The gate every classification passes first (classify.ts): the verdict of something that serves no traffic,
 * or undefined when the rules apply (then `statusNote` says what a pending or unknown status changes).
 */
export function servingGate(facts: CertificateFacts): Classification | undefined {
  const status = servingStatus(facts);
  if (!status || status.serving === "serving" || status.serving === "coming" || status.serving === "unknown") return undefined;
  if (status.serving === "staging")
    return {
      verdict: "not_serving",
      reason: `${capital(status.words)}: ${whose(status)}, so it serves no production traffic and no legacy-chain rule applies to it now.`,
      action: "None now; judge it again before it is deployed to production.",
    };
  if (status.serving === "gone")
    return {
      verdict: "not_serving",
      reason: `${capital(status.words)}: nothing to do. ${capital(whose(status))}: it serves no traffic, so no legacy-chain rule applies.`,
      action: "None.",
    };
  const next = status.next ?? "order again";
  const legacy = facts.certificateAuthority === LEGACY_CA;
  return {
    verdict: "not_serving",
    reason: `${capital(status.words)}: ${next}. ${capital(whose(status))}: it serves no traffic, so no legacy-chain rule applies.`,
    action: `${capital(next)}${legacy ? `, choosing ${ALTERNATIVES} rather than ${LEGACY_CA}` : ""}, if it is still needed.`,
  };
}

/** What a status the rules still apply under adds to the reason: "" for an active one, else the status in words. */
export function statusNote(facts: CertificateFacts): string {
  const status = servingStatus(facts);
  if (!status || (status.serving === "serving" && status.status === "active")) return "";
  if (status.serving === "serving") return ` ${capital(whose(status))} (${status.words}).`;
  if (status.serving === "coming") return ` ${capital(whose(status))} (${status.words}): not served yet, judged as it will be once active.`;
  const unknown = status.status === null ? "" : ", which Preflight does not know";
  return ` ${capital(whose(status))}${unknown}: judged as if it serves traffic, never as fine.`;
}

/**
 * A status Preflight does not know (or none given) never reads as fine: what the rules would call no action is
 * informational, since whether it serves as judged is unknown. Other verdicts stand (judged as if it serves).
 */
export function unknownStatusFloor(facts: CertificateFacts, judged: Classification): Classification {
  if (judged.verdict !== "no_action" || servingStatus(facts)?.serving !== "unknown") return judged;
  return {
    verdict: "informational",
    reason: `${judged.reason} The rules alone would say no action, but with this status that cannot be read as fine.`,
    action: "Check its status in the dashboard; if it serves traffic as judged, nothing more to do.",
  };
}

function whose(status: ServingStatus): string {
  const subject = status.subject === "custom hostname" ? "the custom hostname's status" : "its status";
  return status.status === null ? `${subject} is not given` : `${subject} is "${status.status}"`;
}
