// Which addresses have an uploaded ABI, listed from the bucket at most once every LISTING_TTL_MS per
// process (isolate) rather than on every decoded read: the listing was most of what a decoded range read
// cost beyond the undecoded one. An upload through this process is seen at once; one made through
// another isolate within the TTL.
export const LISTING_TTL_MS = 30_000;

let listed: { at: number; addresses: Promise<Set<string>> } | undefined;

/** The listing, from `list` when none is fresh (a failed listing is not kept). */
export function uploadedAddresses(list: () => Promise<Set<string>>, now = Date.now()): Promise<Set<string>> {
  if (listed && now - listed.at < LISTING_TTL_MS) return listed.addresses;
  const entry = { at: now, addresses: list() };
  listed = entry;
  entry.addresses.catch(() => {
    if (listed === entry) listed = undefined;
  });
  return entry.addresses;
}

/** An ABI was uploaded (or for tests): the next decoding lists again. */
export function forgetUploadedAddresses(): void {
  listed = undefined;
}
