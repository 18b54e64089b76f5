// A sandbox over HTTP, Miniflare's bucket in a temp folder, and a fresh platform client per "server
// request" (its own budget, 6 slots and request id): the pieces the server uses, without Next between.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PlatformClient } from "@/lib/platform/client";
import { RateLimiter } from "@/lib/platform/rate-limiter";
import { Scheduler } from "@/lib/platform/scheduler";
import { startSandbox, type RunningSandbox, type SandboxOptions } from "@/lib/dev/sandbox/server";
import type { Bucket } from "@/lib/storage/bucket";
import { closeLocalBucket, openLocalBucket } from "@/lib/storage/local-bucket";

export const TOKEN = "snapshot-harness-token-0123456789";

export interface RequestUsage {
  request: string;
  calls: number;
  peakInFlight: number;
}

export async function startSnapshotHarness(sandboxOptions: Partial<SandboxOptions> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), "preflight-snapshots-"));
  const sandbox: RunningSandbox = await startSandbox({ port: 0, apiToken: TOKEN, rateLimit: null, ...sandboxOptions });
  const bucket: Bucket = await openLocalBucket(dataDir);
  const limiter = new RateLimiter({ requests: 10_000_000, windowSeconds: 300 });
  let requests = 0;
  return {
    sandbox,
    bucket,
    /** One server request's platform: a fresh Scheduler with this budget, tagged with its own id. */
    platform: (budget: number) =>
      new PlatformClient(
        sandbox.apiBaseUrl,
        { kind: "token", token: TOKEN },
        new Scheduler({ limiter, subrequestBudget: budget, timeoutMs: 30_000, requestId: `test-${++requests}` }),
      ),
    /** The sandbox's per-request summary: calls and peak in flight of each tagged server request. */
    usage: async () => ((await (await fetch(`${sandbox.url}/__sandbox/requests`)).json()) as { requests: RequestUsage[] }).requests,
    clearCalls: () => fetch(`${sandbox.url}/__sandbox/calls`, { method: "DELETE" }),
    close: async () => {
      await closeLocalBucket();
      await sandbox.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
