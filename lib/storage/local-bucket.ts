// Node's bucket: Miniflare's R2 implementation (the platform's own local simulator), persisted under
// PREFLIGHT_DATA_DIR. Started once per process, on first use, so pages that never touch it pay nothing.
import "server-only";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import type { Bucket } from "@/lib/storage/bucket";

let opened: Promise<{ bucket: Bucket; dispose: () => Promise<void> }> | undefined;

export function openLocalBucket(dataDir: string): Promise<Bucket> {
  opened ??= start(resolve(dataDir)).catch((error: unknown) => {
    opened = undefined; // a failed start is retried by the next request, not cached forever
    throw error;
  });
  return opened.then((o) => o.bucket);
}

async function start(persistDir: string) {
  // Loaded from the project at run time: no bundler follows a created require, so the worker never carries Miniflare.
  const { Miniflare } = createRequire(join(process.cwd(), "package.json"))("miniflare") as typeof import("miniflare");
  const mf = new Miniflare({
    modules: true,
    script: "export default { fetch() { return new Response(null) } }",
    r2Buckets: ["BUCKET"],
    r2Persist: persistDir,
    // No request.cf is needed for a bucket: without this Miniflare fetches https://workers.cloudflare.com/cf.json.
    cf: false,
  });
  // Miniflare's R2 types come from workers-types; the shapes are the binding API's.
  const bucket = (await mf.getR2Bucket("BUCKET")) as unknown as Bucket;
  return { bucket, dispose: () => mf.dispose() };
}

/** For tests and shutdown: stops the local bucket's runtime. */
export async function closeLocalBucket(): Promise<void> {
  const current = opened;
  opened = undefined;
  if (current) await (await current).dispose();
}
