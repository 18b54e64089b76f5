// Diagnostic (`npx tsx --conditions=react-server tests/bench/diagnose/scan-outputs.ts OUT.json [REFERENCE.json]`):
// everything the full scan of the seeded 240-zone sandbox shows, as JSON: every zone's row and detail, its
// full evidence (what a review freezes) and the certificate audit's answer. With a reference file, says
// whether the outputs are identical and where they first differ: a change that skips calls must leave them so.
import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { auditCertificates } from "@/lib/certificates/audit";
import type { CertificatesPage } from "@/lib/certificates/types";
import { scanAccount } from "@/lib/migration/scan-account";
import { scanZoneEvidence } from "@/lib/migration/scan-zone";
import { zoneMigrationDetail } from "@/lib/migration/zone-detail";
import type { MigrationRow } from "@/lib/migration/zone-assessment";
import { PlatformClient } from "@/lib/platform/client";
import { RateLimiter } from "@/lib/platform/rate-limiter";
import { Scheduler } from "@/lib/platform/scheduler";
import { startSandbox } from "@/lib/dev/sandbox/server";

const [out, reference] = process.argv.slice(2);
if (!out) throw new Error("usage: scan-outputs.ts OUT.json [REFERENCE.json]");
const token = randomBytes(16).toString("hex");
const sandbox = await startSandbox({ apiToken: token, accounts: "security", rateLimit: null });
const client = () =>
  new PlatformClient(
    sandbox.apiBaseUrl,
    { kind: "token", token },
    new Scheduler({ limiter: new RateLimiter({ requests: 1e6, windowSeconds: 60 }), subrequestBudget: 1000, timeoutMs: 10_000 }),
  );
/** Times of reading are not what a scan shows about the account. */
const timeless = (value: unknown) =>
  JSON.parse(JSON.stringify(value, (key, v: unknown) => (key === "fetchedAt" ? undefined : v))) as unknown;
try {
  const rows: MigrationRow[] = [];
  let cursor: string | undefined;
  do {
    const answer = await scanAccount(client(), { cursor, refresh: cursor === undefined });
    rows.push(...answer.zones);
    cursor = answer.cursor;
  } while (cursor);
  const scanCalls = sandbox.calls().length;
  const certificates: Omit<CertificatesPage, "fetchedAt" | "complete" | "cursor">[] = [];
  do {
    const page = await auditCertificates(client(), { cursor, refresh: cursor === undefined });
    certificates.push({ certificates: page.certificates, caa: page.caa, zones: page.zones, totalZones: page.totalZones });
    cursor = page.cursor;
  } while (cursor);
  const auditCalls = sandbox.calls().length - scanCalls;
  const details = [];
  for (const row of rows) details.push(await zoneMigrationDetail(client(), row.id, false));
  const detailCalls = sandbox.calls().length - scanCalls - auditCalls;
  const evidence = [];
  for (const row of rows) evidence.push({ zoneId: row.id, evidence: await scanZoneEvidence(client(), row.id) });
  const outputs = timeless({
    rows,
    details,
    evidence,
    certificates: {
      certificates: certificates.flatMap((p) => p.certificates),
      caa: certificates.flatMap((p) => p.caa),
      zones: certificates.flatMap((p) => p.zones),
      totalZones: certificates.at(-1)?.totalZones,
    },
  });
  writeFileSync(out, JSON.stringify(outputs, null, 1));
  console.log(
    `${rows.length} zones: scan ${scanCalls} calls, audit ${auditCalls}, details from the cache ${detailCalls}; outputs in ${out}`,
  );
  if (reference) {
    const expected = JSON.parse(readFileSync(reference, "utf8")) as unknown;
    const difference = firstDifference(expected, outputs, "");
    console.log(difference === undefined ? `identical to ${reference}` : `DIFFERENT from ${reference} at ${difference}`);
    if (difference !== undefined) process.exitCode = 1;
  }
} finally {
  await sandbox.close();
}

function firstDifference(a: unknown, b: unknown, path: string): string | undefined {
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null)
    return Object.is(a, b) ? undefined : `${path}: ${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  if (Array.isArray(a) !== Array.isArray(b)) return `${path}: array ≠ object`;
  for (const key of keys) {
    const found = firstDifference((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], `${path}/${key}`);
    if (found !== undefined) return found;
  }
  return undefined;
}
