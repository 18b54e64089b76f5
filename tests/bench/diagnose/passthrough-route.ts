// Not a route of Preflight: diagnose/trace-overhead.ts measures Next's own cost on the trace answer with
// it. Copy it to app/api/diagnose-passthrough/route.ts and build (`next build`); trace-overhead.ts then
// times it beside the plain Node hop (it skips it when the route answers 404). It passes the gateway's
// body through as a ReadableStream (`?check`: each chunk checked, only the records it completed sent).
import { AnswerParser } from "@/lib/gateway/answer-parser";

export const dynamic = "force-dynamic";

const hex = (n: number) => `0x${n.toString(16)}`;
const encoder = new TextEncoder();
const COMMA = Uint8Array.of(0x2c);

export async function POST(request: Request): Promise<Response> {
  const { fromBlock, toBlock } = (await request.json()) as { fromBlock: number; toBlock: number };
  const upstream = await fetch(process.env.ETH_GATEWAY_URL!, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "trace_filter", params: [{ fromBlock: hex(fromBlock), toBlock: hex(toBlock) }] }),
  });
  if (!new URL(request.url).searchParams.has("check")) {
    return new Response(upstream.body, { headers: { "Content-Type": "application/json" } });
  }
  const reader = upstream.body!.getReader();
  const parser = new AnswerParser();
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    start: (controller) => controller.enqueue(encoder.encode('{"jsonrpc":"2.0","id":1,"result":[')),
    async pull(controller) {
      const { value, done } = await reader.read();
      if (done) {
        if (!parser.finish().records) return controller.error(new Error("not a trace_filter answer"));
        controller.enqueue(encoder.encode("]}"));
        return controller.close();
      }
      if (!parser.push(value)) return controller.error(new Error("not JSON"));
      const { records, checked } = parser.soFar();
      const parts: Uint8Array[] = [];
      let length = 0;
      for (; sent < checked; sent++) {
        if (sent > 0) parts.push(COMMA);
        parts.push(records[sent]!.json);
      }
      for (const part of parts) length += part.length;
      const out = new Uint8Array(length);
      let offset = 0;
      for (const part of parts) {
        out.set(part, offset);
        offset += part.length;
      }
      if (length) controller.enqueue(out);
    },
  });
  return new Response(body, { headers: { "Content-Type": "application/json" } });
}
