// The previous version's API (firewall/waf/overrides, packages, groups, rules) is retired: the docs say
// it is unsupported since 2025-06-15 and stops working once a zone is upgraded, and the SDK documents
// 410 Gone for overrides. Such an answer is a known state of the zone, not a failed read.
import type { PreviousApiRefusal, StatusRefusal } from "@/lib/migration/evidence";
import { PlatformError } from "@/lib/errors/platform-errors";

/**
 * 410 Gone: retired. 404 on a zone whose status just answered: the route is gone for it. Anything else
 * (5xx after retries, 400, 403, 429, network, a malformed body) stays a failure of the read.
 */
export function previousApiRefusal(error: unknown): PreviousApiRefusal | undefined {
  if (!(error instanceof PlatformError) || error.kind !== "api" || error.status === undefined) return undefined;
  if (error.status !== 410 && error.status !== 404) return undefined;
  return { state: error.status === 410 ? "retired" : "refused", operation: error.operation, status: error.status, message: error.message };
}

/** The migration status refused as the retirement may refuse it (404, 410, 403): a known state, not a failed read. */
export function statusRefusalOf(error: unknown): StatusRefusal | undefined {
  if (!(error instanceof PlatformError) || error.kind !== "api" || error.status === undefined) return undefined;
  if (![403, 404, 410].includes(error.status)) return undefined;
  return { operation: error.operation, status: error.status, message: error.message };
}

/** "HTTP 410 Gone", "HTTP 404 (no such route for this zone)", "HTTP 403 Forbidden". */
export function refusalWords(status: number): string {
  if (status === 410) return "HTTP 410 Gone";
  if (status === 403) return "HTTP 403 Forbidden";
  return `HTTP ${status} (no such route for this zone)`;
}

/** Collects the refusals of one zone's previous-version calls; each refused call answers undefined. */
export class PreviousApiReader {
  readonly refusals: PreviousApiRefusal[] = [];

  async read<T>(call: () => Promise<T>): Promise<T | undefined> {
    try {
      return await call();
    } catch (error) {
      const refusal = previousApiRefusal(error);
      if (!refusal) throw error;
      this.refusals.push(refusal);
      return undefined;
    }
  }
}

/** One sentence for people: which call said what, e.g. "GET …/packages answered HTTP 410 Gone". */
export function describeRefusals(refusals: readonly PreviousApiRefusal[]): string {
  const first = refusals[0];
  if (!first) return "";
  const answer = refusalWords(first.status);
  const more = refusals.length > 1 ? ` (and ${refusals.length - 1} more of its calls)` : "";
  return `${first.operation} answered ${answer}${more}`;
}
