// Process entry: `npx tsx lib/dev/gateway/main.ts`. Starts anvil on ANVIL_PORT, seeds it, serves the
// policy layer on GATEWAY_PORT, prints one ready line, and stops anvil on SIGINT/SIGTERM.
import { DEFAULT_ANVIL_PORT, DEFAULT_GATEWAY_PORT } from "@/lib/config-schema";
import { ConfigError } from "@/lib/errors/internal-errors";
import { closeOnSignals } from "@/lib/dev/launcher/processes";
import { startDemoGateway } from "./demo-gateway";

function port(name: string, fallback: number): number {
  const raw = process.env[name]?.trim() || String(fallback);
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < 1 || value > 65_535) throw new ConfigError(name, "must be a port number (1-65535)");
  return value;
}

async function main() {
  const started = Date.now();
  const gateway = await startDemoGateway({
    anvilPort: port("ANVIL_PORT", DEFAULT_ANVIL_PORT),
    gatewayPort: port("GATEWAY_PORT", DEFAULT_GATEWAY_PORT),
    // The benchmarks' extension of the chain (tests/bench); the default chain is unchanged without it.
    benchSeed:
      process.env.DEMO_GATEWAY_BENCH_SEED === "1" ? { tailBlocks: Number(process.env.DEMO_GATEWAY_BENCH_TAIL ?? 0) || 0 } : undefined,
  });
  console.log(
    `demo gateway ready on ${gateway.url} (anvil on ${gateway.anvil.url}: ${gateway.seed.latestBlock} blocks, ` +
      `${gateway.seed.transactions} transactions, ${gateway.chainFrom === "copy" ? "loaded from this checkout's copy" : "seeded"} ` +
      `in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  closeOnSignals(() => gateway.close());
}

main().catch((error: unknown) => {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const hint = code === "EADDRINUSE" ? " (GATEWAY_PORT is already in use)" : "";
  console.error(`demo gateway: could not start${hint}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
