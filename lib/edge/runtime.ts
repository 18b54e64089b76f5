// Which runtime serves this request, and the edge runtime's `env` (its variables, secrets and bindings).
// Pure and server-side: Node never touches the edge context, the edge never touches Node's process env.
import { getCloudflareContext } from "@opennextjs/cloudflare/cloudflare-context";

/** workerd identifies itself this way; Node 20 has no `navigator`, later Nodes say "Node.js/…". */
export function onEdgeRuntime(): boolean {
  return (globalThis as { navigator?: { userAgent?: string } }).navigator?.userAgent === "Cloudflare-Workers";
}

/** The worker's `env` for the current request on the edge; undefined on Node (or outside a request). */
export function edgeEnv(): Record<string, unknown> | undefined {
  if (!onEdgeRuntime()) return undefined;
  try {
    return getCloudflareContext().env as unknown as Record<string, unknown>;
  } catch {
    return undefined; // global scope: no request, so no env yet
  }
}

/** The configuration's source: the runtime's `env` (string values) on the edge, the process env on Node. */
export function configSource(): Record<string, string | undefined> {
  const env = edgeEnv();
  if (!env) return process.env;
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
}
