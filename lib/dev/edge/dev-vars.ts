// The worker's configuration for local workerd: every variable Preflight reads, written as secrets to a
// private temporary file that wrangler loads (`--env-file`) and that is deleted when the preview stops.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const CRON_SECRET_VARIABLE = "PREFLIGHT_CRON_SECRET";

/** The variables to hand over: those set in `source`, with `overrides` (resolved ports, the cron secret) on top. */
export function workerVariables(
  names: readonly string[],
  source: Record<string, string | undefined>,
  overrides: Record<string, string>,
): Record<string, string> {
  const picked = Object.fromEntries(names.flatMap((name) => (source[name] ? [[name, source[name]!]] : [])));
  return { ...picked, [CRON_SECRET_VARIABLE]: source[CRON_SECRET_VARIABLE] || randomBytes(24).toString("hex"), ...overrides };
}

/** Dotenv text in single quotes (`#` stays literal). wrangler expands `$NAME` in env files, so `$` is refused like a newline or a quote. */
export function toDotenv(variables: Record<string, string>): string {
  return Object.entries(variables)
    .map(([name, value]) => {
      if (/[\r\n'$]/.test(value))
        throw new Error(`${name} contains a newline, a single quote or a $, which the worker's env file cannot hold`);
      return `${name}='${value}'\n`;
    })
    .join("");
}

/** Writes the file readable by this user only; returns its path and a function that deletes it. */
export function writeSecretsFile(variables: Record<string, string>): { path: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), "preflight-edge-"));
  const path = join(dir, ".dev.vars");
  writeFileSync(path, toDotenv(variables), { mode: 0o600 });
  return { path, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
