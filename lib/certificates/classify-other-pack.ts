// Pack types without a rule of their own (mh_custom, managed_hostname, and any type the API adds): a row that
// says what is known of them, never "fine" where it is unknown. Their custom hostnames have rows of their own.
import { LEGACY_CA } from "@/lib/certificates/chain-change";
import { DATE_LINE, type CertificateFacts, type Classification } from "@/lib/certificates/verdict";

function hostnamesNote(facts: CertificateFacts): string {
  const names = facts.customHostnames ?? [];
  if (names.length === 0) return "";
  const shown = names.slice(0, 3).join(", ") + (names.length > 3 ? ` and ${names.length - 3} more` : "");
  return ` Its hosts are custom hostnames of this zone (${shown}): their own rows carry their verdicts.`;
}

export function otherPack(facts: CertificateFacts): Classification {
  const type = `A certificate pack of type ${facts.packType ?? facts.kind}, which Preflight has no rule of its own for`;
  const ca = facts.certificateAuthority;
  const hostnames = hostnamesNote(facts);
  if (ca && ca !== LEGACY_CA)
    return { verdict: "no_action", reason: `${type}; it is issued by ${ca}, not the legacy-chain CA.${hostnames}`, action: "None." };
  const check = "Check this certificate pack in the dashboard (SSL/TLS › Edge Certificates)";
  if (!ca)
    return {
      verdict: "informational",
      reason: `${type}; it names no CA, and no issuer Preflight can read, so whether it uses the legacy-chain CA is unknown.${hostnames}`,
      action: `${check}: if it is issued by ${LEGACY_CA}, see that its hostnames are served by another CA.`,
    };
  return {
    verdict: "informational",
    reason: `${type}; it uses ${LEGACY_CA}, and ${DATE_LINE}.${hostnames}`,
    action: hostnames
      ? "See its custom hostnames' rows (SSL/TLS › Custom Hostnames) for what to do."
      : `${check}: replace it with a certificate from another CA if its hosts serve affected clients.`,
  };
}
