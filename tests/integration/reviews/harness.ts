// A real sandbox over HTTP, Miniflare's bucket in a temp folder and a platform client per "request":
// the same pieces the server uses, without Next in between.
import { mkdtempSync, rmSync } from "node:fs";
import { afterAll, beforeAll } from "vitest";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PlatformClient } from "@/lib/platform/client";
import { RateLimiter } from "@/lib/platform/rate-limiter";
import { Scheduler } from "@/lib/platform/scheduler";
import { startSandbox, type RunningSandbox } from "@/lib/dev/sandbox/server";
import type { Bucket } from "@/lib/storage/bucket";
import { closeLocalBucket, openLocalBucket } from "@/lib/storage/local-bucket";
import { ReviewStore } from "@/lib/reviews/store";

export const TOKEN = "reviews-harness-token-0123456789";

/** The people of the four-eyes tests: the planner writes, the approvers approve. */
export const PLANNER = { id: "planner", role: "planner" as const };
export const APPROVER = { id: "approver-1", role: "approver" as const };
export const SECOND_APPROVER = { id: "approver-2", role: "approver" as const };

export interface Harness {
  sandbox: RunningSandbox;
  bucket: Bucket;
  store: ReviewStore;
  platform: () => PlatformClient;
  calls: () => Promise<Array<{ method: string; path: string; query: Record<string, string>; status: number }>>;
  close: () => Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  const dataDir = mkdtempSync(join(tmpdir(), "preflight-reviews-"));
  const sandbox = await startSandbox({ port: 0, apiToken: TOKEN, rateLimit: null });
  const bucket = await openLocalBucket(dataDir);
  const limiter = new RateLimiter({ requests: 1_000_000, windowSeconds: 300 });
  return {
    sandbox,
    bucket,
    store: new ReviewStore(bucket),
    platform: () =>
      new PlatformClient(
        sandbox.apiBaseUrl,
        { kind: "token", token: TOKEN },
        new Scheduler({ limiter, subrequestBudget: 1000, timeoutMs: 10_000 }),
      ),
    calls: async () =>
      (
        (await (await fetch(`${sandbox.url}/__sandbox/calls`)).json()) as {
          calls: Array<{ method: string; path: string; query: Record<string, string>; status: number }>;
        }
      ).calls,
    close: async () => {
      await closeLocalBucket();
      await sandbox.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Zones of the seeded account by migration case: eligible ones start compatible with no overrides. */
export function zonesWhere(
  sandbox: RunningSandbox,
  test: (zone: { plan: string; state: string; compatible: boolean; overrides: number }) => boolean,
): string[] {
  return sandbox.state.zones
    .filter((zone) => {
      const waf = sandbox.state.waf[zone.id]!;
      return test({ plan: zone.plan.legacy_id, state: waf.migrationState, compatible: waf.compatible, overrides: waf.overrides.length });
    })
    .map((zone) => zone.id);
}

/** One harness for a test file: started before its tests (handed to `set`), closed after them. */
export function withHarness(set: (harness: Harness) => void): void {
  let harness: Harness | undefined;
  beforeAll(async () => {
    harness = await startHarness();
    set(harness);
  }, 60_000);
  afterAll(() => harness?.close());
}
