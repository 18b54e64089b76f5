"use client";
// The account filter alone, for a page without a table of its own: a zone's page reads with its zone's account.
import { useQueryState } from "nuqs";
import { parseAsAccount } from "@/components/accounts/search-params";

export function useAccountFilter() {
  return useQueryState("account", parseAsAccount);
}
