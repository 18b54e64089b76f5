// The Traces page's view in the URL: the trace query's fields as typed (checked together, with the server's
// own rules, by url-query.ts), the trace types shown, the transaction whose call tree is open and its selected call.
import { createLoader, parseAsArrayOf, parseAsString, parseAsStringLiteral, type inferParserType } from "nuqs/server";
import { TRACE_KINDS } from "@/lib/gateway/trace";

export const tracesSearchParams = {
  fromBlock: parseAsString,
  toBlock: parseAsString,
  fromAddress: parseAsString,
  toAddress: parseAsString,
  after: parseAsString,
  count: parseAsString,
  /** Comma-separated; a kind the page does not know is dropped, the others kept. */
  types: parseAsArrayOf(parseAsStringLiteral(TRACE_KINDS)),
  tx: parseAsString,
  /** The selected call of that transaction, as its traceAddress ("" the top call, "0.1" …). */
  frame: parseAsString,
};

export type TracesView = inferParserType<typeof tracesSearchParams>;
export const loadTracesSearchParams = createLoader(tracesSearchParams);
