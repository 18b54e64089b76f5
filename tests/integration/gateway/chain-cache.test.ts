// Integration: the demo chain kept once per machine (lib/dev/gateway/chain-cache.ts), on two real anvils. The first
// seeds and keeps its state; the second loads it and must be the same chain: every trace of every block, the
// seed's summary, and the blocks mined after it (same times, hence the same hashes).
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { startAnvil, type Anvil } from "@/lib/dev/gateway/anvil";
import { seededChain } from "@/lib/dev/gateway/chain-cache";
import { rpc } from "@/lib/dev/gateway/rpc";

const cacheDir = mkdtempSync(join(tmpdir(), "preflight-chain-cache-"));
const anvils: Anvil[] = [];

afterAll(async () => {
  await Promise.all(anvils.map((anvil) => anvil.stop()));
  rmSync(cacheDir, { recursive: true, force: true });
});

/** Every trace of the chain (anvil answers at most 301 blocks a call), then two blocks mined after it. */
async function chainOf(url: string) {
  const latest = Number(await rpc<string>(url, "eth_blockNumber"));
  const traces: unknown[] = [];
  for (let from = 0; from <= latest; from += 300) {
    const to = Math.min(latest, from + 299);
    traces.push(...(await rpc<unknown[]>(url, "trace_filter", [{ fromBlock: `0x${from.toString(16)}`, toBlock: `0x${to.toString(16)}` }])));
  }
  const mined: Array<{ hash: string; timestamp: string }> = [];
  for (let i = 0; i < 2; i++) {
    await rpc(url, "evm_mine");
    mined.push(await rpc<{ hash: string; timestamp: string }>(url, "eth_getBlockByNumber", ["latest", false]));
  }
  return { latest, traces, mined: mined.map(({ hash, timestamp }) => ({ hash, timestamp })) };
}

it("a second start loads the first start's chain: the same traces, summary and next blocks", async () => {
  // A copy of other sources, as an earlier checkout of the seed left it: replaced by this one's.
  writeFileSync(join(cacheDir, "demo-chain-0123456789abcdef.json"), "{}");
  const first = await startAnvil(0);
  anvils.push(first);
  const seeded = await seededChain(first.url, { cacheDir });
  expect(seeded.from).toBe("seed");
  const copies = readdirSync(cacheDir);
  expect(copies).toHaveLength(1);
  expect(copies[0]).toMatch(/^demo-chain-[0-9a-f]{16}\.json$/);
  expect(copies[0]).not.toBe("demo-chain-0123456789abcdef.json");
  const second = await startAnvil(0);
  anvils.push(second);
  const loaded = await seededChain(second.url, { cacheDir });
  expect(loaded.from).toBe("copy");
  expect(loaded.summary).toEqual(seeded.summary);

  const [a, b] = [await chainOf(first.url), await chainOf(second.url)];
  expect(a.latest).toBe(seeded.summary.latestBlock);
  expect(a.traces.length).toBeGreaterThan(100);
  expect(b.latest).toBe(a.latest);
  expect(b.traces).toEqual(a.traces);
  expect(b.mined).toEqual(a.mined);
}, 60_000);
