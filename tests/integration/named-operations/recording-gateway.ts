// A JSON-RPC gateway that records each call's URL path and method and answers with an empty chain.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordingGateway {
  url: string;
  calls: Array<{ path: string; method: string }>;
  close: () => Promise<void>;
}

export async function startRecordingGateway(path: string): Promise<RecordingGateway> {
  const calls: RecordingGateway["calls"] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      let rpc: { method?: string; id?: number } = {};
      try {
        rpc = JSON.parse(body) as typeof rpc;
      } catch {
        // recorded with no method
      }
      calls.push({ path: req.url ?? "", method: String(rpc.method) });
      const result = rpc.method === "eth_getBlockByNumber" ? { number: "0x3e8", hash: `0x${"ab".repeat(32)}` } : [];
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", id: rpc.id ?? 1, result }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  return { url, calls, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
