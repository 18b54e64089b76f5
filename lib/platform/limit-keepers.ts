// Which keeper each of the account's limits has here: on Node the process's own limiter; on the edge the
// limit owner's Durable Object, asked by every isolate, unless PREFLIGHT_SHARED_LIMITS=off (then per isolate).
import type { AccountEntry, Config } from "@/lib/config-schema";
import { edgeEnv, onEdgeRuntime } from "@/lib/edge/runtime";
import { isLimitNamespace, LIMIT_BINDING, limitObjectCall } from "@/lib/platform/limit-object";
import { limitObjectName, limitOwner } from "@/lib/platform/limit-owner";
import { RateLimiter } from "@/lib/platform/rate-limiter";
import type { LimitKeeping, RateLimitKeeper } from "@/lib/platform/rate-limit-keeper";
import { SharedRateLimiter } from "@/lib/platform/shared-rate-limiter";
import { processState } from "@/lib/process-state";

interface Keepers {
  keeping: LimitKeeping;
  account: RateLimitKeeper;
  graphql: RateLimitKeeper;
}

/** One set per account entry per process or isolate: the isolate's batches of permits live here. */
const keepers = processState("limit-keepers", () => new Map<string, Keepers>());

/** The entry's own limits (default: the first entry's): one account's used-up limit never stalls another's calls. */
export function limitKeepers(config: Config, entry: AccountEntry = config.accounts[0]!): Keepers {
  let kept = keepers.get(entry.key);
  if (!kept) keepers.set(entry.key, (kept = makeKeepers(config, entry)));
  return kept;
}

function makeKeepers(config: Config, entry: AccountEntry): Keepers {
  if (!onEdgeRuntime() || !config.sharedLimits) {
    const keeping: LimitKeeping = onEdgeRuntime() ? "per isolate" : "per process";
    return {
      keeping,
      account: new RateLimiter(config.rateLimit, undefined, "account", keeping),
      graphql: new RateLimiter(config.graphqlRateLimit, undefined, "graphql", keeping),
    };
  }
  // PREFLIGHT_LIMIT_GROUP names the first entry's user; every other entry's credential keeps its own object.
  const owner = limitOwner(entry.credentials, entry === config.accounts[0] ? config.limitGroup : undefined);
  // Read per call: the binding lives in the request's env, not at module scope.
  const namespace = () => {
    const binding = edgeEnv()?.[LIMIT_BINDING];
    return isLimitNamespace(binding) ? binding : undefined;
  };
  return {
    keeping: "shared",
    account: new SharedRateLimiter(config.rateLimit, limitObjectCall(namespace, limitObjectName(owner, "account"))),
    graphql: new SharedRateLimiter(
      config.graphqlRateLimit,
      limitObjectCall(namespace, limitObjectName(owner, "graphql")),
      undefined,
      "graphql",
    ),
  };
}
