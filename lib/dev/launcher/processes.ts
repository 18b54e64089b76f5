// Child processes of the launcher, test runner and benchmarks: started with a name, stopped by PID,
// and waited on until they answer over HTTP.
import { spawn, type ChildProcess } from "node:child_process";
import { descendants, processOf, stillRuns, type RunningProcess } from "@/lib/dev/launcher/process-tree";

export interface Service {
  name: string;
  child: ChildProcess;
  /** Resolves with the exit code when the process ends. */
  exited: Promise<number>;
}

export function startService(
  name: string,
  command: string,
  args: string[],
  options: { env?: Record<string, string | undefined>; quiet?: boolean } = {},
): Service {
  const child = spawn(command, args, {
    env: { ...process.env, ...options.env },
    stdio: options.quiet ? ["ignore", "ignore", "inherit"] : ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise<number>((resolve) => {
    child.once("exit", (code, signal) => resolve(code ?? (signal ? 128 : 1)));
    child.once("error", (error) => {
      console.error(`${name} could not start: ${error.message}`);
      resolve(1);
    });
  });
  return { name, child, exited };
}

/** Polls a URL until it answers 2xx, the service exits, or the time runs out. */
export async function waitForHttp(service: Service, url: string, timeoutMs = 120_000): Promise<void> {
  let exitCode: number | undefined;
  void service.exited.then((code) => (exitCode = code));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`${service.name} exited with code ${exitCode} before it was ready`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.body?.cancel();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${service.name} did not answer ${new URL(url).pathname} within ${timeoutMs / 1000} s`);
}

/**
 * Stops services by their PID: SIGTERM, then SIGKILL for any still running after a grace period. What each started is
 * ended too: a service killed in a hurry (a busy machine outlasting the grace period) cannot stop its own children,
 * and an anvil left so held its port for the next run (the quick bench's "Address already in use").
 */
export async function stopServices(services: Service[], graceMs = 5_000): Promise<void> {
  const running = services.filter((s) => s.child.exitCode === null && s.child.signalCode === null);
  const started = running.flatMap((s) => (s.child.pid ? descendants(s.child.pid) : [])).flatMap((pid) => processOf(pid) ?? []);
  for (const service of running) service.child.kill("SIGTERM");
  const timer = setTimeout(() => running.forEach((s) => s.child.kill("SIGKILL")), graceMs);
  await Promise.all(running.map((s) => s.exited));
  clearTimeout(timer);
  await endLeftovers(started);
}

/** The processes of `started` still running once their service exited: SIGTERM, then SIGKILL after two seconds. */
async function endLeftovers(started: RunningProcess[]): Promise<void> {
  const signal = (name: NodeJS.Signals) => {
    const left = started.filter(stillRuns);
    for (const { pid } of left) {
      try {
        process.kill(pid, name);
      } catch {
        // ended between the look and the signal
      }
    }
    return left.length;
  };
  if (signal("SIGTERM") === 0) return;
  for (let waited = 0; waited < 2_000 && started.some(stillRuns); waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
  signal("SIGKILL");
}

/** Runs a command to completion with inherited output; resolves with its exit code. */
export function run(command: string, args: string[], env?: Record<string, string | undefined>): Promise<number> {
  return startService(command, command, args, { env }).exited;
}

/** A service process's own shutdown: on SIGINT or SIGTERM, close once, then exit 0 (1 if closing failed). */
export function closeOnSignals(close: () => Promise<void>): void {
  let closing = false;
  const stop = () => {
    if (closing) return;
    closing = true;
    close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
