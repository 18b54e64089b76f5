// A tiny method + pattern router for the v4 paths (`/zones/:zone_id/dns_records`), with the API's 404 and 405 answers.
import { fail, type ApiResponse } from "./envelope";
import { ERROR_CODES } from "./errors";
import type { SandboxState } from "./types";
import type { SandboxAccountProfile } from "@/lib/accounts/sandbox-accounts";

export interface RouteContext {
  params: Record<string, string>;
  query: URLSearchParams;
  /** The account the call is about: the zone's for a `/zones/{zone_id}/...` path, else the first one reached. */
  state: SandboxState;
  /** Every account the credential reaches (listings span them); absent in direct handler calls: `state` alone. */
  accounts?: ReadonlyArray<{ profile: Pick<SandboxAccountProfile, "type">; state: SandboxState }>;
  /** The path after `/client/v4`, e.g. `/zones/abc`. */
  path: string;
  /** The parsed JSON body: undefined when there is none, INVALID_JSON (http.ts) when it does not parse. */
  body?: unknown;
}

export type Handler = (context: RouteContext) => ApiResponse;

interface Route {
  method: string;
  segments: string[];
  handler: Handler;
}

export type Resolution = { handler: Handler; params: Record<string, string> } | { response: ApiResponse };

export class Router {
  private readonly routes: Route[] = [];

  add(method: string, pattern: string, handler: Handler): this {
    this.routes.push({ method: method.toUpperCase(), segments: split(pattern), handler });
    return this;
  }

  resolve(method: string, path: string): Resolution {
    const segments = split(path);
    const allowed: string[] = [];
    for (const route of this.routes) {
      const params = match(route.segments, segments);
      if (!params) continue;
      if (route.method === method.toUpperCase()) return { handler: route.handler, params };
      allowed.push(route.method);
    }
    if (allowed.length > 0) {
      return { response: fail(405, ERROR_CODES.methodNotAllowed, "Method not allowed", { Allow: allowed.join(", ") }) };
    }
    return { response: fail(404, ERROR_CODES.noRoute, "No route for the URI") };
  }
}

/** Trailing and doubled slashes are ignored, as a lenient HTTP front end would. */
function split(path: string): string[] {
  return path.split("/").filter((segment) => segment !== "");
}

function match(pattern: string[], segments: string[]): Record<string, string> | undefined {
  if (pattern.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const expected = pattern[i] as string;
    const actual = segments[i] as string;
    if (expected.startsWith(":")) params[expected.slice(1)] = decode(actual);
    else if (expected !== actual) return undefined;
  }
  return params;
}

/** A malformed escape (`%E0%A4%A`) stays as sent rather than throwing. */
function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
