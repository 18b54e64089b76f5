// Rule 6: custom hostname certificates. The default CA ("") tries google first and uses the legacy-chain CA
// only if CAA blocks google, so its verdict depends on the hostname's CAA: read from the account's zones, or
// unknown when the hostname is outside all of them (a SaaS customer's own DNS).
import { unreadableCaa, type CaaFinding } from "@/lib/certificates/caa";
import { CAA_DOMAIN, LEGACY_CA } from "@/lib/certificates/chain-change";
import { uploadedHostnameCertificate } from "@/lib/certificates/hostname-certificate";
import { DATE_LINE, type CertificateFacts, type Classification } from "@/lib/certificates/verdict";

const RULE = "Rule 6: custom hostname certificates set to the legacy-chain CA are not changed automatically";
const GOOGLE = CAA_DOMAIN.google;
const LEGACY = CAA_DOMAIN[LEGACY_CA];
/** The values `ssl.certificate_authority` can take (SDK `CertificateCA`; "" is the default CA). */
const NAMED_CAS = ["digicert", "google", "lets_encrypt", "ssl_com"];

const caaWhere = (f: CaaFinding) => (f.relevantName ? `CAA on ${f.relevantName}` : "no CAA record on it or its parents");

function unknownCaa(hostname: string): string {
  return `${hostname}'s CAA is unknown: it is outside every zone of this account (the customer's DNS), which Preflight cannot read`;
}

/** `finding` is the hostname's CAA finding; undefined when its CAA cannot be read. */
export function customHostname(facts: CertificateFacts, finding: CaaFinding | undefined): Classification {
  // An uploaded certificate: rules 4 and 5 decide, never CAA, and no CA switch is offered for it.
  if (facts.uploaded) return uploadedHostnameCertificate(facts);
  const hostname = facts.hosts?.[0] ?? "this hostname";
  const ca = facts.certificateAuthority;
  // Outside the account, or a set holding a record without readable content: either way the CAA is unknown.
  const unknown = !finding ? unknownCaa(hostname) : finding.defaultCa === "unknown" ? unreadableCaa(finding) : undefined;
  if (ca === LEGACY_CA) {
    // The docs require ssl.method with a CA change; without one in the answer, Preflight sends no switch (hostname-switch.ts).
    const noMethod = facts.validationMethod?.trim()
      ? ""
      : " Its validation method (ssl.method) is not given and the PATCH must send the one it uses: read it in the dashboard first.";
    const reason = `${RULE}; this one is set to ${LEGACY_CA}, and ${DATE_LINE}.${noMethod}`;
    if (unknown || !finding) {
      return {
        verdict: "action_required",
        reason,
        action:
          `PATCH ssl.certificate_authority to "" (the default CA: google first, ${LEGACY_CA} only if CAA blocks google) or to "google". ` +
          `${unknown}: if its closest CAA set permits ${LEGACY} but not ${GOOGLE}, "" stays on ${LEGACY_CA} and "google" cannot issue, ` +
          `so ask the customer to add CAA 0 issue "${GOOGLE}" first.`,
      };
    }
    if (finding.flagged) {
      return {
        verdict: "action_required",
        reason,
        action:
          `First add ${finding.recordToAdd} (${caaWhere(finding)} does not permit ${GOOGLE}), ` +
          `then PATCH ssl.certificate_authority to "" (the default CA) or to "google".`,
      };
    }
    return {
      verdict: "action_required",
      reason,
      action: `PATCH ssl.certificate_authority to "" (the default CA: ${caaWhere(finding)} permits ${GOOGLE}, so google issues) or to "google".`,
    };
  }
  if (ca === "" || ca === null) {
    const defaultCa =
      `this one uses the default CA${ca === null ? " (no CA given)" : ""}, ` +
      `which tries google first and uses ${LEGACY_CA} only if a CAA record blocks google`;
    if (unknown || !finding) {
      return {
        verdict: "informational",
        reason: `Rule 6: ${defaultCa}. ${unknown}.`,
        action:
          `Check the CAA records of ${hostname} and, where it has none, of its closest parent that has some (e.g. dig CAA ${hostname}): ` +
          `if they permit ${LEGACY} but not ${GOOGLE}, the certificate stays on ${LEGACY_CA}; ` +
          `ask the customer to add CAA 0 issue "${GOOGLE}".`,
      };
    }
    if (finding.defaultCa === "google") {
      return {
        verdict: "no_action",
        reason: `Rule 6: ${defaultCa}; ${caaWhere(finding)} permits ${GOOGLE}, so google issues it, not the legacy-chain CA.`,
        action: "None.",
      };
    }
    if (finding.defaultCa === LEGACY_CA) {
      return {
        verdict: "action_required",
        reason: `Rule 6: ${defaultCa}; ${caaWhere(finding)} permits ${LEGACY} but not ${GOOGLE}, so it stays on ${LEGACY_CA}, and ${DATE_LINE}.`,
        action: `Add ${finding.recordToAdd} (in the zone ${finding.caaZoneName}); the next issuance then moves to google.`,
      };
    }
    return {
      verdict: "action_required",
      reason: `Rule 6: ${defaultCa}; ${caaWhere(finding)} permits neither ${GOOGLE} nor ${LEGACY}, so no certificate can be issued or renewed for it.`,
      action: `Add ${finding.recordToAdd} (in the zone ${finding.caaZoneName}).`,
    };
  }
  if (!NAMED_CAS.includes(ca)) {
    return {
      verdict: "informational",
      reason:
        `Rule 6: ssl.certificate_authority "${ca}" is not one the API names ` +
        `(${NAMED_CAS.join(", ")}, or "" for the default CA), so the rule cannot be applied.`,
      action: "Check the custom hostname's certificate authority in the dashboard.",
    };
  }
  return { verdict: "no_action", reason: `${RULE}; this one uses ${ca}, not the legacy-chain CA.`, action: "None." };
}
