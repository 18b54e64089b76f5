// Every page gets a fresh script nonce in its Content-Security-Policy, and the transport
// headers. `middleware.ts` on the edge runtime, not Node's `proxy.ts`: OpenNext for Cloudflare 1.20.2
// refuses Node middleware ("Node.js middleware is not currently supported"), and this runs on both.
import { NextResponse, type NextRequest } from "next/server";
import { contentSecurityPolicy, newNonce, servedOverHttps, transportHeaders } from "@/lib/http/security-headers";

export function middleware(request: NextRequest) {
  const nonce = newNonce();
  const https = servedOverHttps(request.url, request.headers);
  const csp = contentSecurityPolicy(nonce, { https, dev: process.env.NODE_ENV === "development" });
  // Next reads the nonce from the request's CSP header and puts it on its own scripts while rendering.
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("Content-Security-Policy", csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", csp);
  for (const [name, value] of Object.entries(transportHeaders(https))) response.headers.set(name, value);
  return response;
}

export const config = {
  // Hashed build files carry no inline script to protect; next.config's headers still cover them. Operations
  // (/api) set their own headers (lib/http/operation.ts): under `next start` this middleware runs in an
  // edge sandbox that cost more than a cached answer itself (/api/health: 986 requests/s without, 360 with).
  matcher: ["/((?!_next/static|_next/image|api/).*)"],
};
