// Diagnostic preload for the server (zones-load.ts passes it with PROBE=1): every second, one line in
// $PROBE_DIR/gc-<pid>.log with GC pauses by kind (count, total, longest), the event loop's delay and the
// heap, to tell GC pauses from other stalls; SIGUSR2 starts, and the next SIGUSR2 writes, a CPU profile
// and a sampling heap profile (allocations by function) of the main thread.
import { appendFileSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector";
import { PerformanceObserver, constants, monitorEventLoopDelay } from "node:perf_hooks";
import process from "node:process";
import { setInterval } from "node:timers";
import { isMainThread } from "node:worker_threads";

const dir = process.env.PROBE_DIR ?? "/tmp";
if (isMainThread) {
  const kinds = {
    [constants.NODE_PERFORMANCE_GC_MINOR]: "minor",
    [constants.NODE_PERFORMANCE_GC_MAJOR]: "major",
    [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: "incremental",
    [constants.NODE_PERFORMANCE_GC_WEAKCB]: "weakcb",
  };
  let pauses = {};
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const p = (pauses[kinds[entry.detail?.kind] ?? "other"] ??= { n: 0, ms: 0, max: 0 });
      p.n++;
      p.ms += entry.duration;
      p.max = Math.max(p.max, entry.duration);
    }
  }).observe({ entryTypes: ["gc"] });
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  setInterval(() => {
    const gc = Object.entries(pauses)
      .map(([k, p]) => `${k} ${p.n}× ${p.ms.toFixed(0)} ms (max ${p.max.toFixed(1)})`)
      .join(", ");
    const heap = process.memoryUsage();
    appendFileSync(
      `${dir}/gc-${process.pid}.log`,
      `${new Date().toISOString()} heap ${(heap.heapUsed / 2 ** 20).toFixed(0)}/${(heap.heapTotal / 2 ** 20).toFixed(0)} MiB, ` +
        `loop delay p99 ${(delay.percentile(99) / 1e6).toFixed(1)} max ${(delay.max / 1e6).toFixed(1)} ms; gc ${gc}\n`,
    );
    pauses = {};
    delay.reset();
  }, 1000).unref();

  const session = new Session();
  session.connect();
  const post = (method, params = {}) =>
    new Promise((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))));
  let profiles = 0;
  let running = false;
  process.on("SIGUSR2", async () => {
    if (!running) {
      running = true;
      await post("Profiler.enable");
      await post("Profiler.setSamplingInterval", { interval: 200 });
      await post("HeapProfiler.enable");
      // Every sampled allocation, also those already collected: what the GC has to work through.
      await post("HeapProfiler.startSampling", {
        samplingInterval: 16_384,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      });
      await post("Profiler.start");
      return;
    }
    running = false;
    const { profile } = await post("Profiler.stop");
    const { profile: heap } = await post("HeapProfiler.stopSampling");
    profiles++;
    writeFileSync(`${dir}/probe-${process.pid}-${profiles}.cpuprofile`, JSON.stringify(profile));
    writeFileSync(`${dir}/probe-${process.pid}-${profiles}.heapprofile`, JSON.stringify(heap));
  });
}
