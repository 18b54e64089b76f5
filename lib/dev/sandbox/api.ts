// One `/client/v4/...` call, in the order the real edge applies things: auth, rate limit, then the route.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { ServedAccount } from "./accounts";
import { authenticate, type Principal } from "./auth";
import { fail, type ApiResponse, type GraphqlBody } from "./envelope";
import type { GraphqlCall } from "./calls";
import { checkGraphqlBudget } from "./graphql/budget";
import { BadQueryError, ERROR_CODES, RATE_LIMIT_MESSAGE } from "./errors";
import { truncateBody, wrongShapeBody } from "./faults";
import { BodyTooLargeError, INVALID_JSON, readBody, sendRaw, sleep } from "./http";
import { queryObject } from "./query";
import { scopeCall, type CallScope } from "./reach";
import { zoneListingRefusal } from "./routes/zones";
import type { SandboxRuntime } from "./runtime";

export const API_PREFIX = "/client/v4";
/** Rulesets with hundreds of rules fit comfortably; anything larger is refused like an oversized body. */
const BODY_LIMIT = 2 * 1024 * 1024;

interface Wire {
  status: number;
  body: string;
  headers: Record<string, string>;
  /** A GraphQL answer's first error code, for the call log. */
  errorCode?: string;
  /** Which credential answered (never the secret) and the account the call was about, for the call log. */
  credential?: Principal;
  account?: string;
}

/**
 * Whether the answer reached the operating system whole. A client gone while the call was handled never saw it; nor
 * did one whose socket a sandbox restart destroyed while the answer still sat in Node's write buffer, which a busy
 * machine leaves there long enough to matter (a reliability test counted such answers as seen, and their retries as
 * repeats).
 */
function handedOver(res: ServerResponse): Promise<boolean> {
  if (res.destroyed || (res.socket?.destroyed ?? true)) return Promise.resolve(false);
  return new Promise((resolve) => {
    res.once("finish", () => resolve(true));
    res.once("close", () => resolve(res.writableFinished));
  });
}

export async function handleApi(runtime: SandboxRuntime, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const method = req.method ?? "GET";
  const tag = req.headers["x-preflight-request"];
  const request = typeof tag === "string" ? tag.slice(0, 64) : undefined;
  const finish = runtime.calls.begin(method, url.pathname, queryObject(url.searchParams), req.url ?? url.pathname, request);
  try {
    const raw = await readBody(req, BODY_LIMIT).catch((error: unknown) => {
      if (error instanceof BodyTooLargeError) return undefined;
      throw error;
    });
    await sleep(runtime.faults.delayFor(method));
    const parsed = raw === undefined ? undefined : parseBody(raw);
    const { status, body, headers, errorCode, credential, account } =
      raw === undefined
        ? serialise(fail(413, ERROR_CODES.invalidBody, "Request entity too large"), {})
        : answer(runtime, req, method, url, parsed);
    const delivered = handedOver(res);
    sendRaw(res, status, body, headers);
    finish(status, {
      delivered: await delivered,
      ...(credential ? { credential } : {}),
      ...(account ? { account } : {}),
      ...(url.pathname === GRAPHQL_PATH ? { graphql: graphqlCall(parsed, errorCode) } : {}),
    });
  } catch (error) {
    // Only a sandbox bug reaches here; answer like the API would rather than dropping the socket.
    const status = 500;
    sendRaw(res, status, JSON.stringify(fail(status, ERROR_CODES.internal, "sandbox internal error").body));
    finish(status);
    console.error("sandbox: unexpected error", error instanceof Error ? error.message : "unknown");
  }
}

const GRAPHQL_PATH = `${API_PREFIX}/graphql`;

/** What the call log keeps of a GraphQL query: enough for tests to see which slice of time each one read. */
function graphqlCall(body: unknown, errorCode: string | undefined): GraphqlCall {
  const { query, variables } = (typeof body === "object" && body !== null ? body : {}) as { query?: unknown; variables?: unknown };
  const operationName = typeof query === "string" ? /^\s*query\s+(\w+)/.exec(query)?.[1] : undefined;
  return {
    ...(operationName ? { operationName } : {}),
    ...(typeof variables === "object" && variables !== null ? { variables: variables as Record<string, unknown> } : {}),
    ...(errorCode ? { errorCode } : {}),
  };
}

function parseBody(raw: string): unknown {
  if (raw.trim() === "") return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return INVALID_JSON;
  }
}

function answer(runtime: SandboxRuntime, req: IncomingMessage, method: string, url: URL, body: unknown): Wire {
  const auth = authenticate(req.headers, runtime.options.credentials, runtime.tokens);
  if (!auth.ok) return serialise(auth.response, {});
  const reach = runtime.reach(auth.principal);
  const path = url.pathname.slice(API_PREFIX.length) || "/";
  const scope = scopeCall(runtime.accounts, reach, path);
  // The account named in the log: the zone's, or the credential's only one.
  const logged = "account" in scope && (scope.byZone || reach.length === 1) ? scope.account.state.account.id : undefined;
  const call = { principal: auth.principal, reach, scope, method, url, path, body };
  return { ...answerFor(runtime, call), credential: auth.principal, ...(logged ? { account: logged } : {}) };
}

interface AuthenticatedCall {
  principal: Principal;
  reach: ServedAccount[];
  scope: CallScope;
  method: string;
  url: URL;
  path: string;
  body: unknown;
}

function answerFor(runtime: SandboxRuntime, { principal, reach, scope, method, url, path, body }: AuthenticatedCall): Wire {
  const limit = runtime.limiter.check(principal);
  if (!limit.allowed) return serialise(fail(429, ERROR_CODES.rateLimited, RATE_LIMIT_MESSAGE), limit.headers);
  const faults = runtime.faults;
  if (faults.takeBurst()) {
    const retryAfter = String(faults.get().retryAfterSeconds);
    return serialise(fail(429, ERROR_CODES.rateLimited, RATE_LIMIT_MESSAGE), { ...limit.headers, "Retry-After": retryAfter });
  }
  if (faults.rollError()) return serialise(fail(500, ERROR_CODES.injectedFault, "sandbox injected fault"), limit.headers);
  if (path === "/graphql" && method === "POST") {
    const refusal = checkGraphqlBudget(runtime.graphqlLimiter, faults, principal);
    if (refusal) return serialise(refusal, limit.headers);
  }
  const refusal = zoneListingRefusal(faults.get().tokenAccounts, method, path, url.searchParams);
  if (refusal) return serialise(refusal, limit.headers);
  // A zone outside the credential's accounts is refused before its handler reads anything.
  if ("response" in scope) return serialise(scope.response, limit.headers);
  const response = route(runtime, method, path, url.searchParams, body, scope.account, reach);
  const out = serialise(response, limit.headers);
  if (out.status === 200 && faults.rollMalformed()) out.body = truncateBody(out.body);
  else if (out.status === 200 && faults.rollWrongShape()) out.body = wrongShapeBody(out.body);
  return out;
}

function route(
  runtime: SandboxRuntime,
  method: string,
  path: string,
  query: URLSearchParams,
  body: unknown,
  account: ServedAccount,
  reach: ServedAccount[],
): ApiResponse {
  const resolved = runtime.router.resolve(method, path);
  if ("response" in resolved) return resolved.response;
  if (body === INVALID_JSON) return fail(400, ERROR_CODES.invalidBody, "Invalid request body: not JSON");
  try {
    return resolved.handler({ params: resolved.params, query, state: account.state, accounts: reach, path, body });
  } catch (error) {
    if (error instanceof BadQueryError) return fail(400, ERROR_CODES.invalidQuery, `Invalid request: ${error.message}`);
    throw error;
  }
}

function serialise(response: ApiResponse, headers: Record<string, string>): Wire {
  const code = response.logAs ?? ("data" in response.body ? (response.body as GraphqlBody).errors?.[0]?.extensions?.code : undefined);
  return {
    status: response.status,
    body: JSON.stringify(response.body),
    headers: { ...headers, ...response.headers },
    ...(typeof code === "string" ? { errorCode: code } : {}),
  };
}
