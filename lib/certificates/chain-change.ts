// The certificate chain change, as the platform document states it: the CAs, the dates, who is affected.

export const LEGACY_CA = "lets_encrypt";
/** The alternatives to the legacy-chain CA; `google` is the one the default CA tries first. */
export const ALTERNATIVE_CAS = ["google", "ssl_com"] as const;

/** The issuer domain each CA checks for in CAA records (RFC 8659 `issue` / `issuewild` values). */
export const CAA_DOMAIN: Record<string, string> = {
  lets_encrypt: "letsencrypt.org",
  google: "pki.goog",
  ssl_com: "ssl.com",
  digicert: "digicert.com",
};

export const DATES = {
  /** Managed certificates not pinned to the legacy-chain CA start moving to another CA. */
  autoSwitch: "June 2024",
  /** The cross-signed chain is no longer used in issuance or bundling. */
  rebundle: "2024-09-09",
  /** The cross-signed chain expires. */
  crossSignExpiry: "2024-09-30",
} as const;

export const REBUNDLE_MS = Date.UTC(2024, 8, 9);
/** "After 2024-09-30" means from 2024-10-01 00:00 UTC: an upload on the 30th is on the expiry day, not after it. */
export const AFTER_CROSS_SIGN_EXPIRY_MS = Date.UTC(2024, 9, 1);

export const AFFECTED_CLIENTS =
  "Older mobile operating systems (7.0 and earlier) and systems whose trust store lacks the self-signed root (ISRG Root X1).";

/**
 * Bundle methods in both vocabularies. The API answers `ubiquitous`, `optimal`, `force` (api-schemas
 * `tls-certificates-and-hostnames_bundle_method`, SDK `BundleMethod`); the document and the dashboard say
 * Compatible, Modern, User-defined. cloudflare-docs ssl/edge-certificates/custom-certificates/
 * bundling-methodologies.mdx: Compatible is `ubiquitous`, Modern is `optimal`, User-defined is `force`.
 */
export type BundleName = "compatible" | "modern" | "user-defined";
export const BUNDLE_METHODS: Record<BundleName, { api: string; aliases: readonly string[] }> = {
  compatible: { api: "ubiquitous", aliases: ["ubiquitous", "compatible"] },
  modern: { api: "optimal", aliases: ["optimal", "modern"] },
  "user-defined": { api: "force", aliases: ["force", "user-defined", "user_defined", "userdefined", "user defined"] },
};
/** The schema's default (`ubiquitous`): a certificate without a bundle method is bundled as compatible. */
export const DEFAULT_BUNDLE: BundleName = "compatible";

/** Every spelling either vocabulary uses, for messages that list them. */
export const KNOWN_BUNDLE_SPELLINGS: readonly string[] = Object.values(BUNDLE_METHODS).flatMap((m) => m.aliases);

/** The document's name for a bundle method in either vocabulary; undefined when it is neither. */
export function bundleName(method: string | null | undefined): BundleName | undefined {
  const value = (method ?? "").trim().toLowerCase();
  if (value === "") return DEFAULT_BUNDLE;
  return (Object.keys(BUNDLE_METHODS) as BundleName[]).find((name) => BUNDLE_METHODS[name].aliases.includes(value));
}
