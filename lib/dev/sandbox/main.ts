// Process entry: `npx tsx lib/dev/sandbox/main.ts`. Reads SANDBOX_* variables, prints one ready line, stops on SIGINT/SIGTERM.
import { z } from "zod";
import { closeOnSignals } from "@/lib/dev/launcher/processes";
import { DEFAULT_SANDBOX_ACCOUNTS, parseSandboxAccounts } from "@/lib/accounts/sandbox-accounts";
import { startSandbox } from "./server";
import { DEFAULT_RETIRED_SHARE } from "./waf/seed-waf";

const text = (fallback: string, min = 1) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : fallback))
    .pipe(z.string().min(min, `must be at least ${min} characters`));

const whole = (fallback: number, min: number, max: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : String(fallback)))
    .pipe(z.string().regex(/^\d+$/, "must be a whole number"))
    .transform(Number)
    .pipe(z.number().int().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));

const fractionOr = (fallback: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : String(fallback)))
    .pipe(z.string().regex(/^(0(\.\d+)?|1(\.0+)?|\.\d+)$/, "must be a number between 0 and 1"))
    .transform(Number);
const fraction = fractionOr(0);

const envSchema = z.object({
  SANDBOX_PORT: whole(8790, 0, 65_535), // 0 = any free port (the ready line says which)
  SANDBOX_API_TOKEN: text("preflight-sandbox-token", 8),
  SANDBOX_API_EMAIL: text("demo@sandbox.preflight.test").pipe(z.email({ message: "must be an e-mail address" })),
  SANDBOX_API_KEY: text("preflight-sandbox-legacy-key", 8),
  SANDBOX_SEED: whole(1, 0, 4_294_967_295),
  SANDBOX_ZONES: whole(240, 1, 10_000),
  SANDBOX_CUSTOM_HOSTNAMES: whole(0, 0, 1_000_000),
  SANDBOX_RATE_LIMIT: whole(1200, 0, 1_000_000),
  SANDBOX_RATE_WINDOW_SECONDS: whole(300, 1, 86_400),
  SANDBOX_GRAPHQL_RATE_LIMIT: whole(300, 0, 1_000_000),
  SANDBOX_GRAPHQL_RATE_WINDOW_SECONDS: whole(300, 1, 86_400),
  SANDBOX_LATENCY_MS: whole(0, 0, 60_000),
  SANDBOX_ERROR_RATE: fraction,
  SANDBOX_MALFORMED_RATE: fraction,
  SANDBOX_RETIRED_SHARE: fractionOr(DEFAULT_RETIRED_SHARE),
  SANDBOX_HOSTILE_STRINGS: z.enum(["", "0", "1"], { message: "must be 0 or 1" }).optional(),
  // The accounts served, each with its own token (docs/development.md); the first one always.
  SANDBOX_ACCOUNTS: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : DEFAULT_SANDBOX_ACCOUNTS))
    .superRefine((value, context) => {
      const problem = parseSandboxAccounts(value);
      if (typeof problem === "string") context.addIssue({ code: "custom", message: problem });
    }),
});

async function main(): Promise<void> {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.keys(envSchema.shape).map((name) => [name, process.env[name]])));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    // Name the variable and the rule, never the value: it may be a secret.
    console.error(`sandbox: ${String(issue?.path[0] ?? "environment")} ${issue?.message ?? "is invalid"}`);
    process.exit(1);
  }
  const env = parsed.data;
  const sandbox = await startSandbox({
    port: env.SANDBOX_PORT,
    seed: env.SANDBOX_SEED,
    zoneCount: env.SANDBOX_ZONES,
    accounts: env.SANDBOX_ACCOUNTS,
    customHostnames: env.SANDBOX_CUSTOM_HOSTNAMES,
    hostileStrings: env.SANDBOX_HOSTILE_STRINGS === "1",
    retiredShare: env.SANDBOX_RETIRED_SHARE,
    apiToken: env.SANDBOX_API_TOKEN,
    apiEmail: env.SANDBOX_API_EMAIL,
    apiKey: env.SANDBOX_API_KEY,
    rateLimit: env.SANDBOX_RATE_LIMIT === 0 ? null : { requests: env.SANDBOX_RATE_LIMIT, windowSeconds: env.SANDBOX_RATE_WINDOW_SECONDS },
    graphqlRateLimit:
      env.SANDBOX_GRAPHQL_RATE_LIMIT === 0
        ? null
        : { requests: env.SANDBOX_GRAPHQL_RATE_LIMIT, windowSeconds: env.SANDBOX_GRAPHQL_RATE_WINDOW_SECONDS },
    faults: { latencyMs: env.SANDBOX_LATENCY_MS, errorRate: env.SANDBOX_ERROR_RATE, malformedRate: env.SANDBOX_MALFORMED_RATE },
  });
  console.log(`sandbox ready on ${sandbox.url}`);
  closeOnSignals(() => sandbox.close());
}

main().catch((error: unknown) => {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  console.error(
    `sandbox: could not start${code === "EADDRINUSE" ? " (SANDBOX_PORT is already in use)" : ""}: ${error instanceof Error ? error.message : "unknown error"}`,
  );
  process.exit(1);
});
