// Two snapshot refreshes with certificate changes made in the sandbox between them: the second publishes a
// manifest naming its change object, and the change store lists exactly those changes, in words.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listChanges, readChangeObject } from "@/lib/changes/store";
import { refreshStep } from "@/lib/snapshots/refresh";
import { manifestSchema, snapshotKeys } from "@/lib/snapshots/schema";
import { readJson } from "@/lib/storage/json-objects";
import { startSnapshotHarness } from "@/tests/unit/snapshots/harness";

let h: Awaited<ReturnType<typeof startSnapshotHarness>>;
beforeAll(async () => {
  h = await startSnapshotHarness();
});
afterAll(() => h.close());

async function refresh(account: string, budget: number) {
  const subrequests: number[] = [];
  for (let i = 0; i < 2_000; i++) {
    const platform = h.platform(budget);
    const outcome = await refreshStep(platform, h.bucket, { account, restart: i === 0, refreshAfterMinutes: 60 });
    subrequests.push(platform.scheduler.stats.subrequests);
    if (outcome.result === "published") return { runId: outcome.runId, subrequests };
    expect(outcome.result).toBe("worked");
  }
  throw new Error("the refresh made no progress");
}

async function sandboxChange(body: object) {
  const response = await fetch(`${h.sandbox.url}/__sandbox/certificates`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as {
    ok: boolean;
    error?: string;
    zone: { id: string; name: string };
    certificate: { id: string; hostname?: string };
  };
  if (!response.ok) throw new Error(answer.error);
  return answer;
}

describe("certificate changes between two snapshots", () => {
  let first: Awaited<ReturnType<typeof refresh>>;
  let second: Awaited<ReturnType<typeof refresh>>;
  let made: Array<Awaited<ReturnType<typeof sandboxChange>>>;
  beforeAll(async () => {
    first = await refresh("changes", 1000);
    made = [
      await sandboxChange({ change: "order_legacy_pack" }),
      await sandboxChange({ change: "switch_hostname_back" }),
      await sandboxChange({ change: "upload_legacy_certificate", expiresInDays: 12 }),
    ];
    second = await refresh("changes", 1000);
  }, 120_000);

  it("records nothing for the first snapshot, and the second's manifest names its changes", async () => {
    const latest = await readJson(h.bucket, snapshotKeys("changes").latest, manifestSchema);
    expect(latest?.value.runId).toBe(second.runId);
    expect(latest?.value.changes?.count).toBe(4);
    const records = (await Promise.all(latest!.value.changes!.keys.map((key) => readChangeObject(h.bucket, key)))).flat();
    expect(records).toHaveLength(4);
    expect(records.every((r) => r.snapshotId === second.runId)).toBe(true);
    expect(records.some((r) => r.snapshotId === first.runId)).toBe(false);
  });

  it("lists each change the sandbox made, with its zone and subject, in words", async () => {
    const { changes } = await listChanges(h.bucket, { since: new Date(Date.now() - 600_000) });
    const mine = changes.filter((c) => c.snapshotId === second.runId);
    const [pack, hostname, upload] = made;
    expect(mine.map((c) => [c.kind, c.zoneId, c.subject.id]).sort()).toEqual(
      [
        ["new_legacy_ca_certificate", pack!.zone.id, pack!.certificate.id],
        ["hostname_switched_back", hostname!.zone.id, hostname!.certificate.id],
        ["new_legacy_ca_certificate", upload!.zone.id, upload!.certificate.id],
        ["expires_before_replacement", upload!.zone.id, upload!.certificate.id],
      ].sort(),
    );
    const switched = mine.find((c) => c.kind === "hostname_switched_back")!;
    expect(switched.words).toBe(`Custom hostname ${hostname!.certificate.hostname} is on lets_encrypt again (was google)`);
    expect(switched.zoneName).toBe(hostname!.zone.name);
    expect(mine.find((c) => c.kind === "expires_before_replacement")!.words).toMatch(
      new RegExp(
        String.raw`^Custom certificate issued by the legacy-chain CA \(lets_encrypt\) for uploaded-\d+\.legacy\.\S+ ` +
          String.raw`expires \d{4}-\d{2}-\d{2} before its replacement is active`,
      ),
    );
  });

  it("records nothing more when a refresh finds the audit unchanged, and keeps within the free plan's budget", async () => {
    const third = await refresh("changes", 50);
    expect(Math.max(...third.subrequests)).toBeLessThanOrEqual(50);
    const latest = await readJson(h.bucket, snapshotKeys("changes").latest, manifestSchema);
    expect(latest?.value.runId).toBe(third.runId);
    expect(latest?.value.changes).toEqual({ keys: [], count: 0 });
    const { changes } = await listChanges(h.bucket);
    expect(changes.filter((c) => c.snapshotId === third.runId)).toEqual([]);
  }, 180_000);
});
