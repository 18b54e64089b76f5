// Diagnostic (`npx tsx --conditions=react-server tests/bench/diagnose/scan-heap.ts [zones]`): figure 6's scan
// through the library in this process (readable stacks, no build), with a sampling heap profile of what
// survived scavenges (includeObjectsCollectedByMajorGC) and what is still alive at the end, by function.
import { Session } from "node:inspector/promises";
import { auditCertificates } from "@/lib/certificates/audit";
import { scanAccount } from "@/lib/migration/scan-account";
import { PlatformClient } from "@/lib/platform/client";
import { RateLimiter } from "@/lib/platform/rate-limiter";
import { Scheduler } from "@/lib/platform/scheduler";
import { BENCH_TOKEN, startBenchSandbox, stopAll } from "../lib/services";

interface Node {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: Node[];
}

// The repository's root as the profile's URLs spell it.
const root = new URL("../../../", import.meta.url).href;
const zones = Number(process.argv[2] ?? 5000);
const token = BENCH_TOKEN;
// In its own process: its allocations are not in this heap.
const sandbox = await startBenchSandbox({ zones, rateLimit: 0 });
const client = () =>
  new PlatformClient(
    `${sandbox.url}/client/v4`,
    { kind: "token", token },
    new Scheduler({ limiter: new RateLimiter({ requests: 1e6, windowSeconds: 60 }), subrequestBudget: 1000, timeoutMs: 10_000 }),
  );
const session = new Session();
session.connect();
const report = async (label: string, collected: boolean) => {
  await session.post("HeapProfiler.startSampling", {
    samplingInterval: 32_768,
    includeObjectsCollectedByMajorGC: collected,
    includeObjectsCollectedByMinorGC: false,
  });
  return async () => {
    const { profile } = (await session.post("HeapProfiler.stopSampling")) as unknown as { profile: { head: Node } };
    const sites = new Map<string, number>();
    const leaves = new Map<string, Map<string, number>>();
    const visit = (node: Node, own: string | undefined) => {
      const f = node.callFrame;
      const here = `${f.functionName || "(anon)"} ${f.url.replace(root, "")}:${f.lineNumber + 1}`;
      const mine = f.url.startsWith(`${root}lib/`) || f.url.startsWith(`${root}app/`) ? here : own;
      if (node.selfSize) {
        sites.set(mine ?? here, (sites.get(mine ?? here) ?? 0) + node.selfSize);
        const l = leaves.get(mine ?? here) ?? new Map<string, number>();
        l.set(here, (l.get(here) ?? 0) + node.selfSize);
        leaves.set(mine ?? here, l);
      }
      node.children.forEach((c) => visit(c, mine));
    };
    visit(profile.head, undefined);
    const total = [...sites.values()].reduce((a, b) => a + b, 0);
    console.log(`${label}: ${(total / 2 ** 20).toFixed(0)} MiB sampled`);
    for (const [site, bytes] of [...sites].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
      console.log(`  ${(bytes / 2 ** 20).toFixed(1).padStart(7)} MiB  ${site}`);
      for (const [leaf, b] of [...leaves.get(site)!].sort((a, b) => b[1] - a[1]).slice(0, 4))
        console.log(`        ${(b / 2 ** 20).toFixed(1).padStart(7)} MiB  ${leaf}`);
    }
  };
};
await session.post("HeapProfiler.enable");
const live = process.env.LIVE === "1";
const stop = await report(
  live ? "sampled allocations still alive at the end" : "sampled allocations that survived scavenges (promoted), by first frame in lib/",
  !live,
);
try {
  let cursor: string | undefined;
  do cursor = (await scanAccount(client(), { cursor, refresh: cursor === undefined })).cursor;
  while (cursor);
  console.log(`after zones: heap ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MiB`);
  do cursor = (await auditCertificates(client(), { cursor, refresh: cursor === undefined })).cursor;
  while (cursor);
  await stop();
  global.gc?.();
  console.log(
    `after certificates + gc: heap ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MiB, rss ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)}`,
  );
} finally {
  await stopAll(sandbox);
}
