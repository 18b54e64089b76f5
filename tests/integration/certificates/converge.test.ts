// The audit converges once its advice is followed: on the sandbox, a legacy-CA advanced pack is replaced by a
// pack ordered with another CA and then deleted, as the real API lists it (status=all: pending deletion, then
// deleted); the old pack stops being an action and the account's action count falls by one.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditCertificates } from "@/lib/certificates/audit";
import type { CertificateRow } from "@/lib/certificates/types";
import { needsLegacyAction } from "@/lib/changes/audit-prints";
import { PlatformClient } from "@/lib/platform/client";
import { RateLimiter } from "@/lib/platform/rate-limiter";
import { Scheduler } from "@/lib/platform/scheduler";
import { startSandbox, type RunningSandbox } from "@/lib/dev/sandbox/server";

const token = randomBytes(16).toString("hex");
let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ apiToken: token, rateLimit: null, zoneCount: 60 });
});
afterAll(() => sandbox.close());

/** A fresh scan of the whole account (refresh), following cursors as the page does. */
async function scan(): Promise<CertificateRow[]> {
  const rows: CertificateRow[] = [];
  let cursor: string | undefined;
  for (let i = 0; i === 0 || cursor; i++) {
    const scheduler = new Scheduler({
      limiter: new RateLimiter({ requests: 100_000, windowSeconds: 60 }),
      subrequestBudget: 1000,
      timeoutMs: 10_000,
    });
    const client = new PlatformClient(sandbox.apiBaseUrl, { kind: "token", token }, scheduler);
    const page = await auditCertificates(client, { cursor, refresh: cursor === undefined });
    rows.push(...page.certificates);
    cursor = page.cursor;
    if (i > 100) throw new Error("no progress");
  }
  return rows;
}

async function follow(body: object) {
  const response = await fetch(`${sandbox.url}/__sandbox/certificates`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { certificate: { id: string } }).certificate;
}

const actions = (rows: readonly CertificateRow[]) => rows.filter((r) => r.verdict === "action_required").length;
/** Statuses that serve no traffic (SDK Status enum, cloudflare-docs certificate-statuses.mdx): picked by status, not verdict. */
const DEAD = new Set(["deleted", "pending_deletion", "expired", "inactive", "deactivating", "issuance_timed_out", "validation_timed_out"]);
const dead = (rows: readonly CertificateRow[]) => rows.filter((r) => r.status !== null && DEAD.has(r.status));

describe("following the audit's advice on a legacy-CA advanced pack", () => {
  it("lists the seeded dead packs as not serving, in words, out of the action count", async () => {
    const rows = await scan();
    const deleted = rows.find((r) => r.kind === "advanced" && r.status === "deleted")!;
    expect(deleted).toMatchObject({ certificateAuthority: "lets_encrypt", verdict: "not_serving", action: "None." });
    expect(deleted.reason).toMatch(/^Deleted: nothing to do\./);
    expect(rows.find((r) => r.kind === "advanced" && r.status === "expired")!.reason).toMatch(/^Expired: nothing to do\./);
    expect(rows.find((r) => r.status === "issuance_timed_out")!.reason).toMatch(/^Issuance timed out: order again\./);
    expect(rows.find((r) => r.kind === "mh_custom")).toMatchObject({ certificateAuthority: "lets_encrypt", verdict: "informational" });
    // Rows picked by status, legacy-CA ones among them: none is an action, whatever its CA.
    const picked = dead(rows);
    expect(picked.filter((r) => r.certificateAuthority === "lets_encrypt").length).toBeGreaterThan(0);
    expect(picked.filter(needsLegacyAction).map((r) => [r.id, r.status, r.verdict])).toEqual([]);
  });

  it("stops counting the old pack once it is deleted, and the action count falls by one", async () => {
    const before = await scan();
    const old = before.find((r) => r.kind === "advanced" && r.certificateAuthority === "lets_encrypt" && r.verdict === "action_required")!;
    expect(old.action).toMatch(/^Order a replacement advanced certificate pack with google or ssl_com/);

    const replacement = await follow({
      change: "order_replacement_pack",
      zoneId: old.zoneId,
      packId: old.id,
      certificateAuthority: "google",
    });
    const ordered = await scan();
    expect(ordered.find((r) => r.id === replacement.id)).toMatchObject({
      kind: "advanced",
      certificateAuthority: "google",
      verdict: "no_action",
    });
    // The advice's second half is still to do: the old pack serves until it is deleted.
    expect(actions(ordered)).toBe(actions(before));

    await follow({ change: "delete_pack", zoneId: old.zoneId, packId: old.id });
    const after = await scan();
    const gone = after.find((r) => r.id === old.id)!;
    expect(gone).toMatchObject({ status: "pending_deletion", verdict: "not_serving" });
    expect(gone.reason).toMatch(/^Pending deletion: nothing to do\./);
    expect(dead(after).map((r) => r.id)).toContain(old.id);
    expect(
      dead(after)
        .filter(needsLegacyAction)
        .map((r) => [r.id, r.status, r.verdict]),
    ).toEqual([]);
    expect(actions(after)).toBe(actions(before) - 1);

    await follow({ change: "delete_pack", zoneId: old.zoneId, packId: old.id, status: "deleted" });
    expect(actions(await scan())).toBe(actions(before) - 1);
  });
});
