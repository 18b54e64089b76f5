// The v4 client: auth headers, query strings and the envelope, over the request's Scheduler.
import type { z } from "zod";
import type { AccountEntry, Credentials } from "@/lib/config-schema";
import { parseEnvelope, type Envelope } from "@/lib/platform/envelope";
import { RateLimitDeferredError } from "@/lib/errors/platform-errors";
import { GraphqlError, parseGraphqlAnswer } from "@/lib/platform/graphql";
import { budgetDepletedIn, budgetDepletedWaitMs, DEFAULT_GRAPHQL_RATE_LIMIT, isBudgetDepleted } from "@/lib/platform/graphql-limit";
import { RateLimiter } from "@/lib/platform/rate-limiter";
import type { RateLimitKeeper } from "@/lib/platform/rate-limit-keeper";
import type { Scheduler, UpstreamRequest } from "@/lib/platform/scheduler";
import { UndeclaredUpstreamError } from "@/lib/errors/internal-errors";

/** Refusals of the GraphQL limit met by one query before the wait is left to a later request. */
const GRAPHQL_LIMIT_ATTEMPTS = 3;

/** An account entry without its credentials: what rows read through the client are labelled with. */
export type AccountLabel = Pick<AccountEntry, "key" | "id" | "name">;

export type Query = Record<string, string | number | undefined>;

export class PlatformClient {
  constructor(
    private readonly baseUrl: string,
    private readonly credentials: Credentials,
    readonly scheduler: Scheduler,
    /** GraphQL analytics' own query limit, kept by the whole process (one per client when not given). */
    readonly graphqlLimiter: RateLimitKeeper = new RateLimiter(DEFAULT_GRAPHQL_RATE_LIMIT, undefined, "graphql"),
    /** The operation's declared calls (lib/http/upstream-calls.ts); anything else is refused unsent. */
    private readonly allows: (method: string, path: string) => boolean = () => true,
    /** The configured account entry whose credentials these are (lib/accounts): what it reads is that entry's. */
    readonly entry: AccountLabel = { key: "default" },
  ) {}

  get entryKey(): string {
    return this.entry.key;
  }

  /** Which API and account entry this client reads: what is read through it belongs to them (a cache key, never shown). */
  get apiBaseUrl(): string {
    return this.entryKey === "default" ? this.baseUrl : `${this.baseUrl}#${this.entryKey}`;
  }

  /** The same client over another Scheduler of the request (e.g. one that keeps a reserve). */
  withScheduler(scheduler: Scheduler): PlatformClient {
    return new PlatformClient(this.baseUrl, this.credentials, scheduler, this.graphqlLimiter, this.allows, this.entry);
  }

  /** GET a path built by lib/platform/paths; returns the validated result and result_info. */
  get<T>(path: string, query: Query, resultSchema: z.ZodType<T>): Promise<Envelope<T>> {
    return this.call("GET", path, query, undefined, resultSchema);
  }

  /** A write; sent at most once unless the method is idempotent (PUT, DELETE). */
  send<T>(
    method: "POST" | "PUT" | "PATCH" | "DELETE",
    path: string,
    query: Query,
    body: unknown,
    resultSchema: z.ZodType<T>,
  ): Promise<Envelope<T>> {
    return this.call(method, path, query, body, resultSchema);
  }

  /**
   * A GraphQL analytics query (POST /graphql): read-only, so safe to retry; `errors` throw GraphqlError.
   * It counts against the GraphQL limit too; when the platform says that limit is used up (HTTP 429 with a
   * GraphQL body, as documented, or 200 as it was reported to answer before), every query of the process
   * pauses, and a wait longer than the request may hold becomes a RateLimitDeferredError.
   */
  async graphql<T>(query: string, variables: Record<string, unknown>, dataSchema: z.ZodType<T>): Promise<T> {
    const operation = "POST /graphql";
    if (!this.allows("POST", "/graphql")) throw new UndeclaredUpstreamError(operation);
    for (let attempt = 1; ; attempt++) {
      const response = await this.scheduler.send({
        method: "POST",
        operation,
        url: this.url("/graphql", {}),
        headers: this.headers(true),
        body: JSON.stringify({ query, variables }),
        idempotent: true,
        limiter: this.graphqlLimiter,
        service: "graphql",
        ownRefusal: (refusal) => {
          const depleted = budgetDepletedIn(refusal.body);
          return depleted && { name: "graphql", waitMs: budgetDepletedWaitMs(depleted, this.graphqlLimiter.limit) };
        },
      });
      try {
        return parseGraphqlAnswer(operation, response.status, response.body, dataSchema);
      } catch (error) {
        const depleted = error instanceof GraphqlError ? error.graphqlErrors.find(isBudgetDepleted) : undefined;
        if (!depleted) throw error;
        const waitMs = budgetDepletedWaitMs(depleted, this.graphqlLimiter.limit);
        this.graphqlLimiter.pauseUntil(this.graphqlLimiter.now() + waitMs);
        // The next attempt's acquire waits the pause out, or defers when it is longer than the request may wait.
        if (attempt >= GRAPHQL_LIMIT_ATTEMPTS) throw new RateLimitDeferredError(waitMs, "graphql");
      }
    }
  }

  private async call<T>(
    method: UpstreamRequest["method"],
    path: string,
    query: Query,
    body: unknown,
    resultSchema: z.ZodType<T>,
  ): Promise<Envelope<T>> {
    const operation = `${method} ${path}`;
    if (!this.allows(method, path)) throw new UndeclaredUpstreamError(operation);
    const response = await this.scheduler.send({
      method,
      operation,
      url: this.url(path, query),
      headers: this.headers(body !== undefined),
      body: body === undefined ? undefined : JSON.stringify(body),
      idempotent: method === "GET" || method === "PUT" || method === "DELETE",
    });
    return parseEnvelope(operation, response.status, response.body, resultSchema);
  }

  private url(path: string, query: Query): string {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) {
      if (value !== undefined) search.set(name, String(value));
    }
    const qs = search.toString();
    return `${this.baseUrl}${path}${qs ? `?${qs}` : ""}`;
  }

  private headers(hasBody: boolean): Record<string, string> {
    const auth: Record<string, string> =
      this.credentials.kind === "token"
        ? { Authorization: `Bearer ${this.credentials.token}` }
        : { "X-Auth-Email": this.credentials.email, "X-Auth-Key": this.credentials.key };
    return { Accept: "application/json", ...(hasBody ? { "Content-Type": "application/json" } : {}), ...auth };
  }
}
