// The worker's size as the platform counts it: every uploaded module, gzip-compressed.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

/** The Workers Free plan's limit for the gzipped worker (cloudflare-docs workers/platform/limits: Free 3 MB, Paid 10 MB). */
export const MAX_WORKER_GZIP_BYTES = 3 * 1024 * 1024;

/** The modules in a `wrangler deploy --outdir` folder (source maps and notes are not uploaded). */
export function bundledModules(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile() && /\.(m?js|cjs|wasm|bin|txt|html|json)$/.test(path) && !path.endsWith(".map"));
}

export function workerSize(files: string[]): { raw: number; gzip: number } {
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const bytes = readFileSync(file);
    raw += bytes.byteLength;
    gzip += gzipSync(bytes, { level: 9 }).byteLength;
  }
  return { raw, gzip };
}
