// The document's rules 1–6, one verdict per certificate: no_action, action_required or informational, with a
// reason naming the rule and its dates, and the action to take. Pure: the caller supplies CAA findings.
import type { CaaFinding } from "@/lib/certificates/caa";
import {
  AFTER_CROSS_SIGN_EXPIRY_MS,
  ALTERNATIVE_CAS,
  BUNDLE_METHOD_NAMES,
  DATES,
  LEGACY_CA,
  REBUNDLE_MS,
} from "@/lib/certificates/chain-change";

export type Verdict = "no_action" | "action_required" | "informational";
export type CertificateKind = "universal" | "advanced" | "total_tls" | "custom_certificate" | "custom_hostname";

export interface CertificateFacts {
  kind: CertificateKind;
  certificateAuthority: string | null;
  bundleMethod: string | null;
  uploadedOn: string | null;
  expiresOn: string | null;
  /** The issuer a custom certificate names (`LetsEncrypt`, `DigiCertInc`…). */
  issuer?: string | null;
}

export interface Classification {
  verdict: Verdict;
  reason: string;
  action: string;
}

const ALTERNATIVES = ALTERNATIVE_CAS.join(" or ");
const DATE_LINE = `the cross-signed chain is no longer used from ${DATES.rebundle} and expires ${DATES.crossSignExpiry}`;

/** CAA findings of the certificate's hosts that would keep the default CA on the legacy chain. */
function caaBlocks(caa: readonly CaaFinding[]): CaaFinding[] {
  return caa.filter((finding) => finding.flagged);
}

function caaNote(blocked: readonly CaaFinding[]): string {
  const first = blocked[0];
  if (!first) return "";
  return ` First add ${first.recordToAdd} (CAA on ${first.relevantName ?? first.hostname} does not permit pki.goog${blocked.length > 1 ? `; ${blocked.length} hosts affected` : ""}).`;
}

export function classify(facts: CertificateFacts, caa: readonly CaaFinding[] = []): Classification {
  switch (facts.kind) {
    case "universal":
      return universal(caaBlocks(caa));
    case "advanced":
      return managed(facts, caaBlocks(caa), "Rule 2: advanced certificates where the legacy-chain CA was chosen are not changed automatically", "Order a replacement advanced certificate pack with " + ALTERNATIVES + " (a pack's CA cannot be edited), then delete this pack once it is active.");
    case "total_tls":
      return managed(facts, caaBlocks(caa), "Rule 3: Total TLS certificates are never switched automatically", "Choose " + ALTERNATIVES + " as the CA in the Total TLS settings (SSL/TLS › Edge Certificates); new certificates are then issued by it.");
    case "custom_certificate":
      return customCertificate(facts);
    case "custom_hostname":
      return customHostname(facts);
  }
}

function universal(blocked: CaaFinding[]): Classification {
  const reason = `Rule 1: universal certificates are switched automatically to a more compatible CA from ${DATES.autoSwitch}, before ${DATE_LINE}.`;
  if (blocked.length === 0) return { verdict: "no_action", reason, action: "None." };
  return {
    verdict: "action_required",
    reason: `${reason} But CAA on ${blocked[0]!.relevantName ?? blocked[0]!.hostname} does not permit pki.goog, so it silently stays on the legacy chain.`,
    action: `Add ${blocked[0]!.recordToAdd}; the next renewal then moves to the more compatible CA.`,
  };
}

function managed(facts: CertificateFacts, blocked: CaaFinding[], rule: string, action: string): Classification {
  if (facts.certificateAuthority !== LEGACY_CA) {
    return { verdict: "no_action", reason: `${rule}; this one is issued by ${facts.certificateAuthority ?? "an unnamed CA"}, not the legacy-chain CA, so the ${DATES.rebundle} and ${DATES.crossSignExpiry} changes do not affect it.`, action: "None." };
  }
  return { verdict: "action_required", reason: `${rule}; it uses ${LEGACY_CA}, and ${DATE_LINE}: clients without the self-signed root fail.`, action: action + caaNote(blocked) };
}

function isLegacyIssuer(issuer: string | null | undefined): boolean {
  return issuer == null || /let'?s\s*encrypt|isrg/i.test(issuer);
}

function customCertificate(facts: CertificateFacts): Classification {
  const method = facts.bundleMethod ?? "";
  const name = BUNDLE_METHOD_NAMES[method] ?? method;
  const uploaded = facts.uploadedOn?.slice(0, 10) ?? "an unknown date";
  const uploadedMs = facts.uploadedOn ? Date.parse(facts.uploadedOn) : Number.NaN;
  if (!isLegacyIssuer(facts.issuer)) {
    return { verdict: "no_action", reason: `Issued by ${facts.issuer}, not the legacy-chain CA: the ${DATES.rebundle} and ${DATES.crossSignExpiry} changes do not apply.`, action: "None." };
  }
  if (method === "ubiquitous" || method === "optimal") {
    if (uploadedMs < REBUNDLE_MS) {
      return {
        verdict: "informational",
        reason: `Rule 4: ${name} bundle (${method}) uploaded ${uploaded}, before ${DATES.rebundle}: the cross-signed chain is served until the certificate expires on ${facts.expiresOn?.slice(0, 10) ?? "its expiry date"} (the cross-signed chain itself expired ${DATES.crossSignExpiry}).`,
        action: `Nothing changes before expiry. Upload its replacement from ${ALTERNATIVES} if hostnames serve affected clients: a new upload is bundled with the self-signed chain.`,
      };
    }
    return {
      verdict: "action_required",
      reason: `Rule 4: ${name} bundle (${method}) uploaded ${uploaded}, on or after ${DATES.rebundle}: bundled with the self-signed chain only, so affected clients fail now.`,
      action: `Replace it with a certificate from ${ALTERNATIVES} if its hostnames serve operating systems 7.0 and earlier or trust stores without the self-signed root.`,
    };
  }
  if (method === "force") {
    if (uploadedMs >= AFTER_CROSS_SIGN_EXPIRY_MS) {
      return {
        verdict: "informational",
        reason: `Rule 5: user-defined bundle (force) uploaded ${uploaded}, after ${DATES.crossSignExpiry}: the uploaded chain is always served and should not contain the cross-signed chain.`,
        action: "Check the uploaded chain in the chain inspector; re-upload without ISRG Root X1 cross-signed by DST Root CA X3 if it is there.",
      };
    }
    return {
      verdict: "action_required",
      reason: `Rule 5: user-defined bundle (force) uploaded ${uploaded}, on or before ${DATES.crossSignExpiry}: the uploaded chain is always served, and a cross-signed chain in it expired ${DATES.crossSignExpiry}.`,
      action: "Inspect the uploaded chain in the chain inspector and re-upload it without the expired cross-signed certificate.",
    };
  }
  return { verdict: "informational", reason: `Bundle method "${method}" is not one the rules name (compatible, modern, user-defined).`, action: "Check the certificate's bundle by hand." };
}

function customHostname(facts: CertificateFacts): Classification {
  const rule = "Rule 6: custom hostname certificates set to the legacy-chain CA are not changed automatically";
  if (facts.certificateAuthority === LEGACY_CA) {
    return {
      verdict: "action_required",
      reason: `${rule}; this one is set to ${LEGACY_CA}, and ${DATE_LINE}.`,
      action: 'PATCH ssl.certificate_authority to "" (the default CA: google first, lets_encrypt only if a CAA record on the hostname blocks google) or to "google".',
    };
  }
  if (facts.certificateAuthority === "" || facts.certificateAuthority === null) {
    return {
      verdict: "no_action",
      reason: `${rule}; this one uses the default CA, which tries google first and falls back to ${LEGACY_CA} only if the hostname's CAA blocks google (the customer's DNS, not visible here).`,
      action: 'None, unless the customer\'s CAA permits only letsencrypt.org: then ask them to add CAA 0 issue "pki.goog".',
    };
  }
  return { verdict: "no_action", reason: `${rule}; this one uses ${facts.certificateAuthority}, not the legacy-chain CA.`, action: "None." };
}
