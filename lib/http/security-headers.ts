// The Content-Security-Policy and transport headers of every response, as pure functions: the edge
// middleware (which must run on Node's `next start` and on workerd under OpenNext) only calls them.

/** 16 random bytes, base64: a fresh, unguessable script nonce per response (Web Crypto: both runtimes). */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** Whether the browser reached us over HTTPS: directly, or through a proxy that says so. */
export function servedOverHttps(url: string, headers: Headers): boolean {
  const forwarded = headers.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
  return forwarded === "https" || new URL(url).protocol === "https:";
}

/**
 * Scripts only with this response's nonce (and what they load: 'strict-dynamic'); never inline
 * attributes. Styles allow inline: React sets `style` attributes (virtual rows, charts).
 */
export function contentSecurityPolicy(nonce: string, options: { https: boolean; dev: boolean }): string {
  const directives = [
    "default-src 'self'",
    // React rebuilds server error stacks with eval in development only.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${options.dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    // On plain http (the loopback demo) this would send the browser to an https port nobody serves.
    ...(options.https ? ["upgrade-insecure-requests"] : []),
  ];
  return directives.join("; ");
}

/**
 * An operation's answer is data, never a document: nothing in it may load or run, nor be framed. Set by
 * the operation wrapper on Node's side: the edge middleware skips /api, where it cost more than the answer.
 */
export function operationSecurityHeaders(https: boolean): Record<string, string> {
  const csp = ["default-src 'none'", "frame-ancestors 'none'", "base-uri 'none'", ...(https ? ["upgrade-insecure-requests"] : [])].join(
    "; ",
  );
  return { "Content-Security-Policy": csp, ...transportHeaders(https) };
}

/** Headers every response carries besides the CSP; HSTS only where the browser came over HTTPS. */
export function transportHeaders(https: boolean): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
    ...(https ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
}
