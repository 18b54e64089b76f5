// Diagnostic (`npx tsx --conditions=react-server tests/bench/diagnose/calls-per-zone.ts`): the full scan
// (migration, then certificates) of the 240-zone sandbox through the library, with calls per zone by operation
// before the skips, now, and necessary (tests/bench/lib/necessary-calls.ts), and calls ÷ necessary calls.
import { randomBytes } from "node:crypto";
import { auditCertificates } from "@/lib/certificates/audit";
import { scanAccount } from "@/lib/migration/scan-account";
import { PlatformClient } from "@/lib/platform/client";
import { RateLimiter } from "@/lib/platform/rate-limiter";
import { Scheduler } from "@/lib/platform/scheduler";
import { startSandbox } from "@/lib/dev/sandbox/server";
import { BEFORE_SKIPS, callsTable } from "../lib/call-log";
import { necessaryCalls } from "../lib/necessary-calls";

const token = randomBytes(16).toString("hex");
const sandbox = await startSandbox({ apiToken: token, accounts: "security", rateLimit: null });
const client = () =>
  new PlatformClient(
    sandbox.apiBaseUrl,
    { kind: "token", token },
    new Scheduler({ limiter: new RateLimiter({ requests: 1e6, windowSeconds: 60 }), subrequestBudget: 1000, timeoutMs: 10_000 }),
  );
try {
  let cursor: string | undefined;
  do cursor = (await scanAccount(client(), { cursor, refresh: cursor === undefined })).cursor;
  while (cursor);
  do cursor = (await auditCertificates(client(), { cursor, refresh: cursor === undefined })).cursor;
  while (cursor);
  const calls = sandbox.calls();
  const necessary = await necessaryCalls(sandbox.apiBaseUrl, token);
  for (const line of callsTable(calls, necessary, sandbox.state.zones.length)) console.log(line);
  const was =
    sandbox.state.zones.length === BEFORE_SKIPS.zones
      ? `; was ${BEFORE_SKIPS.total} ÷ ${necessary.length} = ${(BEFORE_SKIPS.total / necessary.length).toFixed(3)} before the skips`
      : "";
  console.log(
    `calls ÷ necessary calls: ${calls.length} ÷ ${necessary.length} = ${(calls.length / necessary.length).toFixed(3)} (budget ≤ 1.05)${was}`,
  );
} finally {
  await sandbox.close();
}
