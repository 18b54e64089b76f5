// Drives whole-account scans the way the pages do: one fresh subrequest budget per request, cursors
// followed to the end, and a step that errored asked again (the page's Retry button), counted.
import { auditCertificates } from "@/lib/certificates/audit";
import type { CertificatesPage } from "@/lib/certificates/types";
import { scanAccount } from "@/lib/migration/scan-account";
import type { MigrationRow } from "@/lib/migration/zone-assessment";
import { PlatformClient } from "@/lib/platform/client";
import { RateLimiter } from "@/lib/platform/rate-limiter";
import { Scheduler } from "@/lib/platform/scheduler";

export interface CallRecord {
  method: string;
  path: string;
  query: Record<string, string>;
  status: number;
}

export function platformFor(apiBaseUrl: string, token: string, limiter: RateLimiter, budget = 1000) {
  const scheduler = new Scheduler({
    limiter,
    subrequestBudget: budget,
    timeoutMs: 15_000,
    // Short backoffs keep the suite quick; Retry-After is still honoured to the second.
    retry: { maxAttempts: 4, baseDelayMs: 20, maxDelayMs: 200, maxRetryAfterMs: 120_000 },
  });
  return new PlatformClient(apiBaseUrl, { kind: "token", token }, scheduler);
}

export const newLimiter = () => new RateLimiter({ requests: 1_000_000, windowSeconds: 300 });

async function follow<P extends { cursor?: string }>(
  step: (cursor: string | undefined) => Promise<P>,
  between?: (index: number) => Promise<void>,
) {
  const pages: P[] = [];
  let cursor: string | undefined;
  let erroredSteps = 0;
  for (let index = 0; ; index++) {
    if (index > 0 && between) await between(index);
    let page: P | undefined;
    for (let attempt = 0; !page; attempt++) {
      try {
        page = await step(cursor);
      } catch (error) {
        erroredSteps++;
        if (attempt >= 5) throw error;
      }
    }
    pages.push(page);
    cursor = page.cursor;
    if (!cursor) return { pages, erroredSteps };
    if (pages.length > 500) throw new Error("the scan made no progress");
  }
}

export async function zonesScan(open: () => PlatformClient, options: { refresh: boolean; between?: (index: number) => Promise<void> }) {
  const { pages, erroredSteps } = await follow(
    (cursor) => scanAccount(open(), { cursor, refresh: options.refresh && !cursor }),
    options.between,
  );
  const rows: MigrationRow[] = pages.flatMap((p) => p.zones);
  return { rows, requests: pages.length, erroredSteps, retryAfterSeconds: pages.map((p) => p.retryAfterSeconds ?? 0) };
}

export async function certificatesScan(
  open: () => PlatformClient,
  options: { refresh: boolean; between?: (index: number) => Promise<void> },
) {
  const { pages, erroredSteps } = await follow(
    (cursor) => auditCertificates(open(), { cursor, refresh: options.refresh && !cursor }),
    options.between,
  );
  return {
    zones: pages.flatMap((p: CertificatesPage) => p.zones),
    certificates: pages.flatMap((p) => p.certificates),
    caa: pages.flatMap((p) => p.caa),
    requests: pages.length,
    erroredSteps,
  };
}

export async function callLog(sandboxUrl: string): Promise<CallRecord[]> {
  return ((await (await fetch(`${sandboxUrl}/__sandbox/calls`)).json()) as { calls: CallRecord[] }).calls;
}

export async function setFaults(sandboxUrl: string, faults: object): Promise<void> {
  const response = await fetch(`${sandboxUrl}/__sandbox/faults`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(faults),
  });
  if (!response.ok) throw new Error(`the sandbox refused the faults: ${await response.text()}`);
}

/** "GET /client/v4/zones?page=2&per_page=50": one upstream call's identity, to find repeats. */
export function callKey(call: CallRecord): string {
  const query = Object.entries(call.query)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  return `${call.method} ${call.path}?${query}`;
}
