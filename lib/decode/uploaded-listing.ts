// Which addresses have an uploaded ABI, listed from the bucket at most once every LISTING_TTL_MS per
// process (isolate) rather than on every decoded read: the listing was most of what a decoded range read
// cost beyond the undecoded one. An upload through this process is seen at once; one made through
// another isolate within the TTL.
//
// Only a finished listing is shared between server requests, never one still being read: on the edge a
// request's unfinished I/O is cancelled with the request, and a promise it would have settled never settles,
// so a second request awaiting it would wait forever. Requests that start while none is kept each list.
export const LISTING_TTL_MS = 30_000;

let listed: { at: number; addresses: Set<string> } | undefined;
/** Bumped by every upload: a listing that started before one is not kept. */
let uploads = 0;

/** The kept listing when fresh, else `list`'s (kept for the next request unless an upload came meanwhile). */
export async function uploadedAddresses(list: () => Promise<Set<string>>, now = Date.now()): Promise<Set<string>> {
  if (listed && now - listed.at < LISTING_TTL_MS) return listed.addresses;
  const before = uploads;
  const addresses = await list();
  if (before === uploads && (!listed || listed.at <= now)) listed = { at: now, addresses };
  return addresses;
}

/** An ABI was uploaded (or for tests): the next decoding lists again. */
export function forgetUploadedAddresses(): void {
  listed = undefined;
  uploads++;
}
