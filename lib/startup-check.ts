// Node-only start-up check, loaded by instrumentation.ts: a bad variable stops the server, named.
import { ConfigError, parseConfig } from "@/lib/config-schema";
import { identityStartupProblem } from "@/lib/identity/config-schema";

export function checkConfigOrExit(): void {
  try {
    const refusal = identityStartupProblem(parseConfig(process.env).identity);
    if (refusal) throw new ConfigError(refusal.variable, refusal.problem);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Preflight cannot start: ${error.message}`);
    process.exit(1);
  }
}
