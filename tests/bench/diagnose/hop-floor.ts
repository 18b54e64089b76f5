// Process started by diagnose/trace-overhead.ts: the least a server in front of the gateway can do. It
// takes {fromBlock, toBlock}, fetches that window from the gateway and sends the node's bytes back, on
// plain Node http and fetch (no Next, no auth), either as they are (`POST /plain`) or after Preflight's
// streaming record check (`POST /check`): the floor of one extra hop of this answer on this machine.
import { createServer } from "node:http";
import { AnswerParser } from "@/lib/gateway/answer-parser";
import { closeOnSignals } from "@/lib/dev/launcher/processes";

const gateway = process.env.HOP_GATEWAY_URL!;
const hex = (n: number) => `0x${n.toString(16)}`;

const server = createServer((request, response) => {
  if (request.method === "GET") return void response.writeHead(200).end("ok");
  void (async () => {
    let text = "";
    for await (const chunk of request) text += String(chunk);
    const { fromBlock, toBlock } = JSON.parse(text) as { fromBlock: number; toBlock: number };
    const upstream = await fetch(gateway, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "trace_filter",
        params: [{ fromBlock: hex(fromBlock), toBlock: hex(toBlock) }],
      }),
    });
    // The same reading as Preflight's: chunk by chunk from the body's reader, each one checked as it comes.
    const parser = request.url === "/check" ? new AnswerParser() : undefined;
    const reader = upstream.body!.getReader();
    const chunks: Uint8Array[] = [];
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      chunks.push(value);
      parser?.push(value);
    }
    if (parser && !parser.finish().records) throw new Error("not a trace_filter answer");
    response.writeHead(200, { "Content-Type": "application/json" });
    response.end(Buffer.concat(chunks));
  })().catch(() => response.writeHead(502).end());
});
server.listen(Number(process.env.HOP_PORT), "127.0.0.1", () => console.log("hop ready"));
closeOnSignals(() => new Promise((resolve) => server.close(() => resolve())));
