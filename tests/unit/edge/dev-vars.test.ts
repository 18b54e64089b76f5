// preview:edge's secrets file: only the variables Preflight reads, a fresh cron secret, resolved ports on
// top, and nothing that wrangler's env-file parser would alter (or that could echo a value in an error).
import { existsSync, readFileSync, statSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CONFIG_VARIABLES } from "@/lib/config-schema";
import { CRON_SECRET_VARIABLE, toDotenv, workerVariables, writeSecretsFile } from "@/lib/dev/edge/dev-vars";

describe("workerVariables", () => {
  it("keeps the set configuration variables, drops the rest, adds a random cron secret and the overrides", () => {
    const source = { CLOUDFLARE_API_TOKEN: "tok-123", SANDBOX_PORT: "1", HOME: "/root", EDGE_PLAN: "" };
    const vars = workerVariables(CONFIG_VARIABLES, source, { SANDBOX_PORT: "8822" });
    expect(vars).toMatchObject({ CLOUDFLARE_API_TOKEN: "tok-123", SANDBOX_PORT: "8822" });
    expect(vars).not.toHaveProperty("HOME");
    expect(vars).not.toHaveProperty("EDGE_PLAN");
    expect(vars[CRON_SECRET_VARIABLE]).toMatch(/^[0-9a-f]{48}$/);
    expect(workerVariables(CONFIG_VARIABLES, source, {})[CRON_SECRET_VARIABLE]).not.toBe(vars[CRON_SECRET_VARIABLE]);
  });

  it("keeps a cron secret given in the environment", () => {
    expect(workerVariables([], { [CRON_SECRET_VARIABLE]: "given-secret" }, {})[CRON_SECRET_VARIABLE]).toBe("given-secret");
  });
});

describe("toDotenv", () => {
  it("quotes values so # and spaces stay literal", () => {
    expect(toDotenv({ A: "x #y z", B: "https://h/p?q=1" })).toBe("A='x #y z'\nB='https://h/p?q=1'\n");
  });

  it.each(["a$b", "a'b", "a\nb"])("refuses %j, naming the variable but not the value", (value) => {
    expect(() => toDotenv({ CLOUDFLARE_API_KEY: value })).toThrow(/^CLOUDFLARE_API_KEY contains/);
    expect(() => toDotenv({ CLOUDFLARE_API_KEY: value })).not.toThrow(value);
  });
});

describe("writeSecretsFile", () => {
  it("writes a file only this user can read, and removes it", () => {
    const file = writeSecretsFile({ A: "1" });
    expect(readFileSync(file.path, "utf8")).toBe("A='1'\n");
    expect(statSync(file.path).mode & 0o777).toBe(0o600);
    file.remove();
    expect(existsSync(file.path)).toBe(false);
  });
});
