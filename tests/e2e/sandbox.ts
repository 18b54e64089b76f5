// The e2e suite's direct line to its sandbox: the seeded zones (the truth the pages are checked
// against) and the fault knobs.
import { E2E } from "./environment";

export async function sandboxZoneNames(): Promise<string[]> {
  const names: string[] = [];
  for (let page = 1; ; page++) {
    const response = await fetch(`${E2E.sandboxUrl}/client/v4/zones?per_page=50&page=${page}`, {
      headers: { Authorization: `Bearer ${E2E.apiToken}` },
    });
    const body = (await response.json()) as { result: Array<{ name: string }> };
    if (body.result.length === 0) return names;
    names.push(...body.result.map((zone) => zone.name));
  }
}

export async function setSandboxFaults(faults: Record<string, number>): Promise<void> {
  const response = await fetch(`${E2E.sandboxUrl}/__sandbox/faults`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(faults),
  });
  if (!response.ok) throw new Error(`sandbox refused faults: ${response.status}`);
}

export async function resetSandbox(): Promise<void> {
  await fetch(`${E2E.sandboxUrl}/__sandbox/reset`, { method: "POST" });
}
