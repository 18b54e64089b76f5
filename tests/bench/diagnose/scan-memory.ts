// Diagnostic (`npx tsx tests/bench/diagnose/scan-memory.ts [zones]`): the scan of figure 6's account alone,
// with the server tree's peak RSS by process and the live heap by allocating site at the end of it.
import { readFileSync } from "node:fs";
import { liveHeapDuring } from "../lib/probe";
import { descendants, peakRss, treeRssMiB } from "../lib/rss";
import { startBenchPreflight, startBenchSandbox, stopAll, type Running } from "../lib/services";
import { follow } from "../scan/preflight-scan";

const zones = Number(process.argv[2] ?? 5000);
let sandbox: Running | undefined;
let preflight: Running | undefined;
try {
  sandbox = await startBenchSandbox({ zones, rateLimit: 0 });
  preflight = await startBenchPreflight();
  const pid = preflight.service.child.pid!;
  const server = preflight;
  const peaks = new Map<number, number>();
  const timer = setInterval(() => {
    for (const p of [pid, ...descendants(pid)]) {
      const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, "utf8"));
      const name = readFileSync(`/proc/${p}/comm`, "utf8").trim();
      peaks.set(p, Math.max(peaks.get(p) ?? 0, Number(m?.[1] ?? 0) / 1024));
      void name;
    }
  }, 100);
  const started = Date.now();
  const line = (what: string) =>
    console.log(`${((Date.now() - started) / 1000).toFixed(0)} s ${what} ${readFileSync(`${server.probeDir}/gc-${pid}.json`, "utf8")}`);
  const timeline = setInterval(() => line(""), 5000);
  const scan = await peakRss(pid, () =>
    liveHeapDuring(pid, server.probeDir!, async () => {
      const zonesPart = await follow(server.url, "/api/zones");
      line(`zones done (${zonesPart.requests} requests)`);
      const certs = await follow(server.url, "/api/certificates");
      line(`certificates done (${certs.requests} requests)`);
      return { ms: Date.now() - started };
    }),
  );
  clearInterval(timeline);
  clearInterval(timer);
  console.log(
    `peak tree RSS ${scan.peakMiB.toFixed(0)} MiB; after ${treeRssMiB(pid).toFixed(0)}; scan ${(scan.value.value.ms / 1000).toFixed(1)} s`,
  );
  for (const [p, mib] of peaks)
    console.log(`  pid ${p} ${readFileSync(`/proc/${p}/cmdline`, "utf8").replace(/\0/g, " ").slice(0, 90)}: peak ${mib.toFixed(0)} MiB`);
  const gc = JSON.parse(readFileSync(`${server.probeDir}/gc-${pid}.json`, "utf8")) as {
    peak: Record<string, number>;
    markCompacts: number;
  };
  console.log(`process.memoryUsage() peaks (MiB): ${JSON.stringify(gc.peak)}; ${gc.markCompacts} mark-compacts`);
  console.log(`heap used ${(scan.value.heapUsed / 2 ** 20).toFixed(0)} MiB; live sampled by site:`);
  for (const s of scan.value.top) {
    console.log(`  ${(s.bytes / 2 ** 20).toFixed(1).padStart(7)} MiB  ${s.site}`);
    for (const [leaf, bytes] of s.leaf) console.log(`      ${(bytes / 2 ** 20).toFixed(1).padStart(7)} MiB  ${leaf}`);
  }
  const { serverHeapSummary } = await import("../lib/heap-snapshot");
  const summary = await serverHeapSummary(pid, server.probeDir!, 25);
  console.log(`heap snapshot ${(summary.totalBytes / 2 ** 20).toFixed(0)} MiB by constructor:`);
  for (const g of summary.groups)
    console.log(`  ${(g.bytes / 2 ** 20).toFixed(1).padStart(7)} MiB ${String(g.count).padStart(8)}×  ${g.name}`);
} finally {
  await stopAll(preflight, sandbox);
}
