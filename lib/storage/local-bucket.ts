// Node's bucket: Miniflare's R2 implementation (the platform's own local simulator), persisted under
// PREFLIGHT_DATA_DIR. Started once per process, on first use, so pages that never touch it pay nothing.
//
// Each bucket call is ONE request to a small worker inside Miniflare that calls the real binding there and
// answers the result as plain data. Miniflare's own proxy (`getR2Bucket`) hands back every object it returns
// as a stub whose each property read (`key`, `etag`, `uploaded`, ...) and method call is a further round trip
// made SYNCHRONOUSLY: the whole Node process (every other request of the server) stopped in Atomics.wait for
// each one, ten of them for one object read whole, two per entry of a listing. It was also the part of
// Miniflare with a known race (the answer not yet there when the waiting thread wakes: `AssertionError:
// false == true`, fixed upstream in cloudflare/workers-sdk#15552).
import "server-only";
import { Agent, request as httpRequest } from "node:http";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import type { Bucket } from "@/lib/storage/bucket";
import { localBucket, type Dispatch } from "@/lib/storage/local-bucket-calls";
import { LOCAL_BUCKET_WORKER } from "@/lib/storage/local-bucket-worker";
import { processState } from "@/lib/process-state";

/** wrangler.jsonc's `compatibility_date` (tests/integration/local-bucket.test.ts checks they agree). */
export const LOCAL_BUCKET_COMPATIBILITY_DATE = "2026-04-20";

/** One runtime per process: a page's copy of this module opening a second would be a second workerd on the same files. */
const local = processState("local-bucket", () => ({
  opened: undefined as Promise<{ bucket: Bucket; dispose: () => Promise<void> }> | undefined,
}));

export function openLocalBucket(dataDir: string): Promise<Bucket> {
  local.opened ??= start(resolve(dataDir)).catch((error: unknown) => {
    local.opened = undefined; // a failed start is retried by the next request, not cached forever
    throw error;
  });
  return local.opened.then((o) => o.bucket);
}

async function start(persistDir: string) {
  // Loaded from the project at run time: no bundler follows a created require, so the worker never carries Miniflare.
  const { Miniflare } = createRequire(join(process.cwd(), "package.json"))("miniflare") as typeof import("miniflare");
  const mf = new Miniflare({
    modules: true,
    script: LOCAL_BUCKET_WORKER,
    // The binding behaves as on the edge deploy (wrangler.jsonc's date): without one, workerd's oldest R2 list
    // ignores `include` and stops at 100 objects a page.
    compatibilityDate: LOCAL_BUCKET_COMPATIBILITY_DATE,
    r2Buckets: ["BUCKET"],
    r2Persist: persistDir,
    // No request.cf is needed for a bucket: without this Miniflare fetches https://workers.cloudflare.com/cf.json.
    cf: false,
  });
  // Straight to the runtime's socket: Miniflare's dispatchFetch wraps each call in a Request, headers and a fetch of
  // its own, which cost more CPU than the call. One connection a call: the runtime closes each after its answer, and
  // a kept-alive socket reused before that close arrived failed the call ("socket hang up", 1 in some thousands).
  const url = await mf.ready;
  const agent = new Agent({ keepAlive: false });
  const dispatch: Dispatch = (body) =>
    new Promise((done, fail) => {
      const request = httpRequest(url, { method: "POST", agent, headers: { "content-length": body.length } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const answer = Buffer.concat(chunks);
          // The worker answers 200 even for the binding's errors (in the frame): anything else is the runtime's own.
          if (response.statusCode === 200) done(answer);
          else fail(new Error(`The local bucket's runtime answered ${response.statusCode}: ${answer.toString().slice(0, 300)}`));
        });
        response.on("error", fail);
      });
      request.on("error", fail);
      request.end(body);
    });
  return {
    bucket: localBucket(dispatch),
    dispose: async () => {
      agent.destroy();
      await mf.dispose();
    },
  };
}

/** For tests and shutdown: stops the local bucket's runtime. */
export async function closeLocalBucket(): Promise<void> {
  const current = local.opened;
  local.opened = undefined;
  if (current) await (await current).dispose();
}
