// Mutations from a browser must come from Preflight's own pages: a cross-site form or fetch riding on
// the demo cookie (or the proxy's session) is refused. Scripts that send no Origin prove themselves
// with a header a cross-site page cannot set without a CORS preflight (the JWT or the demo header).
import { ForbiddenError } from "@/lib/errors/identity-errors";
import type { Identity } from "@/lib/identity/identify";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function checkOrigin(request: Request, identity: Identity | undefined): void {
  if (SAFE_METHODS.has(request.method)) return;
  const origin = request.headers.get("origin");
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host") ?? new URL(request.url).host;
  if (origin === null) {
    // Only an ambient credential (the switcher's cookie) can be ridden by another site; no cookie, nothing to ride.
    if (identity?.via === "demo-cookie") {
      throw new ForbiddenError("A change needs the Origin header of Preflight's own pages (or the x-preflight-demo-user header)");
    }
    return;
  }
  if (!URL.canParse(origin) || new URL(origin).host !== host)
    throw new ForbiddenError("Changes are accepted only from Preflight's own pages (Origin mismatch)");
}
