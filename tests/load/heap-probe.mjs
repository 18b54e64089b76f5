// Preloaded into every process of the load test's `next start` (NODE_OPTIONS=--import: the CLI and the next-server it
// forks): on SIGUSR2 it runs a full garbage collection (through the inspector, so no --expose-gc) and writes what the
// heap still holds to $LOAD_PROBE_DIR/heap-<pid>.json. Live bytes after a full collection move by a few MiB between
// quiet moments, where resident memory moves by tens of MiB with the collector's mood: that is what lets a short run
// see a leak of a few KB per request.
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector";
import process from "node:process";
import { isMainThread } from "node:worker_threads";

const dir = process.env.LOAD_PROBE_DIR;
if (isMainThread && dir) {
  const session = new Session();
  session.connect();
  const post = (method) => new Promise((resolve, reject) => session.post(method, (error) => (error ? reject(error) : resolve())));
  let asked = 0;
  process.on("SIGUSR2", async () => {
    const sequence = ++asked;
    // Twice: the first collection runs finalizers whose objects only the second one frees.
    await post("HeapProfiler.collectGarbage");
    await post("HeapProfiler.collectGarbage");
    const { heapUsed, external } = process.memoryUsage();
    writeFileSync(`${dir}/heap-${process.pid}.json`, JSON.stringify({ sequence, heapUsed, external }));
  });
  // Which processes to ask: whoever loaded the probe.
  writeFileSync(`${dir}/probe-${process.pid}`, "");
}
