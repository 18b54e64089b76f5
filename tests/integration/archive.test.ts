// /api/archive/{key} after the document's example handler, on Miniflare's bucket.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { handleArchive, type ArchiveSettings } from "@/lib/storage/archive";
import { InputError } from "@/lib/errors/input-error";
import { closeLocalBucket, openLocalBucket } from "@/lib/storage/local-bucket";

const secret = "archive-secret-0123456789abcdef";
const ACQUIRED = { id: "ac0a1ec0ac0a1ec0ac0a1ec0ac0a1ec0", name: "Acquired Co · Zürich" };
let account: () => Promise<typeof ACQUIRED> = async () => ACQUIRED;
let dir: string;
let settings: ArchiveSettings;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "preflight-archive-"));
  settings = { bucket: await openLocalBucket(dir), authKeySecret: secret, maxBytes: 64, reportAccount: () => account() };
}, 60_000);
afterAll(async () => {
  await closeLocalBucket();
  rmSync(dir, { recursive: true, force: true });
});

const call = (method: string, key: string, init: { body?: string; key?: string; type?: string } = {}) =>
  handleArchive(
    new Request(`http://127.0.0.1/api/archive/${key}`, {
      method,
      body: init.body,
      headers: { ...(init.key ? { "X-Custom-Auth-Key": init.key } : {}), ...(init.type ? { "Content-Type": init.type } : {}) },
    }),
    key,
    settings,
  );

describe("archive", () => {
  it("stores with the key, serves the published report with its metadata and etag, deletes with the key", async () => {
    expect((await call("PUT", "reports/q2.json", { body: '{"zones":3}', key: secret, type: "application/json" })).status).toBe(200);
    const got = await call("GET", "reports/q2.json");
    expect(got.status).toBe(200);
    expect(got.headers.get("content-type")).toBe("application/json");
    expect(got.headers.get("etag")).toMatch(/^"[0-9a-f]+"$/);
    expect(await got.text()).toBe('{"zones":3}');
    expect((await call("DELETE", "reports/q2.json", { key: secret })).status).toBe(200);
    expect((await call("GET", "reports/q2.json")).status).toBe(404);
  });

  it("keeps the report's account with it and answers it in headers, the name percent-encoded", async () => {
    expect((await call("PUT", "reports/acquired.csv", { body: "id,name", key: secret, type: "text/csv" })).status).toBe(200);
    for (const method of ["GET", "HEAD"]) {
      const got = await call(method, "reports/acquired.csv");
      expect(got.status).toBe(200);
      expect(got.headers.get("x-preflight-account-id")).toBe(ACQUIRED.id);
      expect(decodeURIComponent(got.headers.get("x-preflight-account-name")!)).toBe(ACQUIRED.name);
    }
  });

  it("refuses a report whose account is unclear, storing nothing", async () => {
    account = async () => {
      throw new InputError("account", "account must name the report's account (an account id): Preflight reads several accounts");
    };
    try {
      await expect(call("PUT", "reports/unclear.json", { body: "{}", key: secret })).rejects.toMatchObject({ field: "account" });
      expect((await call("GET", "reports/unclear.json")).status).toBe(404);
    } finally {
      account = async () => ACQUIRED;
    }
  });

  it("refuses writes without the right key, reads outside the published prefix, other methods and big bodies", async () => {
    expect((await call("PUT", "reports/x", { body: "a", key: `${secret.slice(0, -1)}X` })).status).toBe(403);
    expect((await call("PUT", "reports/x", { body: "a" })).status).toBe(403);
    expect((await call("DELETE", "reports/x")).status).toBe(403);
    expect((await call("PUT", "drafts/x", { body: "a", key: secret })).status).toBe(200);
    expect((await call("GET", "drafts/x")).status).toBe(403);
    const post = await call("POST", "reports/x", { body: "a" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("PUT, GET, DELETE");
    expect((await call("PUT", "reports/big", { body: "x".repeat(65), key: secret })).status).toBe(413);
    expect((await call("GET", "reports/big")).status).toBe(404);
  });
});

describe("multipart upload", () => {
  it("stores a snapshot larger than one part in parts and reads it back whole", async () => {
    const { putLarge, PART_SIZE } = await import("@/lib/storage/multipart");
    const bytes = new Uint8Array(PART_SIZE + 4096);
    for (let i = 0; i < bytes.length; i++) bytes[i] = i % 251;
    const stored = await putLarge(settings.bucket, "snapshots/big.bin", bytes);
    expect(stored.etag).toMatch(/-2$/); // a multipart etag names its part count
    const back = await settings.bucket.get("snapshots/big.bin");
    const read = new Uint8Array(await (back as { arrayBuffer(): Promise<ArrayBuffer> }).arrayBuffer());
    // Byte for byte, as toEqual would, without its element-by-element deep walk (minutes for 5 MiB): the first differing index.
    expect(read.length).toBe(bytes.length);
    expect(read.findIndex((byte, i) => byte !== bytes[i])).toBe(-1);
  }, 180_000);
});
