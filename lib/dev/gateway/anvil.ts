// Starts anvil (the EVM node of the demo gateway) on 127.0.0.1 and waits until it answers.
// The binary comes from @foundry-rs/anvil-linux-amd64, else from PATH.
import { spawn, type ChildProcess } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { createServer } from "node:net";
import { delimiter, join } from "node:path";
import { rpc } from "./rpc";

/** Genesis time of the demo chain: with a fixed block interval, every block hash is the same each run. */
const GENESIS_TIMESTAMP = 1_700_000_000;

export class AnvilMissingError extends Error {
  constructor() {
    super(
      "The demo gateway needs anvil: `npm ci` installs it on linux-x64 (@foundry-rs/anvil-linux-amd64); " +
        "elsewhere install Foundry (https://getfoundry.sh) so that `anvil` is on PATH, or set ETH_GATEWAY_URL to a real gateway.",
    );
    this.name = "AnvilMissingError";
  }
}

export function findAnvil(root = process.cwd()): string {
  const candidates = [
    join(root, "node_modules", "@foundry-rs", "anvil-linux-amd64", "bin", "anvil"),
    ...(process.env.PATH ?? "")
      .split(delimiter)
      .filter(Boolean)
      .map((dir) => join(dir, "anvil")),
  ];
  const found = candidates.find((path) => {
    try {
      accessSync(path, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
  if (!found) throw new AnvilMissingError();
  return found;
}

export interface Anvil {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts anvil on `port`; 0 (the tests) lets anvil bind any free port itself, so no other process can take it first. */
export async function startAnvil(port = 0): Promise<Anvil> {
  // --prune-history: without it anvil spills old states to ~/.foundry/anvil/tmp and, stopped by a
  // signal, never removes them (0.4 GB a run, 8 GB with the benchmark chain). trace_filter reads the
  // mined blocks' traces, not old states, so nothing the gateway serves needs them.
  // Not --silent: its "Listening on 127.0.0.1:PORT" line is how the port it bound is known.
  const child = spawn(
    findAnvil(),
    ["--host", "127.0.0.1", "--port", String(port), "--timestamp", String(GENESIS_TIMESTAMP), "--prune-history"],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
  const bound = listeningPort(child);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  };
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`anvil exited before it was ready: ${stderr.trim() || `code ${child.exitCode}`}`);
    const url = bound.port === undefined ? undefined : `http://127.0.0.1:${bound.port}`;
    try {
      if (url === undefined) throw new Error("not listening yet");
      await rpc(url, "eth_chainId");
      return { url, child, stop };
    } catch {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`anvil did not answer on port ${bound.port ?? port} within 20 s`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** The port anvil says it listens on; its other output (a line per call) is read and dropped so the pipe never fills. */
function listeningPort(child: ChildProcess): { port?: number } {
  const bound: { port?: number } = {};
  let head = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    if (bound.port !== undefined) return;
    head = (head + chunk.toString()).slice(-4000);
    const match = /Listening on 127\.0\.0\.1:(\d+)/.exec(head);
    if (match) bound.port = Number(match[1]);
  });
  return bound;
}

/** A port free right now on 127.0.0.1 (for tests that start their own anvil). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}
