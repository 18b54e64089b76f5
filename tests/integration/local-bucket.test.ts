// The local bucket answers each call as Miniflare's own binding proxy does (the reference: every object a stub
// read property by property), only in one request a call: the same calls on both, in one runtime, give the same
// objects, bodies, HTTP metadata, refusals and errors.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasBody, type Bucket, type StoreObject } from "@/lib/storage/bucket";
import { LOCAL_BUCKET_COMPATIBILITY_DATE } from "@/lib/storage/local-bucket";
import { localBucket } from "@/lib/storage/local-bucket-calls";
import { LOCAL_BUCKET_WORKER } from "@/lib/storage/local-bucket-worker";

let dir: string;
let mf: Miniflare;
let reference: Bucket;
let ours: Bucket;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "preflight-local-bucket-"));
  mf = new Miniflare({
    modules: true,
    script: LOCAL_BUCKET_WORKER,
    r2Buckets: ["BUCKET"],
    r2Persist: dir,
    compatibilityDate: LOCAL_BUCKET_COMPATIBILITY_DATE,
    cf: false,
  });
  reference = (await mf.getR2Bucket("BUCKET")) as unknown as Bucket;
  ours = localBucket(async (body) => {
    const response = await mf.dispatchFetch("http://bucket.local/", { method: "POST", body });
    return new Uint8Array(await response.arrayBuffer());
  });
}, 60_000);
afterAll(async () => {
  await mf.dispose();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * What a caller can read of an object, its key relative to the side's prefix (versions and times differ by nature).
 * Not writeHttpMetadata(): the proxy cannot pass it its Headers argument either (tested on its own below).
 */
function seen(object: StoreObject | null, prefix: string) {
  if (object === null) return null;
  return {
    key: object.key.slice(prefix.length),
    size: object.size,
    etag: object.etag,
    httpEtag: object.httpEtag,
    uploaded: object.uploaded instanceof Date,
    version: typeof object.version,
    httpMetadata: object.httpMetadata === undefined ? undefined : { ...object.httpMetadata },
    customMetadata: object.customMetadata === undefined ? undefined : { ...object.customMetadata },
    range: object.range === undefined ? undefined : { ...object.range },
    storageClass: object.storageClass,
    hasBody: hasBody(object),
  };
}

/**
 * Runs the same calls on both buckets (each under its own prefix) and compares what they answered or threw.
 * `ours` is true for the local bucket: Miniflare's proxy cannot pass a Headers argument ("Cannot stringify
 * arbitrary non-POJOs"), so where the binding takes headers the reference gets the same values as fields.
 */
async function same<T, V = T>(
  calls: (bucket: Bucket, prefix: string, ours: boolean) => Promise<T>,
  view: (answer: T, prefix: string) => V = (answer) => answer as unknown as V,
): Promise<{ answer?: V; error?: string }> {
  const settle = async (bucket: Bucket, prefix: string, isOurs: boolean) => {
    try {
      return { answer: view(await calls(bucket, prefix, isOurs), prefix) };
    } catch (error) {
      return { error: (error as Error).message };
    }
  };
  const expected = await settle(reference, "ref/", false);
  const actual = await settle(ours, "ours/", true);
  expect(actual).toEqual(expected);
  return actual;
}

const expires = new Date("2031-02-03T04:05:06Z");

describe("the local bucket, one request a call", () => {
  it("runs on wrangler.jsonc's compatibility date, as the edge deploy does", () => {
    const wrangler = readFileSync(join(process.cwd(), "wrangler.jsonc"), "utf8");
    expect(/"compatibility_date":\s*"([\d-]+)"/.exec(wrangler)?.[1]).toBe(LOCAL_BUCKET_COMPATIBILITY_DATE);
  });

  it("puts and heads with HTTP metadata given as fields or as headers, custom metadata and a storage class", async () => {
    await same(
      async (b, p, isOurs) => [
        await b.put(`${p}a.json`, '{"a":1}', {
          httpMetadata: { contentType: "application/json", cacheControl: "no-store", cacheExpiry: expires },
          customMetadata: { zone: "z1", state: "draft" },
        }),
        await b.put(`${p}b.txt`, new TextEncoder().encode("bytes"), {
          httpMetadata: isOurs
            ? new Headers({ "content-type": "text/plain", "content-language": "en", expires: expires.toUTCString() })
            : { contentType: "text/plain", contentLanguage: "en", cacheExpiry: expires },
        }),
        await b.put(`${p}c.bin`, new Uint8Array([1, 2, 3, 4, 5, 6]).subarray(2, 5).buffer),
        await b.put(`${p}d.empty`, null, { storageClass: "InfrequentAccess" }),
        await b.put(`${p}e.blob`, new Blob(["from a blob"])),
        await b.head(`${p}a.json`),
        await b.head(`${p}b.txt`),
        await b.head(`${p}missing`),
      ],
      (objects, p) => objects.map((o) => seen(o, p)),
    );
  });

  it("writes an object's HTTP metadata into headers, as the binding's writeHttpMetadata() does", async () => {
    const headers = new Headers({ "x-kept": "1" });
    (await ours.head("ours/a.json"))!.writeHttpMetadata(headers);
    expect([...headers]).toEqual([
      ["cache-control", "no-store"],
      ["content-type", "application/json"],
      ["expires", expires.toUTCString()],
      ["x-kept", "1"],
    ]);
  });

  it("gets bodies whole, by range and under conditions, and reads a body once", async () => {
    const answer = await same(async (b, p, isOurs) => {
      const whole = await b.get(`${p}a.json`);
      const text = hasBody(whole) ? await whole.text() : null;
      const again = hasBody(whole) ? await whole.text().then(String, (e: Error) => `refused: ${e.message}`) : null;
      const range = await b.get(`${p}e.blob`, { range: { offset: 5, length: 3 } });
      const suffix = await b.get(`${p}e.blob`, { range: { suffix: 4 } });
      const etag = whole!.etag;
      const notModified = await b.get(`${p}a.json`, { onlyIf: { etagDoesNotMatch: etag } });
      const byHeaders = await b.get(`${p}a.json`, {
        onlyIf: isOurs ? new Headers({ "if-none-match": `"${etag}"` }) : { etagDoesNotMatch: etag },
      });
      const matched = await b.get(`${p}a.json`, { onlyIf: { etagMatches: etag } });
      const olderThan2020 = await b.get(`${p}a.json`, { onlyIf: { uploadedBefore: new Date("2020-01-01") } });
      return {
        whole: seen(whole, p),
        text,
        again,
        json: hasBody(matched) ? await matched.json() : null,
        range: [seen(range, p), hasBody(range) ? await range.text() : null],
        suffix: [seen(suffix, p), hasBody(suffix) ? new Uint8Array(await suffix.arrayBuffer()) : null],
        conditional: [notModified, byHeaders, matched, olderThan2020].map((o) => seen(o, p)),
        missing: await b.get(`${p}missing`),
      };
    });
    expect(answer).toMatchObject({ answer: { text: '{"a":1}', json: { a: 1 }, range: [{ hasBody: true }, "a b"] } });
    expect(answer).toMatchObject({
      answer: { conditional: [{ hasBody: false }, { hasBody: false }, { hasBody: true }, { hasBody: false }] },
    });
  });

  it("refuses a conditional put, or one whose digest disagrees, as the binding does", async () => {
    const answer = await same(
      async (b, p) => [
        await b.put(`${p}a.json`, "overwritten", { onlyIf: { etagDoesNotMatch: "*" } }),
        await b.put(`${p}a.json`, "overwritten", { onlyIf: { etagMatches: "0123" } }),
        await b.put(`${p}f.txt`, "created", { onlyIf: { etagDoesNotMatch: "*" } }),
        await b.put(`${p}g.txt`, "hello", { md5: "5d41402abc4b2a76b9719d911017c592" }),
        await b.put(`${p}h.txt`, "hello", { sha256: new Uint8Array(32).buffer }).then(
          () => "stored",
          (e: Error) => `refused: ${e.message}`,
        ),
      ],
      (answers, p) => answers.map((a) => (typeof a === "string" ? a : seen(a, p))),
    );
    expect(answer.answer![0]).toBeNull();
    expect(answer.answer![4]).toMatch(/^refused: /);
  });

  it("lists by prefix and delimiter, with the metadata asked for, page by page", async () => {
    await same(async (b, p) => {
      for (let i = 0; i < 7; i++) await b.put(`${p}list/${i}.json`, String(i), { customMetadata: { i: String(i) } });
      await b.put(`${p}list/sub/deep.json`, "deep", { httpMetadata: { contentType: "application/json" } });
      const pages = [];
      let cursor: string | undefined;
      do {
        const page = await b.list({ prefix: `${p}list/`, limit: 3, cursor, include: ["customMetadata", "httpMetadata"] });
        pages.push({ ...page, cursor: typeof page.cursor, objects: page.objects.map((o) => seen(o, p)) });
        cursor = page.truncated ? page.cursor : undefined;
      } while (cursor);
      const folders = await b.list({ prefix: `${p}list/`, delimiter: "/" });
      const plain = await b.list({ prefix: `${p}list/sub/` });
      return {
        pages,
        folders: {
          truncated: folders.truncated,
          objects: folders.objects.map((o) => o.key.slice(p.length)),
          delimitedPrefixes: folders.delimitedPrefixes.map((d) => d.slice(p.length)),
        },
        plain: plain.objects.map((o) => seen(o, p)),
      };
    });
  });

  it("deletes one key or several", async () => {
    await same(async (b, p) => {
      await b.delete(`${p}f.txt`);
      await b.delete([`${p}g.txt`, `${p}list/0.json`, `${p}never`]);
      return (await b.list({ prefix: p })).objects.map((o) => o.key.slice(p.length));
    });
  });

  it("uploads in parts, resumes an upload by its id, completes, aborts, and refuses a part of an aborted upload", async () => {
    const part = (fill: number, size: number) => new Uint8Array(size).fill(fill);
    await same(async (b, p) => {
      const upload = await b.createMultipartUpload(`${p}big.bin`, {
        httpMetadata: { contentType: "application/octet-stream" },
        customMetadata: { parts: "2" },
      });
      const first = await upload.uploadPart(1, part(1, 5 * 1024 * 1024));
      const second = await b.resumeMultipartUpload(`${p}big.bin`, upload.uploadId).uploadPart(2, part(2, 1000));
      const done = await upload.complete([first, second]);
      const got = await b.get(`${p}big.bin`, { range: { offset: 5 * 1024 * 1024 - 2, length: 4 } });
      const dropped = await b.createMultipartUpload(`${p}dropped.bin`);
      await dropped.abort();
      const late = await dropped.uploadPart(1, part(3, 10)).then(
        () => "stored",
        (e: Error) => `refused: ${e.message}`,
      );
      return {
        parts: [first.partNumber, second.partNumber, typeof first.etag],
        done: seen(done, p),
        bytes: hasBody(got) ? [...new Uint8Array(await got.arrayBuffer())] : null,
        late,
        dropped: await b.head(`${p}dropped.bin`),
      };
    });
  });

  it("throws the binding's own error for a call it refuses", async () => {
    const answer = await same((b, p) => b.put(`${p}${"k".repeat(1100)}`, "too long a key"));
    expect(answer.error).toBeDefined();
  });
});
