// Prints what each candidate transport for the v4 API adds to a bundle (minified, gzipped), for the
// decision in docs/architecture.md between the official `cloudflare` SDK and Preflight's own client.
// Run: npx tsx tests/bench/client-bundle-size.ts
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

const candidates = {
  "cloudflare SDK 7.3.0 (zones.list + client.get)": `
    import Cloudflare from "cloudflare";
    const client = new Cloudflare({ apiToken: "x", fetch: globalThis.fetch });
    export async function run() {
      for await (const zone of client.zones.list({ per_page: 50 })) console.log(zone.id);
      return client.get("/zones/x/waf_migration/check", { query: { phase_two: 1 } });
    }`,
  "Preflight client (scheduler, envelope, pagination, zones), zod external": `
    import { PlatformClient } from "@/lib/platform/client";
    import { RateLimiter } from "@/lib/platform/rate-limiter";
    import { Scheduler } from "@/lib/platform/scheduler";
    import { listZones } from "@/lib/platform/zones";
    export function run() {
      const limiter = new RateLimiter({ requests: 1200, windowSeconds: 300 });
      const scheduler = new Scheduler({ limiter, subrequestBudget: 1000, timeoutMs: 30000 });
      return listZones(new PlatformClient("https://x/client/v4", { kind: "token", token: "x" }, scheduler));
    }`,
  "zod 4 (shared by every boundary either way)": `import { z } from "zod"; export const s = z.object({ a: z.string() });`,
};

for (const [name, contents] of Object.entries(candidates)) {
  const result = await build({
    stdin: { contents, resolveDir: process.cwd(), loader: "ts", sourcefile: "entry.ts" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "neutral",
    mainFields: ["module", "main"],
    conditions: ["worker", "browser"],
    external: name.includes("zod external") ? ["zod"] : [],
    tsconfig: "tsconfig.json",
    write: false,
    logLevel: "error",
  });
  const code = result.outputFiles[0]!.contents;
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  console.log(`${name}: ${kib(code.byteLength)} minified, ${kib(gzipSync(code, { level: 9 }).byteLength)} gzipped`);
}
