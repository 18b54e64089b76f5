// The unit project shares one module graph between the files of a worker (vitest.config.ts), so the configuration
// (lib/config.ts parses it once per graph) may have been read by another file, from another environment.
import { vi } from "vitest";
import { forgetProcessState } from "@/lib/process-state";

/**
 * Loads modules in a fresh module graph whose configuration is parsed from `env`, then gives process.env back as it
 * was and empties the worker's module registry again, so the modules configured here stay the caller's: a later file
 * imports its own. Everything a test compares with what those modules return (error classes for `instanceof`) must
 * come from `load` too. The process's state (lib/process-state.ts: caches, limiters) starts empty too, as it would
 * in a process started with that configuration.
 */
export async function importConfigured<T>(env: Record<string, string>, load: () => Promise<T>): Promise<T> {
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  try {
    vi.resetModules();
    forgetProcessState();
    const loaded = await load();
    (await import("@/lib/config")).getConfig();
    return loaded;
  } finally {
    vi.unstubAllEnvs();
    vi.resetModules();
  }
}
