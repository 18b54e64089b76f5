// Diagnostic (`npx tsx tests/bench/diagnose/decode-profile.ts`): where POST /api/traces with decode: true
// spends the server's CPU beyond the undecoded read. Preflight runs under --cpu-prof; alternating decoded
// and undecoded reads of fresh dense windows; then the profile's self time by file and by function.
import { readdirSync, readFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BenchSeedSummary } from "@/lib/dev/gateway/bench-seed";
import { processTreeCpuMs } from "../lib/process-cpu";
import { startBenchGateway, startBenchPreflight, stopAll, type Running } from "../lib/services";

const READS = Number(process.env.READS ?? 12);
const WINDOW = 800;
interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), "decode-prof-"));
  let gateway: Running | undefined;
  let preflight: Running | undefined;
  try {
    gateway = await startBenchGateway({ tailBlocks: WINDOW + 4 * READS + 8 });
    preflight = await startBenchPreflight({}, { nodeFlags: ["--cpu-prof", `--cpu-prof-dir=${dir}`] });
    const { denseFromBlock } = ((await (await fetch(`${gateway.url}/__gateway/seed`)).json()) as { bench: BenchSeedSummary }).bench;
    const pid = preflight.service.child.pid!;
    const cpu = { plain: [] as number[], decoded: [] as number[] };
    const calls = { plain: [] as number[], decoded: [] as number[] };
    // The gateway's count of JSON-RPC calls (trace_filter pages, eth_getCode, eth_getStorageAt) per read.
    const gatewayCalls = async (method = "GET") =>
      ((await (await fetch(`${gateway!.url}/__gateway/calls`, { method })).json()) as { calls: number }).calls;
    for (let i = 0; i < 2 * READS + 2; i++) {
      const decode = i % 2 === 1;
      await gatewayCalls("DELETE");
      const before = processTreeCpuMs(pid);
      const fromBlock = denseFromBlock - WINDOW / 2 + i;
      const response = await fetch(`${preflight.url}/api/traces`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ fromBlock, toBlock: fromBlock + WINDOW - 1, ...(decode ? { decode } : {}) }),
      });
      await response.arrayBuffer();
      if (i >= 2) cpu[decode ? "decoded" : "plain"].push(processTreeCpuMs(pid) - before);
      if (i >= 2) calls[decode ? "decoded" : "plain"].push(await gatewayCalls());
    }
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    console.log(
      `server CPU: undecoded ${(sum(cpu.plain) / READS).toFixed(1)} ms a read, decoded ${(sum(cpu.decoded) / READS).toFixed(1)} ms`,
      `\ngateway calls: undecoded ${(sum(calls.plain) / READS).toFixed(1)} a read, decoded ${(sum(calls.decoded) / READS).toFixed(1)}`,
    );
  } finally {
    await stopAll(preflight, gateway);
  }
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".cpuprofile"))) {
    const profile = JSON.parse(readFileSync(join(dir, file), "utf8")) as { nodes: Node[]; samples: number[]; timeDeltas: number[] };
    const self = new Map<number, number>();
    profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
    const byFunction = new Map<string, number>();
    const byFile = new Map<string, number>();
    for (const node of profile.nodes) {
      const us = self.get(node.id) ?? 0;
      const url = node.callFrame.url.replace(/^.*\/(\.next|node_modules)\//, "$1/");
      byFile.set(url, (byFile.get(url) ?? 0) + us);
      const name = `${node.callFrame.functionName || "(anonymous)"} ${url}:${node.callFrame.lineNumber}`;
      byFunction.set(name, (byFunction.get(name) ?? 0) + us);
    }
    const top = (map: Map<string, number>, n: number) =>
      [...map]
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([k, us]) => `  ${(us / 1000).toFixed(0).padStart(6)} ms  ${k}`);
    console.log(`\n${file}: self time by file`, ...top(byFile, 15).map((l) => `\n${l}`));
    console.log(`by function`, ...top(byFunction, 30).map((l) => `\n${l}`));
  }
  console.log(`\nprofiles in ${dir}`);
}

void main();
