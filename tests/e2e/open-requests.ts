// A crawl waits on the network: for a page to load, for it to go idle, for every response's body. A request that
// never ends would hold such a wait until the test's own timeout, and the failure would say only "timeout". These
// waits are bounded instead, and a stuck one fails naming the requests still open and for how long.
import type { Page, Request } from "@playwright/test";

/** Long enough for the slowest page on a loaded machine (the edge build's first account-wide audit), short of a hang. */
export const SETTLE_MS = 90_000;

export interface OpenRequests {
  /** `work`, or an error naming `what` and the open requests once it has taken `ms`. */
  within<T>(what: string, work: (timeout: number) => Promise<T>, ms?: number): Promise<T>;
}

export function openRequests(page: Page): OpenRequests {
  const open = new Map<Request, number>();
  page.on("request", (request) => open.set(request, Date.now()));
  page.on("requestfinished", (request) => open.delete(request));
  page.on("requestfailed", (request) => open.delete(request));
  // Each request of the page not finished or failed yet: method, path and query, and seconds open.
  const list = () =>
    [...open].map(([request, since]) => {
      const url = new URL(request.url());
      return `${request.method()} ${url.pathname}${url.search} (${Math.round((Date.now() - since) / 1000)} s)`;
    });
  return {
    async within(what, work, ms = SETTLE_MS) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const stuck = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what}: not done in ${ms / 1000} s; still open: ${list().join(", ") || "none"}`)), ms);
      });
      try {
        // The work's own timeout is a little longer, so the error that wins is the one naming the open requests.
        return await Promise.race([work(ms + 5_000), stuck]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
