// Node-only start-up check, loaded by instrumentation.ts: a bad variable stops the server, named.
import { ConfigError, parseConfig } from "@/lib/config-schema";

export function checkConfigOrExit(): void {
  try {
    parseConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Preflight cannot start: ${error.message}`);
    process.exit(1);
  }
}
