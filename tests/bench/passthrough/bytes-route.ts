// Not a route of Preflight: the bench copies it into its bench-only build (tests/bench/lib/bench-build.ts) as
// app/api/bench-bytes/route.ts. An operation of a viewer (the role GET /api/zones needs, no upstream) answering
// `?bytes=N` bytes of JSON as jsonWithRows answers on Node: its own small head, then bytes kept between requests.
// Its CPU per answer is the floor of figure 6's cached zones answer: what any operation answering that many bytes
// costs next start, before Preflight reads a cache (diagnose/zones-floor.ts).
import { keptBytesResponse } from "@/lib/http/json-with-rows";
import { operation } from "@/lib/http/operation";
import { UPSTREAM } from "@/lib/http/upstream-calls";

export const dynamic = "force-dynamic";

const encoder = new TextEncoder();
const kept = new Map<number, Uint8Array>();

/** The kept bytes that make an answer of `total` bytes after the head: a string value and the closing brace. */
function keptBytes(total: number, head: number): Uint8Array {
  let bytes = kept.get(total);
  if (!bytes) kept.set(total, (bytes = encoder.encode(`"${"a".repeat(Math.max(0, total - head - 3))}"}`)));
  return bytes;
}

export const GET = operation(
  async ({ url }) => {
    const head = encoder.encode(`{"fetchedAt":${JSON.stringify(new Date().toISOString())},"complete":false,"rows":`);
    return keptBytesResponse(head, keptBytes(Number(url.searchParams.get("bytes") ?? 0), head.length));
  },
  { role: "viewer", upstream: UPSTREAM.none },
);
