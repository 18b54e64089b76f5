// Preflight's own PlatformClient pointed at Prism, through a fetch that records every exchange: Prism's
// status and `sl-violations` header, the query names the operation does not declare, and which calls were
// answered from the documents instead (no schema covers them). Nothing is changed on the way, except
// that a page past the first is answered as the end of the list after Prism has validated its request:
// Prism has no state, so it would serve the same page for ever.
import { PlatformClient } from "@/lib/platform/client";
import { RateLimiter } from "@/lib/platform/rate-limiter";
import { Scheduler } from "@/lib/platform/scheduler";
import type { OpenApiDocument, OpenApiOperation } from "@/tests/contract/contract";
import { declaredQueryNames } from "@/tests/prism/document";
import { documentedAnswer } from "@/tests/prism/documented";

export interface Violation {
  location: string[];
  message: string;
}

export interface Exchange {
  call: string;
  via: "prism" | "documents";
  status: number;
  violations: Violation[];
  undeclaredQuery: string[];
}

export const TOKEN = "preflight-prism-token";

export function prismClient(baseUrl: string, document: OpenApiDocument, log: Exchange[]): PlatformClient {
  const operations = compile(document);
  const recording: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const method = (init?.method ?? "GET").toUpperCase();
    const path = url.pathname;
    const documented = documentedAnswer(method, path);
    if (documented) {
      log.push({ call: `${method} ${path}`, via: "documents", status: 200, violations: [], undeclaredQuery: [] });
      return Response.json(documented);
    }
    const response = await fetch(input, init);
    const body = await response.text();
    const op = operations.find((o) => o.method === method.toLowerCase() && o.path.test(path));
    const declared = op ? declaredQueryNames(document, op.operation) : new Set<string>();
    log.push({
      call: `${method} ${path}${url.search}`,
      via: "prism",
      status: response.status,
      violations: violationsOf(response.headers.get("sl-violations"), body),
      undeclaredQuery: op ? [...url.searchParams.keys()].filter((name) => !declared.has(name)) : [],
    });
    const page = Number(url.searchParams.get("page") ?? "1");
    if (response.ok && page > 1) return Response.json({ ...(JSON.parse(body) as object), result: [] });
    return new Response(body, { status: response.status, headers: response.headers });
  };
  const scheduler = new Scheduler({
    limiter: new RateLimiter({ requests: 100_000, windowSeconds: 60 }),
    subrequestBudget: 200,
    timeoutMs: 20_000,
    fetch: recording,
    retry: { maxAttempts: 1, baseDelayMs: 0, maxDelayMs: 0, maxRetryAfterMs: 0 },
  });
  return new PlatformClient(baseUrl, { kind: "token", token: TOKEN }, scheduler);
}

function compile(document: OpenApiDocument) {
  return Object.entries(document.paths).flatMap(([template, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method,
      path: new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`),
      operation: operation as OpenApiOperation,
    })),
  );
}

/** The header, or Prism's problem+json body when it refused (a header too long is cut short by Prism). */
function violationsOf(header: string | null, body: string): Violation[] {
  const fromBody = () => {
    try {
      return ((JSON.parse(body) as { validation?: Violation[] }).validation ?? []) as Violation[];
    } catch {
      return [];
    }
  };
  if (!header) return fromBody();
  try {
    return JSON.parse(header.replace(/^Too many violations! /, "")) as Violation[];
  } catch {
    return [{ location: ["header"], message: header.slice(0, 300) }, ...fromBody()];
  }
}
