// The seeded demo chain, kept once per machine. Seeding mines about 2,600 blocks and sends about 60 transactions
// (5 s and 5 CPU s a start), and `npm test` starts the demo gateway about ten times. The same seed code on the same
// anvil makes the same chain (seed.ts fixes accounts, gaps and block times; only the order of the four transactions
// sent into one block together may differ, which nothing relies on), so the first start dumps the seeded state
// (anvil_dumpState: the blocks, the transactions and their traces) and later starts load it (anvil_loadState), keyed by
// a hash of this folder's sources and of the anvil binary: any change to either seeds afresh.
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, renameSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findAnvil } from "./anvil";
import { rpc } from "./rpc";
import { applyChainSettings, BLOCK_INTERVAL_SECONDS, seedChain, type SeedSummary } from "./seed";

interface CachedChain {
  summary: SeedSummary;
  /** anvil_dumpState's answer: the chain's state, gzipped JSON as hex. */
  state: string;
}

/** The seeded chain on the anvil at `url`: loaded from this machine's copy when one matches, seeded (and kept) otherwise. */
export async function seededChain(
  url: string,
  options: { cacheDir?: string } = {},
): Promise<{ summary: SeedSummary; from: "seed" | "copy" }> {
  const file = cacheFile(options.cacheDir ?? tmpdir());
  const cached = file && readCached(file);
  if (cached) {
    await rpc(url, "anvil_loadState", [cached.state]);
    // Settings are not state, and anvil's clock restarts at genesis: the blocks mined after the load must follow the
    // seed's as they would have without it (same times, hence the same hashes).
    await applyChainSettings(url);
    const latest = await rpc<{ timestamp: string }>(url, "eth_getBlockByNumber", ["latest", false]);
    await rpc(url, "evm_setNextBlockTimestamp", [Number(latest.timestamp) + BLOCK_INTERVAL_SECONDS]);
    return { summary: cached.summary, from: "copy" };
  }
  const summary = await seedChain(url);
  if (file) {
    const chain: CachedChain = { summary, state: await rpc<string>(url, "anvil_dumpState") };
    // Written aside, then renamed: two gateways seeding at once each leave a whole file, never half of one.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, JSON.stringify(chain));
    renameSync(partial, file);
  }
  return { summary, from: "seed" };
}

/** The cache's file for these sources and this anvil; none when the sources cannot be read (not run from the repository). */
function cacheFile(dir: string): string | undefined {
  const sources = join(process.cwd(), "lib", "dev", "gateway");
  if (!existsSync(sources)) return undefined;
  const hash = createHash("sha256");
  for (const name of readdirSync(sources, { recursive: true, encoding: "utf8" }).sort()) {
    const path = join(sources, name);
    if (statSync(path).isFile()) hash.update(name).update(readFileSync(path));
  }
  const anvil = findAnvil();
  const { size, mtimeMs } = statSync(anvil);
  hash.update(`${anvil} ${size} ${mtimeMs}`);
  return join(dir, `preflight-demo-chain-${hash.digest("hex").slice(0, 16)}.json`);
}

function readCached(file: string): CachedChain | undefined {
  try {
    const chain = JSON.parse(readFileSync(file, "utf8")) as Partial<CachedChain>;
    return typeof chain.state === "string" && chain.summary ? (chain as CachedChain) : undefined;
  } catch {
    return undefined; // none yet, or unreadable: seed
  }
}
