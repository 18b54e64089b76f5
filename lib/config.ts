// The server's configuration, parsed once from the runtime's environment. Holds the API token: server-only.
import "server-only";
import { parseConfig, type Config } from "@/lib/config-schema";
import { configSource } from "@/lib/edge/runtime";

let cached: Config | undefined;

/** Parsed on first use and kept (the edge `env` is fixed per isolate); an invalid variable throws a ConfigError naming it. */
export function getConfig(): Config {
  cached ??= parseConfig(configSource());
  return cached;
}

/** Replaces every configured secret in a text, for logs and error messages. */
export function redactSecrets(text: string): string {
  return getConfig().secrets.reduce((out, secret) => out.split(secret).join("[redacted]"), text);
}
