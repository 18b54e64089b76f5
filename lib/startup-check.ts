// Node-only start-up check, loaded by instrumentation.ts: a bad variable stops the server, named.
import { parseConfig, type Config } from "@/lib/config-schema";
import { ConfigError } from "@/lib/errors/internal-errors";
import { identityStartupProblem } from "@/lib/identity/config-schema";

export function checkConfigOrExit(): Config {
  try {
    const config = parseConfig(process.env);
    const refusal = identityStartupProblem(config.identity);
    if (refusal) throw new ConfigError(refusal.variable, refusal.problem);
    return config;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Preflight cannot start: ${error.message}`);
    process.exit(1);
  }
}
