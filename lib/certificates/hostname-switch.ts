// The exact PATCH calls that move custom hostnames off the legacy-chain CA: exported for a person to check,
// and planned into a switch_hostname_ca review (lib/reviews/plan.ts), the only way they are ever sent.
import { servingStatus } from "@/lib/certificates/serving-status";
import type { CertificateRow } from "@/lib/certificates/types";
import { IDENTIFIER, UUID_IDENTIFIER } from "@/lib/platform/paths";

export type SwitchTarget = "" | "google" | "ssl_com";

export interface PatchCall {
  method: "PATCH";
  path: string;
  body: { ssl: { method: string; type: "dv"; certificate_authority: SwitchTarget } };
  /** For the reviewer: which hostname this call switches, and from which CA. */
  hostname: string;
  from: string | null;
}

/** A custom hostname the audit found on the legacy-chain CA (a switch is its remedy, if it can be sent). */
export function isLegacyHostname(row: CertificateRow): boolean {
  return row.kind === "custom_hostname" && row.certificateAuthority === "lets_encrypt";
}

/**
 * Why a legacy-chain custom hostname's switch cannot be built; undefined when it can. The docs' "Change
 * certificate authority" (cloudflare-for-saas issue-certificates.mdx) require ssl.method and ssl.type with the
 * CA ("omitting type or method returns an error"): a hostname whose answer gives no method is never sent one
 * Preflight chose, since that would change how it is validated.
 */
export function switchRefusal(row: CertificateRow): string | undefined {
  const name = row.hosts[0] ?? row.id;
  if (!UUID_IDENTIFIER.test(row.id) || !IDENTIFIER.test(row.zoneId)) return `${name}: its identifiers are not the platform's`;
  if (!row.validationMethod?.trim())
    return (
      `${name}: the platform gave no validation method (ssl.method), and a CA change must send the one it uses; ` +
      `Preflight does not choose one for it (that would change how it is validated): read it in the dashboard and switch it there`
    );
  return undefined;
}

/**
 * A selected hostname that serves no traffic (moved, deleted, a timed-out certificate), in words, as a refusal:
 * a PATCH would revive it, so it is never switched, and never left out of a review unsaid.
 */
export function notServingRefusal(row: CertificateRow, hostnameStatus: string | null): string | undefined {
  if (row.kind !== "custom_hostname" || row.verdict !== "not_serving") return undefined;
  const status = servingStatus({ ...row, hostnameStatus });
  return `${row.hosts[0] ?? row.id}: ${status?.words.split(":")[0] ?? "not serving"}: not switched`;
}

export function isSwitchable(row: CertificateRow): boolean {
  // A PATCH sets a moved or deleted hostname back to pending validation (docs): never revive one to switch it.
  return isLegacyHostname(row) && row.verdict !== "not_serving" && switchRefusal(row) === undefined;
}

export function switchCalls(rows: readonly CertificateRow[], target: SwitchTarget): PatchCall[] {
  return rows.flatMap((row) => {
    const method = row.validationMethod;
    if (!isSwitchable(row) || !method) return [];
    // ssl.method goes back as read; "dv" is the only type the API takes (the docs' note under the same section).
    const body = { ssl: { method, type: "dv" as const, certificate_authority: target } };
    return [
      {
        method: "PATCH" as const,
        path: `/zones/${row.zoneId}/custom_hostnames/${row.id}`,
        body,
        hostname: row.hosts[0] ?? "",
        from: row.certificateAuthority,
      },
    ];
  });
}

/** Upstream text in a comment line: a line break in it would start a command of its own. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const commentText = (text: string | null) => String(text).replace(/[\u0000-\u001f\u007f\u2028\u2029]/g, " ");
/** One single-quoted shell word, whatever the text holds (a `'` ends the quote, is escaped, and reopens it). */
const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** The same calls as a shell script; the token is read from the environment, never written into the file. */
export function switchScript(calls: readonly PatchCall[]): string {
  const lines = calls.map(
    (call) =>
      `# ${commentText(call.hostname)}: ${commentText(call.from)} → ` +
      `${call.body.ssl.certificate_authority === "" ? '"" (default CA)' : call.body.ssl.certificate_authority}\n` +
      `curl -sS -X PATCH "$CLOUDFLARE_API_BASE_URL${call.path}" -H "Authorization: Bearer $CLOUDFLARE_API_TOKEN" ` +
      `-H "Content-Type: application/json" --data ${shellQuote(JSON.stringify(call.body))}`,
  );
  return (
    `#!/bin/sh\n# ${calls.length} custom hostname CA switches, exported by Preflight for review.\nset -eu\n` +
    `: "\${CLOUDFLARE_API_BASE_URL:=https://api.cloudflare.com/client/v4}"\n${lines.join("\n")}\n`
  );
}
