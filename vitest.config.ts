import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": fileURLToPath(new URL("./", import.meta.url)),
      // `server-only` throws outside React's server bundle; unit tests run the server modules directly.
      "server-only": fileURLToPath(new URL("./tests/unit/server-only-stub.ts", import.meta.url)),
    },
  },
  test: {
    environment: "node",
    // One file per core: Vitest's default (cores − 1) ran the 155 files on ONE worker on a 2-core machine, leaving a core idle
    // while the main process waits. More workers than cores only stretch each test towards its timeout (docs/testing.md).
    maxWorkers: Math.max(2, availableParallelism()),
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // tests/unit: pure modules, seconds; tests/integration: start the sandbox, servers or Miniflare. Both draw every
    // fast-check property of a file from one seed, printed on failure (tests/fast-check-seed.ts).
    projects: [
      {
        extends: true,
        // Pure modules: a worker's files share one module graph instead of importing it afresh for each of the 150 files
        // (69 → 28 CPU s, 39 → 16 s on 2 cores). A test that needs a configuration of its own loads it in a fresh graph
        // (tests/unit/configured-import.ts); stubbed variables and globals are restored after each test, and files must
        // leave timers, mocks and module state as they found them.
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          setupFiles: ["tests/fast-check-seed.ts"],
          isolate: false,
          unstubEnvs: true,
          unstubGlobals: true,
        },
      },
      {
        extends: true,
        // Every answer of an operation in an integration test is checked against lib/api/operations.ts. Only there: the
        // check is off outside tests/integration anyway, and loading every schema cost each of the 130 unit files ~0.4 s.
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          setupFiles: ["tests/integration/api-contract/setup.ts", "tests/fast-check-seed.ts"],
        },
      },
    ],
  },
});
