// The edge runtime's limits (platform document, "Limits"), as Preflight honours and shows them. Pure data.

export type ServicePlan = "free" | "pro" | "business" | "enterprise";

/** Largest request body the platform accepts per service plan; above it the answer is 413. */
export const REQUEST_BODY_MAX_BYTES: Record<ServicePlan, number> = {
  free: 100 * 1024 * 1024,
  pro: 100 * 1024 * 1024,
  business: 200 * 1024 * 1024,
  enterprise: 500 * 1024 * 1024,
};

/** A JSON operation's body is a small query; more than this is refused before it is read into memory. */
export const JSON_BODY_MAX_BYTES = 1024 * 1024;

export const MEMORY_LIMIT_MB = 128;
export const MAX_CONNECTIONS = 6;
export const STARTUP_LIMIT_MS = 400;

/** CPU time per HTTP request and per scheduled trigger, by edge plan (free: 10 ms; paid Standard: 30 s / 15 min). */
export const CPU_LIMIT = {
  free: { request: "10 ms", scheduled: "10 ms" },
  paid: { request: "30 s", scheduled: "15 min" },
} as const;
