// Diagnostic (`npx tsx --conditions=react-server tests/bench/diagnose/calls-per-zone.ts`): the full scan
// (migration, then certificates) of the 240-zone sandbox through the library, with calls per zone by operation.
import { randomBytes } from "node:crypto";
import { auditCertificates } from "@/lib/certificates/audit";
import { scanAccount } from "@/lib/migration/scan-account";
import { PlatformClient } from "@/lib/platform/client";
import { RateLimiter } from "@/lib/platform/rate-limiter";
import { Scheduler } from "@/lib/platform/scheduler";
import { startSandbox } from "@/lib/dev/sandbox/server";
import { callsPerZone } from "../lib/call-log";

const token = randomBytes(16).toString("hex");
const sandbox = await startSandbox({ apiToken: token, rateLimit: null });
const client = () =>
  new PlatformClient(sandbox.apiBaseUrl, { kind: "token", token }, new Scheduler({ limiter: new RateLimiter({ requests: 1e6, windowSeconds: 60 }), subrequestBudget: 1000, timeoutMs: 10_000 }));
try {
  let cursor: string | undefined;
  do cursor = (await scanAccount(client(), { cursor, refresh: cursor === undefined })).cursor;
  while (cursor);
  do cursor = (await auditCertificates(client(), { cursor, refresh: cursor === undefined })).cursor;
  while (cursor);
  for (const line of callsPerZone(sandbox.calls(), sandbox.state.zones.length)) console.log(line);
} finally {
  await sandbox.close();
}
