// The trace query as it sits in the URL (so a shared link re-runs it), and back.
import { InputError } from "@/lib/errors/input-error";
import { parseTraceQuery, type TraceQuery } from "@/lib/gateway/query";

export const QUERY_KEYS = ["fromBlock", "toBlock", "fromAddress", "toAddress", "after", "count"] as const;
/** The fields as typed or as the URL holds them; null or undefined: absent. */
export type QueryFields = Partial<Record<(typeof QUERY_KEYS)[number], string | null>>;

/** The URL's query, parsed with the server's own rules; no query when fromBlock/toBlock are absent. */
export function queryFromFields(fields: QueryFields): { query?: TraceQuery; error?: InputError } {
  return !fields.fromBlock && !fields.toBlock ? {} : parseFields(fields);
}

/** Parses the fields with the server's rules; empty fields count as absent. */
export function parseFields(fields: QueryFields): { query?: TraceQuery; error?: InputError } {
  const raw = Object.fromEntries(
    QUERY_KEYS.map((key) => [key, fields[key]]).filter(([, value]) => typeof value === "string" && value.trim() !== ""),
  );
  try {
    return { query: parseTraceQuery(raw) };
  } catch (error) {
    if (error instanceof InputError) return { error };
    throw error;
  }
}

export function fieldsFromQuery(query: TraceQuery): QueryFields {
  return {
    fromBlock: String(query.fromBlock),
    toBlock: String(query.toBlock),
    fromAddress: query.fromAddress?.join(","),
    toAddress: query.toAddress?.join(","),
    after: query.after?.toString(),
    count: query.count?.toString(),
  };
}
