import { describe, expect, it } from "vitest";
import { descendants, processOf, stillRuns } from "@/lib/dev/launcher/process-tree";
import { startService, stopServices } from "@/lib/dev/launcher/processes";

describe.runIf(process.platform === "linux")("stopping a service", () => {
  it("ends what it started, even when the service itself had to be killed", async () => {
    // A service that ignores SIGTERM (as one too busy to stop in time) and has started a long-lived child.
    const script = `process.on("SIGTERM", () => {}); require("child_process").spawn("sleep", ["300"], { stdio: "ignore" }); setInterval(() => {}, 1000);`;
    const service = startService("stubborn", process.execPath, ["-e", script], { quiet: true });
    let child: number | undefined;
    for (let i = 0; i < 100 && child === undefined; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      child = descendants(service.child.pid!)[0];
    }
    expect(child, "the service's child").toBeDefined();
    const sleeper = processOf(child!)!;
    expect(stillRuns(sleeper)).toBe(true);
    await stopServices([service], 500);
    expect(service.child.signalCode).toBe("SIGKILL");
    expect(stillRuns(sleeper), "the child outlived its service").toBe(false);
  }, 20_000);
});
