// The full account scan as the dashboard runs it: GET /api/zones (eligibility and mapping) then
// GET /api/certificates (inventory), each with refresh=1 and following cursors to the end, waiting out
// `retryAfterSeconds` as the page does. One listing after the other, so at most 6 calls are in flight.

interface Listing {
  complete: boolean;
  cursor?: string;
  retryAfterSeconds?: number;
}

export interface ScanResult {
  ms: number;
  requests: number;
  zones: number;
  certificates: number;
}

export async function follow(base: string, path: string): Promise<{ requests: number; items: number }> {
  let cursor: string | undefined;
  let requests = 0;
  let items = 0;
  for (;;) {
    const query = cursor ? `cursor=${encodeURIComponent(cursor)}` : "refresh=1";
    const response = await fetch(`${base}${path}?${query}`);
    requests++;
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
    const page = (await response.json()) as Listing & { zones?: unknown[]; certificates?: unknown[] };
    items += (path === "/api/zones" ? page.zones : page.certificates)?.length ?? 0;
    if (page.complete) return { requests, items };
    if (!page.cursor) throw new Error(`${path} answered incomplete without a cursor`);
    cursor = page.cursor;
    if (page.retryAfterSeconds) await new Promise((resolve) => setTimeout(resolve, page.retryAfterSeconds! * 1000));
  }
}

export async function preflightScan(preflightUrl: string): Promise<ScanResult> {
  const started = performance.now();
  const zones = await follow(preflightUrl, "/api/zones");
  const certificates = await follow(preflightUrl, "/api/certificates");
  return {
    ms: performance.now() - started,
    requests: zones.requests + certificates.requests,
    zones: zones.items,
    certificates: certificates.items,
  };
}
