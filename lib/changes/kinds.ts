// The kinds of change, without zod: the Changes view's filter imports them, and zod in the browser tries
// `new Function` once (its JIT check), which the pages' CSP reports as an eval.
export const CHANGE_KINDS = [
  // The zone's http_request_firewall_managed entry point differs from the configuration its review approved.
  "drift",
  // The entry point matches its baseline again (changed back, or accepted as the new baseline through a review).
  "drift_resolved",
  // A certificate (pack, custom certificate or custom hostname) on the legacy-chain CA that the previous snapshot did not have there.
  "new_legacy_ca_certificate",
  // A custom hostname (or Total TLS) that was on another CA is on the legacy-chain CA again.
  "hostname_switched_back",
  // A legacy-chain certificate that expires within 30 days while no certificate on another CA covering its hosts is active.
  "expires_before_replacement",
] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];
