// Not a route of Preflight: the bench copies it into a bench-only build beside Preflight's own routes
// (tests/bench/lib/bench-build.ts), as app/api/bench-passthrough/route.ts. The least a Next route in front
// of the gateway can do — no auth, no check, no windows: the floor the traces figure divides by.
export const dynamic = "force-dynamic";

const hex = (n: number) => `0x${n.toString(16)}`;

export async function POST(request: Request): Promise<Response> {
  const { fromBlock, toBlock } = (await request.json()) as { fromBlock: number; toBlock: number };
  const upstream = await fetch(process.env.ETH_GATEWAY_URL!, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "trace_filter", params: [{ fromBlock: hex(fromBlock), toBlock: hex(toBlock) }] }),
  });
  // The gateway's bytes as they arrive, as Preflight sends its records while they arrive.
  return new Response(upstream.body, { status: upstream.status, headers: { "Content-Type": "application/json" } });
}
