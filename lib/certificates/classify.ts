// The document's rules 1–6, one verdict per certificate: no_action, action_required or informational, with a
// reason naming the rule and its dates, and the action to take; not_serving, before any rule, for a certificate
// that serves no traffic (serving-status.ts). Pure: the caller supplies CAA findings.
import { unreadableCaa, type CaaFinding } from "@/lib/certificates/caa";
import { DATES, LEGACY_CA } from "@/lib/certificates/chain-change";
import { customCertificate } from "@/lib/certificates/classify-custom-certificate";
import { customHostname } from "@/lib/certificates/classify-custom-hostname";
import { otherPack } from "@/lib/certificates/classify-other-pack";
import { servingGate, statusNote, unknownStatusFloor } from "@/lib/certificates/serving-status";
import { ALTERNATIVES, DATE_LINE, type CertificateFacts, type Classification } from "@/lib/certificates/verdict";

export type { CertificateFacts, CertificateKind, Classification, CertificateVerdict } from "@/lib/certificates/verdict";

/** CAA findings of the certificate's hosts that would keep the default CA on the legacy chain. */
function caaBlocks(caa: readonly CaaFinding[]): CaaFinding[] {
  return caa.filter((finding) => finding.flagged);
}

/** CAA findings whose relevant set holds a record Preflight cannot read: whether it permits pki.goog is unknown. */
function caaUnknown(caa: readonly CaaFinding[]): CaaFinding[] {
  return caa.filter((finding) => finding.defaultCa === "unknown");
}

function caaNote(blocked: readonly CaaFinding[], unknown: readonly CaaFinding[] = []): string {
  const first = blocked[0];
  if (!first) return unknown[0] ? ` ${unreadableCaa(unknown[0])}: check that it permits pki.goog first.` : "";
  return (
    ` First add ${first.recordToAdd} ` +
    `(CAA on ${first.relevantName ?? first.hostname} does not permit pki.goog` +
    `${blocked.length > 1 ? `; ${blocked.length} hosts affected` : ""}).`
  );
}

export function classify(facts: CertificateFacts, caa: readonly CaaFinding[] = []): Classification {
  // What the status means for serving comes first: a deleted or expired certificate is no action, whatever its CA.
  const notServing = servingGate(facts);
  const judged = notServing ?? byRule(facts, caa);
  const issuer = facts.caFromIssuer
    ? ` The pack names no CA: ${facts.certificateAuthority} was read from its certificates' issuer ("${facts.caFromIssuer}").`
    : "";
  const note = (notServing ? "" : statusNote(facts)) + issuer;
  const noted = note ? { verdict: judged.verdict, reason: judged.reason + note, action: judged.action } : judged;
  return notServing ? noted : unknownStatusFloor(facts, noted);
}

function byRule(facts: CertificateFacts, caa: readonly CaaFinding[]): Classification {
  switch (facts.kind) {
    case "universal":
      return universal(caaBlocks(caa), caaUnknown(caa));
    case "advanced":
      return managed(
        facts,
        caa,
        "Rule 2: advanced certificates where the legacy-chain CA was chosen are not changed automatically",
        "Order a replacement advanced certificate pack with " +
          ALTERNATIVES +
          " (a pack's CA cannot be edited), then delete this pack once it is active.",
      );
    case "total_tls":
      if (facts.enabledUnknown) return totalTlsUnknown(facts.certificateAuthority);
      return managed(
        facts,
        caa,
        "Rule 3: Total TLS certificates are never switched automatically",
        "Choose " +
          ALTERNATIVES +
          " as the CA in the Total TLS settings (SSL/TLS › Edge Certificates); new certificates are then issued by it.",
      );
    case "custom_certificate":
      return customCertificate(facts);
    case "custom_hostname":
      // The hostname's own finding, if its CAA could be read; flagged or not, it decides the default CA.
      return customHostname(facts, caa.find((f) => f.source === "custom_hostname") ?? caa[0]);
    case "mh_custom":
    case "managed_hostname":
    case "other_pack":
      return otherPack(facts);
  }
}

function universal(blocked: CaaFinding[], unknown: CaaFinding[]): Classification {
  const reason = `Rule 1: universal certificates are switched automatically to a more compatible CA from ${DATES.autoSwitch}, before ${DATE_LINE}.`;
  if (blocked.length === 0 && unknown.length > 0) {
    const where = unknown[0]!.relevantName ?? unknown[0]!.hostname;
    return {
      verdict: "informational",
      reason: `${reason} But ${unreadableCaa(unknown[0]!)}: if it does not permit pki.goog, it silently stays on the legacy chain.`,
      action: `Check the CAA records on ${where} (DNS › Records); if they do not permit pki.goog, add ${where}. CAA 0 issue "pki.goog".`,
    };
  }
  if (blocked.length === 0) return { verdict: "no_action", reason, action: "None." };
  const outcome =
    blocked[0]!.defaultCa === "none"
      ? "no CA may renew it (letsencrypt.org is not permitted either)"
      : "it silently stays on the legacy chain";
  return {
    verdict: "action_required",
    reason: `${reason} But CAA on ${blocked[0]!.relevantName ?? blocked[0]!.hostname} does not permit pki.goog, so ${outcome}.`,
    action: `Add ${blocked[0]!.recordToAdd}; the next renewal then moves to the more compatible CA.`,
  };
}

function managed(facts: CertificateFacts, caa: readonly CaaFinding[], rule: string, action: string): Classification {
  const [blocked, unknown] = [caaBlocks(caa), caaUnknown(caa)];
  if (!facts.certificateAuthority) {
    return {
      verdict: "informational",
      reason: `${rule}; the platform names no CA for this one, so it cannot be told whether it uses the legacy-chain CA.`,
      action: "Check the certificate's CA in the dashboard (SSL/TLS › Edge Certificates).",
    };
  }
  if (facts.certificateAuthority !== LEGACY_CA) {
    return {
      verdict: "no_action",
      reason:
        `${rule}; this one is issued by ${facts.certificateAuthority}, not the legacy-chain CA, ` +
        `so the ${DATES.rebundle} and ${DATES.crossSignExpiry} changes do not affect it.`,
      action: "None.",
    };
  }
  return {
    verdict: "action_required",
    reason: `${rule}; it uses ${LEGACY_CA}, and ${DATE_LINE}: clients without the self-signed root fail.`,
    action: action + caaNote(blocked, unknown),
  };
}

/** The Total TLS setting answered without `enabled`: on or off is unknown, so only a CA other than the legacy one settles it. */
function totalTlsUnknown(ca: string | null): Classification {
  const unknown =
    "Rule 3: Total TLS certificates are never switched automatically; " +
    "the Total TLS setting answered without `enabled`, so whether it issues certificates for this zone is unknown";
  if (ca && ca !== LEGACY_CA)
    return {
      verdict: "no_action",
      reason:
        `${unknown}, but its CA is ${ca}, not the legacy-chain CA: ` +
        `on or off, the ${DATES.rebundle} and ${DATES.crossSignExpiry} changes do not affect it.`,
      action: "None.",
    };
  return {
    verdict: "informational",
    reason: `${unknown}; ${ca ? `its CA is ${LEGACY_CA}, and ${DATE_LINE}` : "and it names no CA"}.`,
    action: `Check Total TLS in SSL/TLS › Edge Certificates: if it is on${ca ? "" : " with " + LEGACY_CA}, choose ${ALTERNATIVES} as its CA.`,
  };
}
