// A step's print shard on Miniflare's bucket: saved on the etag it read (a concurrent write loses), merged
// zone by zone across steps, and compared with the previous snapshot's shard spanning the same zone names
// only (a shard of other names is never read).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRINT_SHARD_FORMAT, printRows } from "@/lib/changes/audit-prints";
import type { CertificateRow } from "@/lib/certificates/types";
import { printShardKey, shardOf, StepPrints } from "@/lib/snapshots/audit-changes";
import { newRun } from "@/lib/snapshots/progress";
import type { Bucket } from "@/lib/storage/bucket";
import { writeJson } from "@/lib/storage/json-objects";
import { closeLocalBucket, openLocalBucket } from "@/lib/storage/local-bucket";

let dir: string;
let bucket: Bucket;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "preflight-print-shards-"));
  bucket = await openLocalBucket(dir);
});
afterAll(async () => {
  await closeLocalBucket();
  rmSync(dir, { recursive: true, force: true });
});

const AT = new Date("2026-11-02T00:00:00Z");
const zone = (name: string) => ({ id: name.replace(/\W/g, "").padEnd(32, "0").slice(0, 32), name });
const A = zone("alpha.example");
const M = zone("mango.example");
const hostname = (z: { id: string; name: string }, id: string, ca: string): CertificateRow => ({
  zoneId: z.id,
  zoneName: z.name,
  kind: "custom_hostname",
  id,
  hosts: [`${id}.customer.example`],
  certificateAuthority: ca,
  bundleMethod: null,
  uploadedOn: null,
  expiresOn: "2027-01-30T00:00:00Z",
  verdict: ca === "lets_encrypt" ? "action_required" : "no_action",
  reason: "",
  action: "",
  status: "active",
  validationMethod: null,
});

describe("print shards", () => {
  it("compares a step's rows with the previous shard of the same zone names, and merges its print into the run's shard", async () => {
    // The previous snapshot: two shards, a–k and l–z; only the second holds mango.example.
    const previousShard = (runId: string, part: number, rows: CertificateRow[], zones: Array<{ id: string; name: string }>) =>
      writeJson(bucket, printShardKey("acct", runId, part), {
        format: PRINT_SHARD_FORMAT,
        zones: printRows(
          rows,
          zones.map((z) => ({ zoneId: z.id, zoneName: z.name, status: "audited" as const })),
          AT,
        ),
      });
    await previousShard("old", 0, [hostname(A, "a1", "google")], [A]);
    await previousShard("old", 1, [hostname(M, "m1", "google"), hostname(M, "m2", "google")], [M]);
    const state = newRun("new", AT);
    state.previous = {
      runId: "old",
      printShards: [
        { part: 0, key: printShardKey("acct", "old", 0), from: "a", to: "k" },
        { part: 1, key: printShardKey("acct", "old", 1), from: "l", to: "z" },
      ],
    };

    const first = new StepPrints();
    first.add(shardOf(3, [M, zone("nectar.example")]), [hostname(M, "m1", "lets_encrypt")], []);
    expect(await first.save(bucket, "acct", state, AT)).toBe(true);
    const read: string[] = [];
    const recording: Bucket = Object.create(bucket, { get: { value: (key: string) => (read.push(key), bucket.get(key)) } });
    const records = await first.compare(recording, state, AT);
    expect(read).toEqual([printShardKey("acct", "old", 1)]);
    expect(records.map((r) => [r.kind, r.subject.id, r.words])).toEqual([
      ["hostname_switched_back", "m1", "Custom hostname m1.customer.example is on lets_encrypt again (was google)"],
    ]);
    expect(state.printShards).toEqual([{ part: 3, key: printShardKey("acct", "new", 3), from: "mango.example", to: "nectar.example" }]);

    // The next step finishes the zone: its rows join the same shard, the zone marked audited.
    const second = new StepPrints();
    second.add(
      shardOf(3, [M, zone("nectar.example")]),
      [hostname(M, "m2", "google")],
      [{ zoneId: M.id, zoneName: M.name, status: "audited" }],
    );
    expect(await second.save(bucket, "acct", state, AT)).toBe(true);
    const stored = (await (await bucket.get(printShardKey("acct", "new", 3)))!) as { text(): Promise<string> };
    expect(JSON.parse(await stored.text())).toEqual({
      format: PRINT_SHARD_FORMAT,
      zones: { [M.id]: { status: "audited", certificates: { m1: "L", m2: "g" } } },
    });
  });

  it("refuses to save over a shard another runner wrote since it was read", async () => {
    const state = newRun("race", AT);
    const step = new StepPrints();
    step.add(shardOf(0, [A]), [hostname(A, "a1", "google")], []);
    const racing: Bucket = Object.create(bucket, {
      get: {
        value: async (key: string) => {
          const got = await bucket.get(key);
          await bucket.put(key, JSON.stringify({ format: PRINT_SHARD_FORMAT, zones: {} })); // the other runner, just after our read
          return got;
        },
      },
      put: { value: bucket.put.bind(bucket) },
    });
    expect(await step.save(racing, "acct", state, AT)).toBe(false);
    expect(state.printShards).toBeUndefined();
  });
});
