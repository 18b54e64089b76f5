// Process started by diagnose/trace-overhead.ts: the least a server in front of the gateway can do. It
// takes {fromBlock, toBlock}, fetches that window from the gateway and sends the node's bytes back, on
// plain Node http and fetch (no Next, no auth): buffered (the whole answer read, then sent) or streamed
// (each chunk written as it arrives), each with or without Preflight's record check (`/check` modes):
// the floor of one extra hop of this answer on this machine.
import { createServer, type ServerResponse } from "node:http";
import { AnswerParser } from "@/lib/gateway/answer-parser";
import { closeOnSignals } from "@/lib/dev/launcher/processes";

const gateway = process.env.HOP_GATEWAY_URL!;
const hex = (n: number) => `0x${n.toString(16)}`;
const COMMA = Buffer.from(",");

async function fetchWindow(request: AsyncIterable<unknown>) {
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
  return upstream.body!.getReader();
}

/** `/plain`, `/check`: the whole answer read (checked chunk by chunk as it comes), then sent at once. */
async function buffered(reader: ReadableStreamDefaultReader<Uint8Array>, response: ServerResponse, check: boolean) {
  const parser = check ? new AnswerParser() : undefined;
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
}

/** `/stream`: each chunk written as it arrives. `/stream-check`: each chunk checked, then only the records it completed written. */
async function streamed(reader: ReadableStreamDefaultReader<Uint8Array>, response: ServerResponse, check: boolean) {
  response.writeHead(200, { "Content-Type": "application/json" });
  if (!check) {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      response.write(value);
    }
    return void response.end();
  }
  const parser = new AnswerParser();
  let sent = 0;
  response.write('{"jsonrpc":"2.0","id":1,"result":[');
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    if (!parser.push(value)) throw new Error("not JSON");
    const { records, checked } = parser.soFar();
    const out: Uint8Array[] = [];
    for (; sent < checked; sent++) {
      if (sent > 0) out.push(COMMA);
      out.push(records[sent]!.json);
    }
    if (out.length) response.write(Buffer.concat(out)); // one write a chunk, as the plain stream does
  }
  if (!parser.finish().records) throw new Error("not a trace_filter answer");
  response.end("]}");
}

/** `/cpu`: the answer read whole, only the time the record check took in this process (ms). */
async function checkTime(reader: ReadableStreamDefaultReader<Uint8Array>) {
  const parser = new AnswerParser();
  let checkMs = 0;
  let chunks = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    const started = performance.now();
    parser.push(value);
    checkMs += performance.now() - started;
    chunks++;
  }
  const started = performance.now();
  parser.finish();
  return { checkMs: checkMs + performance.now() - started, chunks };
}

const server = createServer((request, response) => {
  if (request.method === "GET") return void response.writeHead(200).end("ok");
  const mode = request.url ?? "";
  void (async () => {
    const reader = await fetchWindow(request);
    if (mode === "/cpu") return void response.writeHead(200).end(JSON.stringify(await checkTime(reader)));
    if (mode.startsWith("/stream")) await streamed(reader, response, mode === "/stream-check");
    else await buffered(reader, response, mode === "/check");
  })().catch(() => (response.headersSent ? response.destroy() : response.writeHead(502).end()));
});
server.listen(Number(process.env.HOP_PORT), "127.0.0.1", () => console.log("hop ready"));
closeOnSignals(() => new Promise((resolve) => server.close(() => resolve())));
