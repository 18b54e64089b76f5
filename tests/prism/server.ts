// Prism on 127.0.0.1 (a free port), request validation on (`--errors`: an invalid request gets 422), static
// answers (deterministic); started and stopped by PID by the step.
import { freePort } from "@/lib/dev/gateway/anvil";
import { startService, stopServices, type Service } from "@/lib/dev/launcher/processes";

export interface RunningPrism {
  baseUrl: string;
  stop: () => Promise<void>;
}

export async function startPrism(documentPath: string): Promise<RunningPrism> {
  const port = await freePort();
  const service: Service = startService(
    "prism",
    "node_modules/.bin/prism",
    ["mock", documentPath, "--host", "127.0.0.1", "--port", String(port), "--errors", "--verboseLevel", "warn"],
    { quiet: true },
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  let exited = false;
  void service.exited.then(() => (exited = true));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited) throw new Error("Prism exited before it listened");
    if (Date.now() > deadline) {
      await stopServices([service]);
      throw new Error("Prism did not listen within 60 s");
    }
    // Any HTTP answer means it listens (a path outside the document is a 404 there).
    const answered = await fetch(`${baseUrl}/__ready`, { signal: AbortSignal.timeout(2_000) }).then(
      async (r) => {
        await r.body?.cancel();
        return true;
      },
      () => false,
    );
    if (answered) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { baseUrl, stop: () => stopServices([service]) };
}
