// Diagnostic (`npx tsx tests/bench/diagnose/zones-floor.ts [seconds] [rounds]`): figure 6's cached zones CPU against
// its floor. On the bench build (Preflight + tests/bench/passthrough/bytes-route.ts), after one 5,000-zone scan,
// at 50 connections in alternating windows: cached GET /api/zones ÷ GET /api/health (the figure), an operation of a
// viewer answering as many bytes ÷ health (what any such answer costs next start: the floor), and zones ÷ that
// operation (what Preflight's cached answer adds to it). Server CPU per answer from the process tree.
import { alternatingLoad } from "../lib/alternating-load";
import { ensureBenchBuild } from "../lib/bench-build";
import { median } from "../lib/figures";
import { startBenchPreflight, startBenchSandbox, stopAll, type Running } from "../lib/services";
import { preflightScan } from "../scan/preflight-scan";

const seconds = Number(process.argv[2] ?? 20);
const rounds = Number(process.argv[3] ?? 3);
let sandbox: Running | undefined;
let preflight: Running | undefined;
try {
  const dir = await ensureBenchBuild();
  sandbox = await startBenchSandbox({ zones: 5000, rateLimit: 0 });
  preflight = await startBenchPreflight({}, { dir });
  await preflightScan(preflight.url);
  const size = (await (await fetch(`${preflight.url}/api/zones`)).arrayBuffer()).byteLength;
  const [zones, health, bytes] = ["/api/zones", "/api/health", `/api/bench-bytes?bytes=${size}`].map((path) => `${preflight!.url}${path}`);
  const pairs = [
    ["cached zones ÷ health (figure 6)", zones!, health!],
    [`floor: ${(size / 1024).toFixed(0)} KB from an operation ÷ health`, bytes!, health!],
    ["cached zones ÷ that operation", zones!, bytes!],
  ] as const;
  const serverPid = preflight.service.child.pid!;
  await alternatingLoad([zones!, bytes!], { windows: 2, seconds: 3, connections: 50 }); // compiled and collected first
  const ratios: number[][] = pairs.map(() => []);
  for (let round = 0; round < rounds; round++)
    for (const [index, [, a, b]] of pairs.entries()) {
      const [x, y] = await alternatingLoad([a, b], {
        windows: Math.max(1, Math.round(seconds / 5)),
        seconds: 5,
        connections: 50,
        serverPid,
      });
      if (x.errors + y.errors) throw new Error(`${x.errors + y.errors} load errors`);
      ratios[index]!.push(x.cpuMsPerAnswer! / y.cpuMsPerAnswer!);
      console.log(`  ${pairs[index]![0]}: ${x.cpuMsPerAnswer!.toFixed(3)} ÷ ${y.cpuMsPerAnswer!.toFixed(3)} ms`);
    }
  for (const [index, [name]] of pairs.entries())
    console.log(`${name}: ${median(ratios[index]!).toFixed(2)}× (${ratios[index]!.map((r) => r.toFixed(2)).join(", ")})`);
} finally {
  await stopAll(preflight, sandbox);
}
