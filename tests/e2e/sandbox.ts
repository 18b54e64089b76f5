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

async function sandboxGet<T>(path: string): Promise<T> {
  const response = await fetch(`${E2E.sandboxUrl}/client/v4${path}`, { headers: { Authorization: `Bearer ${E2E.apiToken}` } });
  return ((await response.json()) as { result: T }).result;
}

/** The id of the sandbox's first account, as its account listing names it. */
export async function sandboxAccountId(): Promise<string> {
  const [account] = await sandboxGet<Array<{ id: string }>>("/accounts");
  if (!account) throw new Error("the sandbox lists no account");
  return account.id;
}

/** A zone below Enterprise whose upgrade the sandbox will accept: compatible, no overrides, within the limits. */
export async function upgradableZone(): Promise<{ id: string; name: string }> {
  for (let page = 1; ; page++) {
    const zones = await sandboxGet<Array<{ id: string; name: string; plan: { legacy_id: string } }>>(`/zones?per_page=50&page=${page}`);
    if (zones.length === 0) throw new Error("no upgradable zone in the sandbox");
    for (const zone of zones.filter((z) => z.plan.legacy_id !== "enterprise")) {
      const check = await sandboxGet<{ compatible: boolean }>(`/zones/${zone.id}/waf_migration/check?phase_two=1`);
      if (!check.compatible) continue;
      const config = await sandboxGet<{ rules: Array<{ action: string; expression: string }> }>(
        `/zones/${zone.id}/waf_migration/config?phase_two=1`,
      );
      if (config.rules.length < 50 && config.rules.every((r) => r.expression.length < 1000)) return zone;
    }
  }
}

export async function migrationStatus(zoneId: string) {
  return sandboxGet<{ old_waf_status: string; new_waf_status: string; migration_state: string }>(`/zones/${zoneId}/waf_migration/status`);
}

export async function sandboxCalls(): Promise<Array<{ method: string; path: string; status: number }>> {
  return (
    (await (await fetch(`${E2E.sandboxUrl}/__sandbox/calls`)).json()) as { calls: Array<{ method: string; path: string; status: number }> }
  ).calls;
}

/** An Enterprise zone in validation mode: its entry point already runs the proposed configuration. */
export async function validationModeZone(): Promise<{ id: string; name: string }> {
  for (let page = 1; ; page++) {
    const zones = await sandboxGet<Array<{ id: string; name: string; plan: { legacy_id: string } }>>(`/zones?per_page=50&page=${page}`);
    if (zones.length === 0) throw new Error("no zone in validation mode in the sandbox");
    for (const zone of zones.filter((z) => z.plan.legacy_id === "enterprise")) {
      const status = await migrationStatus(zone.id);
      if (status.old_waf_status === "enabled" && status.new_waf_status === "enabled") return zone;
    }
  }
}

/** Someone edits the zone's entry point outside Preflight (a PUT without waf_migration, as the dashboard would). */
export async function editEntrypoint(
  zoneId: string,
  edit: (rules: Array<Record<string, unknown>>) => Array<Record<string, unknown>>,
): Promise<void> {
  const path = `/zones/${zoneId}/rulesets/phases/http_request_firewall_managed/entrypoint`;
  const current = await sandboxGet<{ name: string; rules: Array<Record<string, unknown>> }>(path);
  const response = await fetch(`${E2E.sandboxUrl}/client/v4${path}`, {
    method: "PUT",
    headers: { Authorization: `Bearer ${E2E.apiToken}`, "Content-Type": "application/json" },
    body: JSON.stringify({ name: current.name, rules: edit(current.rules) }),
  });
  if (!response.ok) throw new Error(`sandbox refused the entry point: ${response.status}`);
}

/** A certificate change between two snapshots, as a real account goes through one (lib/dev/sandbox/certificate-events.ts). */
export async function changeSandboxCertificate(
  body: Record<string, unknown>,
): Promise<{ zone: { id: string; name: string }; certificate: { id: string; hostname?: string } }> {
  const response = await fetch(`${E2E.sandboxUrl}/__sandbox/certificates`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`sandbox refused the certificate change: ${response.status} ${await response.text()}`);
  return (await response.json()) as { zone: { id: string; name: string }; certificate: { id: string; hostname?: string } };
}
