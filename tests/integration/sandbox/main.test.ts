// The sandbox as its own process: env validation, one ready line without the token, clean stop on SIGTERM.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.pid) process.kill(child.pid, "SIGKILL");
});

function run(env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", "lib/dev/sandbox/main.ts"], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "test", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const ready = new Promise<string>((resolve, reject) => {
    child.stdout?.on("data", () => {
      const line = stdout.split("\n")[0];
      if (stdout.includes("\n") && line !== undefined) resolve(line);
    });
    void exited.then(() => reject(new Error(`exited before ready: ${stderr}`)));
  });
  return { child, ready, exited, output: () => ({ stdout, stderr }) };
}

describe("lib/dev/sandbox/main.ts", () => {
  it("prints one ready line, never the token, serves, and stops cleanly on SIGTERM", async () => {
    const token = `tok-${randomBytes(16).toString("hex")}`;
    const proc = run({ SANDBOX_PORT: "0", SANDBOX_API_TOKEN: token, SANDBOX_ZONES: "12" });
    const line = await proc.ready;
    expect(line).toMatch(/^sandbox ready on http:\/\/127\.0\.0\.1:\d+$/);
    const url = line.replace("sandbox ready on ", "");
    const res = await fetch(`${url}/client/v4/zones?per_page=50`, { headers: { Authorization: `Bearer ${token}` } });
    expect(((await res.json()) as { result_info: { total_count: number } }).result_info.total_count).toBe(12);
    process.kill(proc.child.pid!, "SIGTERM");
    expect(await proc.exited).toBe(0);
    const { stdout, stderr } = proc.output();
    expect(stdout).toBe(`${line}\n`);
    expect(stdout + stderr).not.toContain(token);
  });

  it("exits 1 naming the variable when a value is invalid", async () => {
    for (const [name, value] of [
      ["SANDBOX_PORT", "http"],
      ["SANDBOX_ERROR_RATE", "1.5"],
      ["SANDBOX_RETIRED_SHARE", "2"],
      ["SANDBOX_RATE_LIMIT", "-1"],
      ["SANDBOX_API_TOKEN", "short"],
      ["SANDBOX_ACCOUNTS", "security,prod"],
      ["SANDBOX_ACCOUNTS", "staging"],
    ] as const) {
      const proc = run({ [name]: value, SANDBOX_PORT: name === "SANDBOX_PORT" ? value : "0" });
      proc.ready.catch(() => undefined);
      expect(await proc.exited, name).toBe(1);
      expect(proc.output().stderr, name).toContain(name);
      expect(proc.output().stdout, name).toBe("");
    }
  });
});
