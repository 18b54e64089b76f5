// The CA a pack's certificates name in `issuer` (`LetsEncrypt`, `GoogleTrustServices`…), as the CA values the API
// uses, for a pack that gives no `certificate_authority` (optional in the SDK). Pure. Unnamed issuers stay unknown.
const ISSUER_CAS: ReadonlyArray<[RegExp, string]> = [
  [/let'?s\s*encrypt|\bisrg\b/i, "lets_encrypt"],
  [/google\s*trust\s*services|^gts\b/i, "google"],
  [/ssl\.com|^ssl\s*corp/i, "ssl_com"],
  [/digi\s*cert/i, "digicert"],
];

/** The CA value an issuer name stands for, or undefined when it names none Preflight knows. */
export function caOfIssuer(issuer: string | null | undefined): string | undefined {
  const name = issuer?.trim();
  if (!name) return undefined;
  return ISSUER_CAS.find(([pattern]) => pattern.test(name))?.[1];
}
