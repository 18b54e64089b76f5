// Decodes the frames of a list of traces (one transaction's, or what a page shows). Uploaded ABIs and
// bundled interfaces need no gateway call; only frames they leave undecoded read code (eth_getCode, once
// per address and block hash) and, for a proxy the trace does not reveal, its implementation slot.
import { buildCallTrees, type CallNode } from "@/lib/gateway/call-tree";
import type { Trace } from "@/lib/gateway/trace";
import { GatewayError } from "@/lib/errors/gateway-errors";
import { NO_CODE, resolveProxy, type CodeAnalysis } from "./bytecode";
import type { ReadCode } from "./code-cache";
import { decodeFrame, decodeFromInterfaces } from "./decode-frame";
import { hasSelector } from "@/lib/gateway/trace";
import type { Decoded } from "./types";

export interface DecodeDeps {
  /** The uploaded ABIs of these (lowercase) addresses, for those that have one. */
  abis(addresses: readonly string[]): Promise<ReadonlyMap<string, readonly unknown[]>>;
  /** The code of `address` at the block (cached per address and block hash). */
  code(address: string, blockNumber: number, blockHash: string): Promise<ReadCode>;
  /** A storage word of `address` at the block. */
  storage(address: string, slot: string, blockNumber: number): Promise<string>;
}

/** Decodings already made in one request, by what they depend on: a repeated call is decoded once. */
export type DecodeMemo = Map<string, Promise<Decoded | null>>;

/** `decoded[i]` for `traces[i]`: null where there is nothing to decode (no selector, a create, a reward). */
export async function decodeTraces(
  traces: readonly Trace[],
  deps: DecodeDeps,
  memo: DecodeMemo = new Map(),
): Promise<Array<Decoded | null>> {
  const frames = traces.map((trace, index) => ({ trace, index })).filter(({ trace }) => decodable(trace));
  // Nothing to decode (a chunk of a fan-out's value calls): no call tree, and no source is asked anything.
  if (frames.length === 0) return traces.map(() => null);
  const implementations = implementationsInTrace(traces);
  const lower = (value: string | null | undefined) => value?.toLowerCase();
  const addresses = frames.flatMap(({ trace, index }) =>
    [lower(trace.action.to), implementations.get(index), lower(trace.action.from)].filter((a): a is string => !!a),
  );
  const abis = new Map(await deps.abis([...new Set(addresses)]));
  const decoded: Array<Decoded | null> = traces.map(() => null);
  await Promise.all(
    frames.map(async ({ trace, index }) => {
      const to = trace.action.to!.toLowerCase();
      let implementation = implementations.get(index);
      const delegated = trace.action.callType === "delegatecall" ? lower(trace.action.from) : undefined;
      const uploaded = () => [to, implementation, delegated].flatMap((a) => (a && abis.has(a) ? [abis.get(a)!] : []));
      const output = trace.error === undefined ? trace.result?.output : undefined; // a failed call's output is its revert data
      const frame = { input: trace.action.input!, output, uploaded: uploaded(), code: [] as CodeAnalysis[] };
      // The output counts only where an uploaded ABI decodes it; the code only at its block.
      const key = [to, implementation, delegated, frame.input, frame.uploaded.length ? (frame.output ?? "") : ""].join("|");
      const known = await once(memo, key, async () => decodeFromInterfaces({ ...frame, implementation }));
      if (known) return void (decoded[index] = known);
      // Neither an uploaded ABI nor a bundled interface knows the selector: read the code that ran.
      const block = { number: trace.blockNumber, hash: trace.blockHash ?? `#${trace.blockNumber}` };
      decoded[index] = await once(memo, `${key}@${block.hash}`, async () => {
        const own = await readOrNone(deps, to, block);
        const code = [own.analysis];
        if (!implementation && own.analysis.proxies.length > 0) {
          const storage = (address: string, slot: string) => deps.storage(address, slot, block.number);
          implementation = await resolveProxy(own.analysis, to, own.code, storage, trace.action.input!.slice(0, 10));
          if (implementation && !abis.has(implementation)) {
            for (const [address, abi] of await deps.abis([implementation])) abis.set(address, abi);
          }
        }
        if (implementation) code.push((await readOrNone(deps, implementation, block)).analysis);
        return decodeFrame({ ...frame, uploaded: uploaded(), code, implementation });
      });
    }),
  );
  return decoded;
}

function once(memo: DecodeMemo, key: string, decode: () => Promise<Decoded | null>): Promise<Decoded | null> {
  let known = memo.get(key);
  if (!known) memo.set(key, (known = decode()));
  return known;
}

/** The code, or none where the gateway refuses the read (a 403: eth_getCode not offered): the frame is then guessed. */
async function readOrNone(deps: DecodeDeps, address: string, block: { number: number; hash: string }): Promise<ReadCode> {
  try {
    return await deps.code(address, block.number, block.hash);
  } catch (error) {
    if (error instanceof GatewayError && error.kind === "method_not_supported") return { code: "0x", analysis: NO_CODE };
    throw error;
  }
}

function decodable(trace: Trace): boolean {
  return trace.type === "call" && !!trace.action.to && hasSelector(trace.action.input);
}

/** A call whose child DELEGATECALLs the same input is a proxy: the child's callee is its implementation. */
export function implementationsInTrace(traces: readonly Trace[]): Map<number, string> {
  const found = new Map<number, string>();
  // Without a DELEGATECALL there is no proxy to find (most of a range's chunks): no call tree is built.
  if (!traces.some((trace) => trace.action.callType === "delegatecall")) return found;
  const visit = (node: CallNode) => {
    const input = node.trace.action.input?.toLowerCase();
    const child = node.children.find(
      (c) =>
        c.trace.action.callType === "delegatecall" &&
        c.trace.traceAddress.length === node.trace.traceAddress.length + 1 && // its own child, not a nearer ancestor's
        c.trace.action.input?.toLowerCase() === input &&
        c.trace.action.to,
    );
    if (child && hasSelector(input)) found.set(node.index, child.trace.action.to!.toLowerCase());
    node.children.forEach(visit);
  };
  buildCallTrees(traces).forEach((tree) => tree.roots.forEach(visit));
  return found;
}
