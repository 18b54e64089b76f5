// Every reason the certificate classification can give, read against its input: the classifier is driven over
// a cross-product of kinds × CAs × bundle methods (both vocabularies, unknown, absent) × upload dates ×
// issuers × CAA outcomes (including unknown), and each answer must agree with what it was given. Statuses
// are not an input of the classification (a row's status is shown beside its verdict), so they add nothing here.
import { describe, expect, it } from "vitest";
import type { CaaFinding } from "@/lib/certificates/caa";
import { AFTER_CROSS_SIGN_EXPIRY_MS, bundleName, KNOWN_BUNDLE_SPELLINGS, LEGACY_CA, REBUNDLE_MS } from "@/lib/certificates/chain-change";
import { classify, type CertificateFacts, type CertificateKind } from "@/lib/certificates/classify";

const KINDS: CertificateKind[] = ["universal", "advanced", "total_tls", "custom_certificate", "custom_hostname"];
const CAS = ["lets_encrypt", "google", "ssl_com", "digicert", "", null, "weird_ca"];
const METHODS = [
  "ubiquitous",
  "optimal",
  "force",
  "compatible",
  "modern",
  "user-defined",
  "User-Defined",
  "FORCE",
  "",
  null,
  "bespoke",
  "modernish",
];
const DATES = [
  null,
  "not a date",
  "2023-05-01T10:00:00.123456Z",
  "2024-09-08T23:59:59.999999Z",
  "2024-09-09T00:00:00Z",
  "2024-09-09T01:00:00+02:00",
  "2024-09-20T12:00:00.000000Z",
  "2024-09-30T23:59:59Z",
  "2024-10-01T00:00:00Z",
  "2024-10-01T01:00:00+03:00",
  "2025-03-01T00:00:00Z",
];
const ISSUERS = ["LetsEncrypt", "DigiCertInc", null, ""];
const finding = (over: Partial<CaaFinding>): CaaFinding => ({
  zoneId: "z",
  zoneName: "example.com",
  hostname: "a.example.com",
  relevantName: "example.com",
  records: [],
  permitsLegacy: true,
  permitsGoogle: true,
  permitsSslCom: true,
  defaultCa: "google",
  flagged: false,
  recordToAdd: null,
  source: "custom_hostname",
  caaZoneName: "example.com",
  ...over,
});
const CAA: Array<{ name: string; findings: CaaFinding[] }> = [
  { name: "unknown or none", findings: [] },
  { name: "permits google", findings: [finding({ records: ['0 issue "pki.goog"'] })] },
  { name: "no CAA applies", findings: [finding({ relevantName: null })] },
  {
    name: "only letsencrypt.org",
    findings: [
      finding({
        permitsGoogle: false,
        permitsSslCom: false,
        defaultCa: "lets_encrypt",
        flagged: true,
        recordToAdd: 'example.com. CAA 0 issue "pki.goog"',
      }),
    ],
  },
  {
    name: "no CA",
    findings: [
      finding({
        permitsGoogle: false,
        permitsSslCom: false,
        permitsLegacy: false,
        defaultCa: "none",
        flagged: true,
        recordToAdd: 'example.com. CAA 0 issue "pki.goog"',
      }),
    ],
  },
];

interface Case {
  facts: CertificateFacts;
  caa: (typeof CAA)[number];
}

function* cases(): Generator<Case> {
  for (const kind of KINDS)
    for (const certificateAuthority of CAS)
      for (const bundleMethod of METHODS)
        for (const uploadedOn of DATES)
          for (const issuer of ISSUERS)
            for (const caa of CAA)
              yield {
                facts: {
                  kind,
                  certificateAuthority,
                  bundleMethod,
                  uploadedOn,
                  expiresOn: "2025-01-01T00:00:00.000000Z",
                  issuer,
                  hosts: ["a.example.com"],
                },
                caa,
              };
}

const DAY = 86_400_000;
/** What "uploaded D, <relation> B" must mean for the upload time in ms. */
function relationHolds(ms: number, relation: string, boundary: string): boolean {
  const b = Date.parse(`${boundary}T00:00:00Z`);
  if (relation === "before") return ms < b;
  if (relation === "on or after") return ms >= b;
  if (relation === "after") return ms >= b + DAY;
  if (relation === "on or before") return ms < b + DAY;
  throw new Error(`unknown relation ${relation}`);
}

/** Every contradiction found in one answer, in words (empty: consistent). */
function contradictions({ facts, caa }: Case, verdict: string, reason: string, action: string): string[] {
  const out: string[] = [];
  const text = `${reason} ${action}`;
  if (!["no_action", "action_required", "informational"].includes(verdict)) out.push(`verdict ${verdict}`);
  if (reason.trim().length < 20 || action.trim().length === 0) out.push("empty reason or action");
  if (/\bundefined\b|\bNaN\b|Invalid Date|\[object|\bnull\b/.test(text)) out.push("a placeholder leaked");
  if ((verdict === "no_action") !== (action === "None.")) out.push("no_action and the action 'None.' go together");
  // "X" is not one / is neither …(list)…: the list must not hold X.
  for (const m of reason.matchAll(/"([^"]*)" is (?:not one|neither)([^.]*)/g)) {
    const listed = [...m[2]!.matchAll(/\(([^)]*)\)/g)]
      .flatMap((l) => l[1]!.split(/,\s*|\s+or\s+/))
      .map((v) => v.trim().replace(/^"|"$/g, ""));
    if (listed.includes(m[1]!) || listed.includes(m[1]!.toLowerCase())) out.push(`says "${m[1]}" is not in a list that holds it`);
  }
  // Dates: "uploaded D, <relation> B" must hold for the input's instant, and D must be its UTC day.
  const dated = /uploaded (\d{4}-\d{2}-\d{2}), (before|on or after|after|on or before) (\d{4}-\d{2}-\d{2})/.exec(reason);
  if (dated) {
    const ms = Date.parse(facts.uploadedOn ?? "");
    if (Number.isNaN(ms)) out.push("dates an upload that has no readable date");
    else {
      if (new Date(ms).toISOString().slice(0, 10) !== dated[1]) out.push(`shows the upload day ${dated[1]}`);
      if (!relationHolds(ms, dated[2]!, dated[3]!)) out.push(`says ${dated[2]} ${dated[3]}`);
    }
  }
  // Bundle rules: rule 4 for compatible/modern only, rule 5 for user-defined only, and the method named is the input's.
  const name = bundleName(facts.bundleMethod);
  if (/^Rule 4/.test(reason) && name !== "compatible" && name !== "modern") out.push("rule 4 for another bundle");
  if (/^Rule 5/.test(reason) && name !== "user-defined") out.push("rule 5 for another bundle");
  const named = /(compatible|modern|user-defined) bundle \(([^):]+)\)/.exec(reason);
  if (named && (named[1] !== name || named[2] !== facts.bundleMethod?.trim())) out.push(`names the bundle ${named[0]}`);
  if (/neither an API value/.test(reason) && KNOWN_BUNDLE_SPELLINGS.includes((facts.bundleMethod ?? "").toLowerCase()))
    out.push("calls a known method unknown");
  // CAs.
  const legacy = facts.certificateAuthority === LEGACY_CA;
  if (/(?:set to|it uses) lets_encrypt/.test(reason) && !legacy) out.push("claims the legacy CA");
  if (/this one (?:uses|is issued by) [a-z_]+, not the legacy-chain CA/.test(reason) && legacy) out.push("denies the legacy CA");
  const issued = /^Issued by (.*), not the legacy-chain CA/.exec(reason);
  if (issued && issued[1] !== facts.issuer) out.push("names another issuer");
  // CAA: what the reason says the set permits must be what the finding says.
  const f = caa.findings[0];
  if (/permits pki\.goog/.test(reason) && !f?.permitsGoogle) out.push("says CAA permits pki.goog");
  if (/(?:does not permit|but not|neither) pki\.goog/.test(text) && f?.permitsGoogle) out.push("says CAA blocks pki.goog");
  if (/permits letsencrypt\.org/.test(reason) && !f?.permitsLegacy) out.push("says CAA permits letsencrypt.org");
  // Rule 6 on the default CA: unknown CAA is never "no action".
  if (facts.kind === "custom_hostname" && !facts.certificateAuthority && caa.findings.length === 0) {
    if (verdict === "no_action") out.push("no action on a default-CA hostname whose CAA is unknown");
    if (!/CAA is unknown/.test(reason)) out.push("does not say the CAA is unknown");
  }
  // Custom certificates: their dates decide, never the rule-less fallback for a known method with a date.
  if (
    facts.kind === "custom_certificate" &&
    name &&
    !Number.isNaN(Date.parse(facts.uploadedOn ?? "")) &&
    !/DigiCertInc/.test(facts.issuer ?? "")
  ) {
    const ms = Date.parse(facts.uploadedOn!);
    const expected =
      name === "user-defined"
        ? ms >= AFTER_CROSS_SIGN_EXPIRY_MS
          ? "informational"
          : "action_required"
        : ms < REBUNDLE_MS
          ? "informational"
          : "action_required";
    if (verdict !== expected) out.push(`verdict ${verdict}, the rule gives ${expected}`);
  }
  return out;
}

describe("every certificate reason agrees with its input", () => {
  it("holds over the whole cross-product, and every rule is reached", () => {
    const templates = new Map<string, string>();
    const failures: string[] = [];
    let count = 0;
    for (const c of cases()) {
      const { verdict, reason, action } = classify(c.facts, c.caa.findings);
      count++;
      for (const problem of contradictions(c, verdict, reason, action)) {
        if (failures.length < 20)
          failures.push(`${problem}: ${JSON.stringify(c.facts)} CAA ${c.caa.name} → ${verdict}: ${reason} | ${action}`);
      }
      // The reason with its values blanked: how many different things Preflight can say.
      templates.set(
        reason
          .replace(/"[^"]*"/g, '"…"')
          .replace(/\d{4}-\d{2}-\d{2}/g, "D")
          .replace(/\([^)]*\)/g, "(…)"),
        verdict,
      );
    }
    expect(failures).toEqual([]);
    expect(count).toBe(KINDS.length * CAS.length * METHODS.length * DATES.length * ISSUERS.length * CAA.length);
    const all = [...templates.keys()].join("\n");
    for (const rule of [
      "Rule 1",
      "Rule 2",
      "Rule 3",
      "Rule 4",
      "Rule 5",
      "Rule 6",
      "Issued by",
      "neither an API value",
      "no readable upload date",
      "CAA is unknown",
      "names no CA",
      "is not one the API names",
    ]) {
      expect(all).toContain(rule);
    }
    expect(templates.size).toBeGreaterThan(25);
  });

  it("the contradiction check can fail: it catches the reason issue #19 quoted", () => {
    const quoted = 'Bundle method "compatible" is not one the rules name (compatible, modern, user-defined).';
    const c: Case = {
      facts: {
        kind: "custom_certificate",
        certificateAuthority: null,
        bundleMethod: "compatible",
        uploadedOn: "2024-09-01T00:00:00Z",
        expiresOn: null,
        issuer: "LetsEncrypt",
      },
      caa: CAA[0]!,
    };
    expect(contradictions(c, "informational", quoted, "Check the certificate's bundle by hand.")).toContain(
      'says "compatible" is not in a list that holds it',
    );
    expect(
      contradictions(
        c,
        "action_required",
        "Rule 4: compatible bundle (compatible) uploaded 2024-09-01, on or after 2024-09-09: x.",
        "Replace it.",
      ),
    ).toContain("says on or after 2024-09-09");
  });
});
