// Preloaded into the bench's `next start` (NODE_OPTIONS=--import): the main thread's garbage collection,
// written every 200 ms to $BENCH_PROBE_DIR/gc-<pid>.json (mark-compacts, scavenges, and how much the old
// generation grew between mark-compacts: what survived scavenges, i.e. promotion). SIGUSR2 starts a
// sampling heap profile; the next SIGUSR2 writes heap-<pid>.json: the live heap by allocating function
// (or, when $BENCH_PROBE_DIR/want-snapshot exists, a heap snapshot: server.heapsnapshot).
import { existsSync, renameSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector";
import { PerformanceObserver, constants } from "node:perf_hooks";
import process from "node:process";
import { setInterval } from "node:timers";
import v8 from "node:v8";
import { isMainThread } from "node:worker_threads";

const dir = process.env.BENCH_PROBE_DIR;
if (isMainThread && dir) {
  const oldUsed = () =>
    v8
      .getHeapSpaceStatistics()
      .filter((s) => s.space_name === "old_space" || s.space_name === "large_object_space")
      .reduce((sum, s) => sum + s.space_used_size, 0);
  const totals = { liveAfterMarkCompactMiB: 0, markCompacts: 0, scavenges: 0, promotedBytes: 0, gcMs: 0, maxPauseMs: 0 };
  let last = oldUsed();
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = entry.detail?.kind;
      totals.gcMs += entry.duration;
      totals.maxPauseMs = Math.max(totals.maxPauseMs, entry.duration);
      const now = oldUsed();
      if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) {
        totals.markCompacts++;
        // What the heap held alive right after a full collection: its live size, garbage excluded.
        totals.liveAfterMarkCompactMiB = Math.max(totals.liveAfterMarkCompactMiB, Math.round(process.memoryUsage().heapUsed / 2 ** 20));
      } else {
        if (kind === constants.NODE_PERFORMANCE_GC_MINOR) totals.scavenges++;
        totals.promotedBytes += Math.max(0, now - last);
      }
      last = now;
    }
  }).observe({ entryTypes: ["gc"] });
  // The largest each part of the process's memory reached (MiB): which of them an RSS peak is.
  const peak = { rss: 0, heapTotal: 0, heapUsed: 0, external: 0, arrayBuffers: 0 };
  const file = `${dir}/gc-${process.pid}.json`;
  setInterval(() => {
    const now = process.memoryUsage();
    for (const key of Object.keys(peak)) peak[key] = Math.max(peak[key], Math.round(now[key] / 2 ** 20));
    // Written whole, then renamed: a reader never sees half a file (it was skipped, and a window's mark-compacts
    // then counted negative).
    writeFileSync(`${file}.tmp`, JSON.stringify({ ...totals, peak, heapUsedMiB: Math.round(now.heapUsed / 2 ** 20) }));
    renameSync(`${file}.tmp`, file);
  }, 200).unref();

  const session = new Session();
  session.connect();
  const post = (method, params = {}) =>
    new Promise((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))));
  let sampling = false;
  process.on("SIGUSR2", async () => {
    // Asked for a heap snapshot instead (heap-snapshot.ts summarizes it by constructor).
    if (existsSync(`${dir}/want-snapshot`)) {
      v8.writeHeapSnapshot(`${dir}/server.heapsnapshot`);
      writeFileSync(`${dir}/snapshot-written`, "");
      return;
    }
    if (!sampling) {
      sampling = true;
      await post("HeapProfiler.enable");
      await post("HeapProfiler.startSampling", { samplingInterval: 65_536 });
      writeFileSync(`${dir}/sampling-${process.pid}`, "");
      return;
    }
    sampling = false;
    const { profile } = await post("HeapProfiler.stopSampling");
    // Live bytes by function (self), and by the first frame in Preflight's own code on the stack.
    const bySite = new Map();
    const visit = (node, preflight) => {
      const f = node.callFrame;
      const site = `${f.functionName || "(anonymous)"} ${f.url.replace(/^.*\/(\.next|node_modules)\//, "$1/")}:${f.lineNumber + 1}`;
      const own = /\/lib\/|\/app\//.test(f.url) && !f.url.includes("node_modules") ? site : preflight;
      if (node.selfSize) {
        const s = bySite.get(own ?? "(outside Preflight's code)") ?? { bytes: 0, leaf: new Map() };
        s.bytes += node.selfSize;
        s.leaf.set(site, (s.leaf.get(site) ?? 0) + node.selfSize);
        bySite.set(own ?? "(outside Preflight's code)", s);
      }
      for (const child of node.children) visit(child, own);
    };
    visit(profile.head, undefined);
    const top = [...bySite.entries()]
      .sort((a, b) => b[1].bytes - a[1].bytes)
      .slice(0, 12)
      .map(([site, s]) => ({ site, bytes: s.bytes, leaf: [...s.leaf.entries()].sort((a, b) => b[1] - a[1]).slice(0, 3) }));
    writeFileSync(`${dir}/heap-${process.pid}.json`, JSON.stringify({ heapUsed: process.memoryUsage().heapUsed, top }));
  });
}
