// The demo gateway's policy layer: a thin HTTP front of anvil that behaves as the gateway does.
// 403 for methods outside the supported list; trace_filter limited to 800 blocks and count 200,
// block tags accepted (anvil itself takes only numbers, and 300 blocks per call, so this layer
// reads a window in anvil-sized pieces and applies after/count over them).
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { rpc, RpcFailure, toQuantity } from "./rpc";

export const SUPPORTED_METHODS = [
  "web3_clientVersion",
  "net_version",
  "eth_chainId",
  "eth_blockNumber",
  "eth_getBlockByNumber",
  "eth_getBlockByHash",
  "eth_getTransactionByHash",
  "eth_getTransactionReceipt",
  "eth_getBalance",
  "eth_getCode",
  "eth_getStorageAt",
  "eth_getTransactionCount",
  "eth_call",
  "eth_getLogs",
  "eth_gasPrice",
  "trace_filter",
  "trace_block",
  "trace_transaction",
] as const;

const MAX_BLOCKS = 800;
const MAX_COUNT = 200;
const ANVIL_MAX_SPAN = 300; // anvil refuses toBlock - fromBlock > 300

export interface PolicyLayer {
  url: string;
  close(): Promise<void>;
}

interface Stats {
  calls: number;
  inFlight: number;
  peakInFlight: number;
  /** Test knobs: a delay before every answer, methods refused as if unsupported, and the index of a
   * trace_filter record answered spoiled (its blockNumber not a number), as a broken node would. */
  latencyMs: number;
  refused: string[];
  spoilRecord?: number;
}

export async function startPolicyLayer(options: {
  port: number;
  upstream: string;
  methods?: readonly string[];
  seed?: object;
}): Promise<PolicyLayer> {
  const methods = new Set<string>(options.methods ?? SUPPORTED_METHODS);
  const stats: Stats = { calls: 0, inFlight: 0, peakInFlight: 0, latencyMs: 0, refused: [] };
  const server = createServer((request, response) => {
    handle(request, response).catch(() => send(response, 500, { error: "policy layer failed" }));
  });

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const path = new URL(request.url ?? "/", "http://localhost").pathname;
    const body = await readBody(request);
    if (path === "/__gateway/health") return send(response, 200, { ok: true });
    if (path === "/__gateway/seed") return send(response, options.seed ? 200 : 404, options.seed ?? {});
    if (path === "/__gateway/calls") {
      if (request.method === "DELETE") Object.assign(stats, { calls: 0, peakInFlight: 0 });
      return send(response, 200, { calls: stats.calls, peakInFlight: stats.peakInFlight });
    }
    if (path === "/__gateway/faults" && request.method === "POST") {
      const faults = JSON.parse(body || "{}") as { latencyMs?: unknown; refuse?: unknown; spoilRecord?: unknown };
      const latency = Number(faults.latencyMs ?? 0);
      stats.latencyMs = Number.isFinite(latency) ? Math.max(0, Math.min(latency, 10_000)) : 0;
      stats.refused = Array.isArray(faults.refuse) ? faults.refuse.map(String) : [];
      stats.spoilRecord = Number.isSafeInteger(faults.spoilRecord) ? (faults.spoilRecord as number) : undefined;
      return send(response, 200, { latencyMs: stats.latencyMs, refuse: stats.refused, spoilRecord: stats.spoilRecord });
    }
    if (request.method !== "POST" || !/^\/v1\/[a-z0-9-]+$/.test(path)) return send(response, 404, { error: "POST /v1/<network>" });
    stats.calls++;
    stats.peakInFlight = Math.max(stats.peakInFlight, ++stats.inFlight);
    try {
      if (stats.latencyMs) await new Promise((resolve) => setTimeout(resolve, stats.latencyMs));
      let message: { id?: unknown; method?: unknown; params?: unknown };
      try {
        message = JSON.parse(body) as typeof message;
      } catch {
        return send(response, 200, failure(null, -32700, "Parse error"));
      }
      if (Array.isArray(message)) return send(response, 200, failure(null, -32600, "batch requests are not supported"));
      const id = message.id ?? null;
      if (typeof message.method !== "string" || !methods.has(message.method) || stats.refused.includes(message.method)) {
        return send(response, 403, failure(id, -32601, `method ${String(message.method).slice(0, 64)} is not supported by this gateway`));
      }
      const params = Array.isArray(message.params) ? message.params : [];
      try {
        const result =
          message.method === "trace_filter"
            ? spoiled(await traceFilter(options.upstream, params[0]), stats.spoilRecord)
            : await rpc(options.upstream, message.method, params);
        return send(response, 200, { jsonrpc: "2.0", id, result });
      } catch (error) {
        if (error instanceof RpcFailure) return send(response, 200, failure(id, error.code, error.message.replace(/^[a-z_]+: /i, "")));
        throw error;
      }
    } finally {
      stats.inFlight--;
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, "127.0.0.1", resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

interface Filter {
  fromBlock?: unknown;
  toBlock?: unknown;
  after?: unknown;
  count?: unknown;
  [field: string]: unknown;
}

async function traceFilter(upstream: string, raw: unknown): Promise<unknown[]> {
  const filter = (typeof raw === "object" && raw !== null ? raw : {}) as Filter;
  const latest = () => rpc<string>(upstream, "eth_blockNumber").then(Number);
  const block = async (value: unknown, fallback: () => Promise<number>): Promise<number> => {
    if (value === undefined || value === null) return fallback();
    if (typeof value === "number") return value;
    if (value === "earliest") return 0;
    if (value === "latest" || value === "pending") return latest();
    if (value === "safe" || value === "finalized") {
      return Number((await rpc<{ number: string }>(upstream, "eth_getBlockByNumber", [value, false])).number);
    }
    if (typeof value === "string" && /^0x[0-9a-fA-F]+$/.test(value)) return Number.parseInt(value, 16);
    throw new RpcFailure(-32602, `invalid block: ${String(value).slice(0, 40)}`);
  };
  const from = await block(filter.fromBlock, latest);
  const to = await block(filter.toBlock, latest);
  if (to - from + 1 > MAX_BLOCKS) {
    throw new RpcFailure(
      -32602,
      `block range too large: trace_filter allows at most ${MAX_BLOCKS} blocks per call, asked for ${to - from + 1}`,
    );
  }
  if (typeof filter.count === "number" && filter.count > MAX_COUNT) {
    throw new RpcFailure(-32602, `count too large: trace_filter returns at most ${MAX_COUNT} traces per call`);
  }
  const { after, count, ...rest } = filter;
  if (from > to) return rpc(upstream, "trace_filter", [{ ...rest, fromBlock: toQuantity(from), toBlock: toQuantity(to) }]);
  const traces: unknown[] = [];
  for (let start = from; start <= to; start += ANVIL_MAX_SPAN + 1) {
    const end = Math.min(to, start + ANVIL_MAX_SPAN);
    traces.push(...(await rpc<unknown[]>(upstream, "trace_filter", [{ ...rest, fromBlock: toQuantity(start), toBlock: toQuantity(end) }])));
  }
  const skip = typeof after === "number" ? after : 0;
  return traces.slice(skip, typeof count === "number" ? skip + count : undefined);
}

function failure(id: unknown, code: number, message: string) {
  return { jsonrpc: "2.0", id, error: { code, message } };
}

/** The records with the one at `index` spoiled (a test knob), when there is one there. */
function spoiled(records: unknown[], index: number | undefined): unknown[] {
  const record = index === undefined ? undefined : records[index];
  if (!record || typeof record !== "object") return records;
  return records.map((r, i) => (i === index ? { ...record, blockNumber: "spoiled" } : r));
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "Content-Type": "application/json" });
  response.end(JSON.stringify(body));
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => {
      text += chunk;
      if (text.length > 1_000_000) request.destroy();
    });
    request.on("end", () => resolve(text));
    request.on("error", reject);
  });
}
