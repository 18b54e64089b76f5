"use client";
// The selected transaction, decoded by the server (GET /api/traces/transactions/{hash}): only the
// transaction on screen is decoded, never the whole range.
import { useQuery } from "@tanstack/react-query";
import { fetchJson } from "@/lib/client/fetch-json";
import type { DecodedTransaction } from "@/lib/decode/read-transaction";

export const transactionKey = (hash: string) => ["transaction", hash.toLowerCase()];

export function useDecodedTransaction(hash: string | undefined) {
  return useQuery({
    queryKey: transactionKey(hash ?? ""),
    enabled: hash !== undefined && /^0x[0-9a-fA-F]{64}$/.test(hash),
    retry: false,
    staleTime: Infinity,
    queryFn: ({ signal }) => fetchJson<DecodedTransaction>(`/api/traces/transactions/${hash}`, { signal }),
  });
}
