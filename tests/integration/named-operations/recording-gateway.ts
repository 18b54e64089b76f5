// A JSON-RPC gateway that records each call's URL path and method and answers with an empty chain, or with
// the one-transaction chain it is given (what the decoding operations read: the transaction, its traces, code).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordingGateway {
  url: string;
  calls: Array<{ path: string; method: string }>;
  close: () => Promise<void>;
}

/** One mined transaction and its trace records, as a node answers them. */
export interface RecordedTransaction {
  hash: string;
  blockNumber: number;
  blockHash: string;
  traces: Array<Record<string, unknown>>;
}

interface Rpc {
  method?: string;
  params?: unknown[];
  id?: number;
}

function result(rpc: Rpc, chain?: RecordedTransaction): unknown {
  if (rpc.method === "eth_getBlockByNumber") return { number: "0x3e8", hash: `0x${"ab".repeat(32)}` };
  if (!chain) return [];
  const hex = (n: number) => `0x${n.toString(16)}`;
  switch (rpc.method) {
    case "eth_getTransactionByHash":
      return String(rpc.params?.[0]).toLowerCase() === chain.hash
        ? { hash: chain.hash, blockNumber: hex(chain.blockNumber), blockHash: chain.blockHash }
        : null;
    case "trace_filter": {
      const filter = (rpc.params?.[0] ?? {}) as { fromBlock?: string; toBlock?: string };
      const within = Number(filter.fromBlock) <= chain.blockNumber && chain.blockNumber <= Number(filter.toBlock);
      return within ? chain.traces : [];
    }
    case "eth_getCode":
      return "0x"; // no code: the bundled interfaces decode, the bytecode has nothing to add
    case "eth_getStorageAt":
      return `0x${"00".repeat(32)}`;
    default:
      return [];
  }
}

export async function startRecordingGateway(path: string, chain?: RecordedTransaction): Promise<RecordingGateway> {
  const calls: RecordingGateway["calls"] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      let parsed: Rpc | Rpc[] = {};
      try {
        parsed = JSON.parse(body) as Rpc | Rpc[];
      } catch {
        // recorded with no method
      }
      const answer = (rpc: Rpc) => {
        calls.push({ path: req.url ?? "", method: String(rpc.method) });
        return { jsonrpc: "2.0", id: rpc.id ?? 1, result: result(rpc, chain) };
      };
      const out = Array.isArray(parsed) ? parsed.map(answer) : answer(parsed);
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(out));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  return { url, calls, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
