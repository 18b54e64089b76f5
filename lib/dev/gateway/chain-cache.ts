// The seeded demo chain, kept once per checkout. Seeding mines about 2,600 blocks and sends about 60 transactions
// (5 s and 5 CPU s a start), and `npm test` starts the demo gateway about ten times. The same seed code on the same
// anvil makes the same chain (seed.ts fixes accounts, gaps and block times; only the order of the four transactions
// sent into one block together may differ, which nothing relies on), so the first start dumps the seeded state
// (anvil_dumpState: the blocks, the transactions and their traces) and later starts load it (anvil_loadState). The
// copy is named by a hash of this folder's sources and of the anvil binary's path, size and modification time, so a
// change to the seed or a new anvil seeds afresh; it lives in node_modules/.cache, which `npm ci` empties.
import { createHash, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { findAnvil } from "./anvil";
import { rpc } from "./rpc";
import { applyChainSettings, BLOCK_INTERVAL_SECONDS, seedChain, type SeedSummary } from "./seed";

interface CachedChain {
  summary: SeedSummary;
  /** anvil_dumpState's answer: the chain's state, gzipped JSON as hex. */
  state: string;
}

const PREFIX = "demo-chain-";

/** The seeded chain on the anvil at `url`: loaded from this checkout's copy when one matches, seeded (and kept) otherwise. */
export async function seededChain(
  url: string,
  options: { cacheDir?: string } = {},
): Promise<{ summary: SeedSummary; from: "seed" | "copy" }> {
  const dir = options.cacheDir ?? join(process.cwd(), "node_modules", ".cache", "preflight");
  const file = copyFile(dir);
  const cached = file && readCopy(file);
  if (cached) {
    try {
      await rpc(url, "anvil_loadState", [cached.state]);
    } catch (error) {
      // This anvil may hold part of the copy now: say so, and let the next start seed instead of loading it again.
      rmSync(file, { force: true });
      throw new Error(`anvil could not load the demo chain's copy (removed; the next start seeds): ${String(error)}`, { cause: error });
    }
    // Settings are not state, and anvil's clock restarts at genesis: the blocks mined after the load must follow the
    // seed's as they would have without it (same times, hence the same hashes).
    await applyChainSettings(url);
    const latest = await rpc<{ timestamp: string }>(url, "eth_getBlockByNumber", ["latest", false]);
    await rpc(url, "evm_setNextBlockTimestamp", [Number(latest.timestamp) + BLOCK_INTERVAL_SECONDS]);
    return { summary: cached.summary, from: "copy" };
  }
  const summary = await seedChain(url);
  if (file) await keepCopy(url, dir, file, summary);
  return { summary, from: "seed" };
}

/**
 * Dumps the seeded chain for the next start, and removes the copies of earlier sources. Written aside, then renamed,
 * so two gateways seeding at once each leave a whole file. Only a speed-up: a copy that cannot be written is left out.
 */
async function keepCopy(url: string, dir: string, file: string, summary: SeedSummary): Promise<void> {
  const partial = `${file}.${randomUUID()}.partial`;
  try {
    const chain: CachedChain = { summary, state: await rpc<string>(url, "anvil_dumpState") };
    mkdirSync(dir, { recursive: true });
    writeFileSync(partial, JSON.stringify(chain));
    renameSync(partial, file);
    for (const name of readdirSync(dir))
      if (name.startsWith(PREFIX) && join(dir, name) !== file && !name.endsWith(".partial")) rmSync(join(dir, name), { force: true });
  } catch (error) {
    rmSync(partial, { force: true });
    console.warn(`demo gateway: the seeded chain was not kept for the next start (${String(error)})`);
  }
}

/** The copy's file for these sources and this anvil; none when the sources cannot be read (not run from the repository). */
function copyFile(dir: string): string | undefined {
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
  return join(dir, `${PREFIX}${hash.digest("hex").slice(0, 16)}.json`);
}

function readCopy(file: string): CachedChain | undefined {
  try {
    const chain = JSON.parse(readFileSync(file, "utf8")) as Partial<CachedChain>;
    return typeof chain.state === "string" && chain.summary ? (chain as CachedChain) : undefined;
  } catch {
    return undefined; // none yet, or unreadable: seed
  }
}
