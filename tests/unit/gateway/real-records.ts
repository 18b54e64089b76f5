// The trace records of every real trace_filter answer in tests/fixtures/reference/trace_filter (Erigon,
// OpenEthereum, the gateway's docs…), as the nodes wrote them: what the streaming reader must accept.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const DIR = fileURLToPath(new URL("../../fixtures/reference/trace_filter", import.meta.url));

export function realRecords(): Array<Record<string, unknown>> {
  return readdirSync(DIR)
    .filter((name) => name.endsWith(".json"))
    .flatMap((name) => {
      const pair = JSON.parse(readFileSync(join(DIR, name), "utf8")) as { response: { result?: unknown } };
      return Array.isArray(pair.response.result) ? (pair.response.result as Array<Record<string, unknown>>) : [];
    });
}

const encoder = new TextEncoder();
export const bytes = (text: string) => encoder.encode(text);
export const text = (data: Uint8Array) => new TextDecoder().decode(data);

/** A JSON-RPC answer holding `records` (JSON texts, written as they are). */
export function answerOf(records: string[], id = 1): string {
  return `{"jsonrpc":"2.0","id":${id},"result":[${records.join(",")}]}`;
}
