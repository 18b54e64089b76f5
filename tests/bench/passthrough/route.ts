// Not a route of Preflight: the bench copies it into a bench-only build beside Preflight's own routes
// (tests/bench/lib/bench-build.ts), as app/api/bench-passthrough/route.ts. The least a Next route in front
// of the gateway can do — no auth, no windows — in the variants the traces figure and its diagnostics divide by:
// - bare (no query): the gateway's bytes as they arrive, unchecked (figure 5's budget);
// - `?check`: the same answer with every record checked by Preflight's own answer parser while it arrives,
//   and only checked records sent, as Preflight sends them: the floor of "no record reaches the browser
//   unchecked" (figure 5's floor);
// - `?buffer` (with `&check`): the whole answer read, then sent as one body (diagnose/trace-overhead.ts);
// - `?cpu`: only the time the check takes inside this server (diagnose/trace-overhead.ts).
import { AnswerParser } from "@/lib/gateway/answer-parser";

export const dynamic = "force-dynamic";

const hex = (n: number) => `0x${n.toString(16)}`;
const encoder = new TextEncoder();
const COMMA = Uint8Array.of(0x2c);
const JSON_HEADERS = { "Content-Type": "application/json" };

export async function POST(request: Request): Promise<Response> {
  const { fromBlock, toBlock } = (await request.json()) as { fromBlock: number; toBlock: number };
  const upstream = await fetch(process.env.ETH_GATEWAY_URL!, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "trace_filter", params: [{ fromBlock: hex(fromBlock), toBlock: hex(toBlock) }] }),
  });
  const params = new URL(request.url).searchParams;
  if (params.has("cpu")) return Response.json(await checkTime(upstream.body!));
  if (params.has("buffer")) return buffered(upstream.body!, params.has("check"));
  // The gateway's bytes as they arrive, as Preflight sends its records while they arrive.
  if (!params.has("check")) return new Response(upstream.body, { status: upstream.status, headers: JSON_HEADERS });
  return new Response(checked(upstream.body!), { headers: JSON_HEADERS });
}

/** Each chunk checked as it arrives, read as fast as the gateway sends (not as the client pulls), as Preflight's route does. */
function checked(upstream: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const reader = upstream.getReader();
  const parser = new AnswerParser();
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(encoder.encode('{"jsonrpc":"2.0","id":1,"result":['));
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        if (!parser.push(value)) return controller.error(new Error("not JSON"));
        const { records, checked } = parser.soFar();
        const parts: Uint8Array[] = [];
        for (; sent < checked; sent++) {
          if (sent > 0) parts.push(COMMA);
          parts.push(records[sent]!.json);
        }
        if (parts.length) controller.enqueue(concat(parts));
      }
      if (!parser.finish().records) return controller.error(new Error("not a trace_filter answer"));
      controller.enqueue(encoder.encode("]}"));
      controller.close();
    },
  });
}

function concat(parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** `?cpu`: the answer read whole, only the time the record check took inside this server (ms). */
async function checkTime(body: ReadableStream<Uint8Array>): Promise<{ checkMs: number; chunks: number }> {
  const parser = new AnswerParser();
  let checkMs = 0;
  let chunks = 0;
  for await (const chunk of body) {
    const started = performance.now();
    parser.push(chunk);
    checkMs += performance.now() - started;
    chunks++;
  }
  const started = performance.now();
  parser.finish();
  return { checkMs: checkMs + performance.now() - started, chunks };
}

/** `?buffer`: the whole answer read (checked chunk by chunk with `&check`), then sent at once. */
async function buffered(body: ReadableStream<Uint8Array>, check: boolean): Promise<Response> {
  const parser = check ? new AnswerParser() : undefined;
  const chunks: Uint8Array[] = [];
  for await (const chunk of body) {
    chunks.push(chunk);
    parser?.push(chunk);
  }
  if (parser && !parser.finish().records) throw new Error("not a trace_filter answer");
  return new Response(concat(chunks), { headers: JSON_HEADERS });
}
