// How the account's calls are shared when two pages (or a page and the refresh) scan at once: each
// consumer active in the window is owed an equal share, and tokens another consumer is still owed are not
// handed out. Unowed tokens go to whoever asks, so a consumer alone gets the whole limit. Pure.

export interface ConsumerUse {
  /** "Zones scan", "Certificate audit": who made the calls, in words a page can show. */
  consumer: string;
  calls: number;
}

/** Tokens `consumer` must leave for the others: what each other active consumer is owed and has not used. */
export function reservedForOthers(consumer: string, uses: readonly ConsumerUse[], requests: number): number {
  const active = uses.length + (uses.some((u) => u.consumer === consumer) ? 0 : 1);
  if (active < 2) return 0;
  const share = Math.floor(requests / active);
  return uses.reduce((sum, u) => (u.consumer === consumer ? sum : sum + Math.max(0, share - u.calls)), 0);
}
