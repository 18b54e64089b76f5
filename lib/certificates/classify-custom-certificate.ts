// Rules 4 and 5: custom certificates by bundle method (either vocabulary) and upload date.
import {
  AFTER_CROSS_SIGN_EXPIRY_MS,
  bundleName,
  BUNDLE_METHODS,
  DATES,
  REBUNDLE_MS,
  type BundleName,
} from "@/lib/certificates/chain-change";
import { ALTERNATIVES, utcDay, type CertificateFacts, type Classification } from "@/lib/certificates/verdict";

const API_VALUES = Object.values(BUNDLE_METHODS)
  .map((m) => m.api)
  .join(", ");
const DOCUMENT_NAMES = Object.keys(BUNDLE_METHODS).join(", ");

function isLegacyIssuer(issuer: string | null | undefined): boolean {
  return issuer == null || issuer.trim() === "" || /let'?s\s*encrypt|isrg/i.test(issuer);
}

/** How the certificate names its bundle: `compatible bundle (ubiquitous)`, or the default when none is given. */
function bundleWords(name: BundleName, method: string | null): string {
  const given = (method ?? "").trim();
  return given ? `${name} bundle (${given})` : `${name} bundle (no bundle method given: the API's default, ${BUNDLE_METHODS[name].api})`;
}

export function customCertificate(facts: CertificateFacts): Classification {
  if (!isLegacyIssuer(facts.issuer)) {
    return {
      verdict: "no_action",
      reason: `Issued by ${facts.issuer}, not the legacy-chain CA: the ${DATES.rebundle} and ${DATES.crossSignExpiry} changes do not apply.`,
      action: "None.",
    };
  }
  const issuerNote = facts.issuer?.trim() ? "" : " The issuer is not given, so it is treated as the legacy-chain CA.";
  const name = bundleName(facts.bundleMethod);
  if (!name) {
    return {
      verdict: "informational",
      reason:
        `Bundle method "${facts.bundleMethod}" is neither an API value (${API_VALUES}) nor a name the document uses ` +
        `(${DOCUMENT_NAMES}): rules 4 and 5 cannot be applied.${issuerNote}`,
      action: "Check the certificate's bundle method and served chain by hand (the chain inspector reads a PEM bundle).",
    };
  }
  const rule = name === "user-defined" ? "Rule 5" : "Rule 4";
  const bundle = bundleWords(name, facts.bundleMethod);
  const uploadedMs = facts.uploadedOn ? Date.parse(facts.uploadedOn) : Number.NaN;
  if (Number.isNaN(uploadedMs)) {
    const boundary = name === "user-defined" ? `after ${DATES.crossSignExpiry}` : `before ${DATES.rebundle}`;
    return {
      verdict: "informational",
      reason:
        `${rule}: ${bundle} with no readable upload date (${facts.uploadedOn ?? "none given"}), so it cannot be told ` +
        `whether it was uploaded ${boundary}, which the rule depends on.${issuerNote}`,
      action: "Check the certificate's upload date in the dashboard, or its served chain in the chain inspector.",
    };
  }
  const uploaded = utcDay(uploadedMs);
  const expires = facts.expiresOn ? `on ${facts.expiresOn.slice(0, 10)}` : "(expiry date not given)";
  if (name !== "user-defined") {
    if (uploadedMs < REBUNDLE_MS) {
      return {
        verdict: "informational",
        reason:
          `Rule 4: ${bundle} uploaded ${uploaded}, before ${DATES.rebundle}: the cross-signed chain is served ` +
          `until the certificate expires ${expires} (the cross-signed chain itself expired ${DATES.crossSignExpiry}).${issuerNote}`,
        action:
          `Nothing changes before expiry. Upload its replacement from ${ALTERNATIVES} if hostnames serve affected clients: ` +
          `a new upload is bundled with the self-signed chain.`,
      };
    }
    return {
      verdict: "action_required",
      reason:
        `Rule 4: ${bundle} uploaded ${uploaded}, on or after ${DATES.rebundle}: bundled with the self-signed chain only, ` +
        `so affected clients fail now.${issuerNote}`,
      action:
        `Replace it with a certificate from ${ALTERNATIVES} if its hostnames serve ` +
        `operating systems 7.0 and earlier or trust stores without the self-signed root.`,
    };
  }
  if (uploadedMs >= AFTER_CROSS_SIGN_EXPIRY_MS) {
    return {
      verdict: "informational",
      reason:
        `Rule 5: ${bundle} uploaded ${uploaded}, after ${DATES.crossSignExpiry}: the uploaded chain is always served ` +
        `and should not contain the cross-signed chain.${issuerNote}`,
      action:
        "Check the uploaded chain in the chain inspector; re-upload without ISRG Root X1 cross-signed by DST Root CA X3 if it is there.",
    };
  }
  return {
    verdict: "action_required",
    reason:
      `Rule 5: ${bundle} uploaded ${uploaded}, on or before ${DATES.crossSignExpiry}: the uploaded chain is always served, ` +
      `and a cross-signed chain in it expired ${DATES.crossSignExpiry}.${issuerNote}`,
    action: "Inspect the uploaded chain in the chain inspector and re-upload it without the expired cross-signed certificate.",
  };
}
