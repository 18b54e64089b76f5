// The whole demo gateway: anvil, seeded, behind the policy layer. Used by `npm start` (through
// main.ts) and by the integration tests, which start their own on free ports.
import { startAnvil, type Anvil } from "./anvil";
import { startPolicyLayer, type PolicyLayer } from "./policy";
import { seedBenchExtension, type BenchSeedSummary } from "./bench-seed";
import { seededChain } from "./chain-cache";
import type { SeedSummary } from "./seed";

export interface DemoGateway {
  /** What ETH_GATEWAY_URL points at. */
  url: string;
  /** The policy layer's own address (for its /__gateway control endpoints). */
  origin: string;
  anvil: Anvil;
  seed: SeedSummary & { bench?: BenchSeedSummary };
  /** Whether the default chain was seeded by this start or loaded from this checkout's copy (chain-cache.ts). */
  chainFrom: "seed" | "copy";
  close(): Promise<void>;
}

export async function startDemoGateway(options: {
  /** 0: any free port, bound by anvil and the policy layer themselves (a port picked beforehand can be taken meanwhile). */
  anvilPort: number;
  gatewayPort: number;
  methods?: readonly string[];
  /** Append the benchmarks' dense range (and `tailBlocks` empty blocks) after the default chain. */
  benchSeed?: { tailBlocks: number };
}): Promise<DemoGateway> {
  const anvil = await startAnvil(options.anvilPort);
  let policy: PolicyLayer | undefined;
  try {
    const { summary: base, from: chainFrom } = await seededChain(anvil.url);
    const bench = options.benchSeed
      ? await seedBenchExtension(anvil.url, base.contracts.fan, base.contracts.answer, options.benchSeed.tailBlocks)
      : undefined;
    const seed = bench ? { ...base, latestBlock: bench.latestBlock, bench } : base;
    policy = await startPolicyLayer({ port: options.gatewayPort, upstream: anvil.url, methods: options.methods, seed });
    const layer = policy;
    return {
      url: `${layer.url}/v1/anvil`,
      origin: layer.url,
      anvil,
      seed,
      chainFrom,
      close: async () => {
        await layer.close();
        await anvil.stop();
      },
    };
  } catch (error) {
    await policy?.close();
    await anvil.stop();
    throw error;
  }
}
