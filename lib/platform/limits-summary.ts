// The runtime's limits as the Settings panel lists them, from the configuration's public part. Pure.
import type { Config } from "@/lib/config-schema";
import type { LimitKeeping } from "@/lib/platform/rate-limit-keeper";
import { CPU_LIMIT, JSON_BODY_MAX_BYTES, MAX_CONNECTIONS, MEMORY_LIMIT_MB, STARTUP_LIMIT_MS } from "@/lib/platform/runtime-limits";

export interface LimitRow {
  limit: string;
  value: string;
  how: string;
}

const mib = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MiB`;

const KEEPING: Record<LimitKeeping, string> = {
  shared: "shared by every isolate: one Durable Object per limit owner hands out permits in batches",
  "per isolate": "per isolate (PREFLIGHT_SHARED_LIMITS=off): isolates serving together can overrun the token's limit",
  "per process": "per process: one Node server per token (replicas would each spend the whole limit)",
};

/** `keeping`: who counts the account's calls here (lib/platform/limit-keepers.ts). */
export function limitRows(
  config: Pick<Config, "edgePlan" | "subrequestBudget" | "servicePlan" | "requestBodyMaxBytes" | "rateLimit" | "limitGroup">,
  keeping: LimitKeeping = "per process",
): LimitRow[] {
  const cpu = CPU_LIMIT[config.edgePlan];
  const owner = config.limitGroup ? `limit group ${config.limitGroup}` : "the credential";
  return [
    {
      limit: "Account rate limit",
      value: `${config.rateLimit.requests} calls per ${config.rateLimit.windowSeconds} s, ${keeping}`,
      how: `${KEEPING[keeping]}${keeping === "shared" ? `; owner: ${owner}` : ""}`,
    },
    {
      limit: "Subrequests per server request",
      value: `${config.subrequestBudget} (${config.edgePlan} plan)`,
      how: "API, gateway and bucket calls all count; larger work continues in the next request with a cursor",
    },
    {
      limit: "Simultaneous upstream connections",
      value: String(MAX_CONNECTIONS),
      how: "one scheduler per request holds at most 6 calls, bucket calls included; every body is read or cancelled",
    },
    {
      limit: "Memory per isolate",
      value: `${MEMORY_LIMIT_MB} MB`,
      how: "answers are bounded slices (a snapshot part, a budget of zones), never a whole large account",
    },
    {
      limit: "CPU time",
      value: `${cpu.request} per request, ${cpu.scheduled} per scheduled trigger`,
      how: "the refresh runs in budget-sized steps, one per trigger",
    },
    {
      limit: "Request body",
      value: `${mib(config.requestBodyMaxBytes)} (${config.servicePlan} plan); JSON operations ${mib(JSON_BODY_MAX_BYTES)}`,
      how: "larger bodies are refused with 413 before they are read",
    },
    {
      limit: "Start-up (global scope)",
      value: `${STARTUP_LIMIT_MS} ms`,
      how: "configuration, bucket and caches are made on first use, not at import",
    },
  ];
}
