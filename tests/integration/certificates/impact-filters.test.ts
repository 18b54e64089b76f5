// Issue 29: `zone` and `host` are filters of GET /api/certificates/impact, against the sandbox over real HTTP.
// Without `host` the zone's affected hosts come from its audit; without `zone` every affected zone of the
// account is read within the request's budget, a cursor continuing what one request could not read.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditCertificates } from "@/lib/certificates/audit";
import { affectedHostRequests, MAX_HOSTS } from "@/lib/certificates/impact/affected-hosts";
import { readAccountImpact, type AccountImpact } from "@/lib/certificates/impact/account-impact";
import { readAffectedZoneImpact } from "@/lib/certificates/impact/zone-affected-impact";
import type { CertificateRow } from "@/lib/certificates/types";
import { startSandbox, type RunningSandbox } from "@/lib/dev/sandbox/server";
import { clearCalls, client, graphqlCalls, TOKEN } from "@/tests/integration/validation-mode/harness";

const DAY_S = 86_400;
let sandbox: RunningSandbox;
const rows: CertificateRow[] = [];
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, apiToken: TOKEN, rateLimit: null, graphqlRateLimit: null });
  // The whole audit, as the page's Certificates list reads it: what the filters must find on their own.
  let cursor: string | undefined;
  do {
    const page = await auditCertificates(client(sandbox), { cursor, refresh: cursor === undefined });
    rows.push(...page.certificates);
    cursor = page.cursor;
  } while (cursor);
}, 120_000);
afterAll(() => sandbox.close());

const affected = () => affectedHostRequests(rows);
const hostsOfZone = (zoneId: string) =>
  affected()
    .filter((r) => r.zoneId === zoneId)
    .flatMap((r) => r.hosts);

describe("a zone without host", () => {
  it("reads the hosts of the zone's action-required and informational certificates, 50 a query at most", async () => {
    const zoneId = affected().find((r) => r.hosts.some((h) => !h.includes("*")))!.zoneId;
    const expected = hostsOfZone(zoneId);
    await clearCalls(sandbox);
    const impact = await readAffectedZoneImpact(client(sandbox), zoneId, DAY_S);
    expect(impact.audit).toMatchObject({ zoneId, status: "audited" });
    expect(impact.complete).toBe(true);
    expect(impact.hosts.map((h) => h.host).sort()).toEqual(expected.filter((h) => !h.includes("*")).sort());
    expect(impact.notRead.map((n) => n.host).sort()).toEqual(expected.filter((h) => h.includes("*")).sort());
    const reads = (await graphqlCalls(sandbox)).filter((c) => c.graphql?.operationName === "HostImpact");
    expect(reads.length).toBeGreaterThan(0);
    for (const call of reads) expect((call.graphql!.variables!.hosts as string[]).length).toBeLessThanOrEqual(MAX_HOSTS);
  });
});

describe("neither zone nor host", () => {
  /** The zones of answers put end to end: a zone of more than MAX_HOSTS hosts may span two answers (one per chunk). */
  const zonesOf = (answers: AccountImpact[]) =>
    answers.flatMap((a) => a.zones).filter((z, i, all) => i === 0 || all[i - 1]!.zoneId !== z.zoneId);

  it("reads every affected zone of the account, action-required first", async () => {
    const answer = await readAccountImpact(client(sandbox), { windowSeconds: DAY_S });
    expect(answer).toMatchObject({ complete: true, auditComplete: true });
    expect(answer.cursor).toBeUndefined();
    const zoneIds = [...new Set(affected().map((r) => r.zoneId))];
    expect(answer.zones.map((z) => z.zoneId)).toEqual(zoneIds);
    const urgent = new Set(rows.filter((r) => r.verdict === "action_required").map((r) => r.zoneId));
    const calm = answer.zones.map((z) => !urgent.has(z.zoneId));
    expect(urgent.size).toBeGreaterThan(0);
    expect(calm).toEqual([...calm].sort((a, b) => Number(a) - Number(b)));
    for (const zone of answer.zones) {
      expect(zone.status).toBe("read");
      expect(zone.impact!.hosts.length + zone.impact!.notRead.length).toBe(hostsOfZone(zone.zoneId).length);
    }
  });

  it("marks a zone whose read failed (a window older than its plan keeps) failed with the reason, never dropped", async () => {
    const answer = await readAccountImpact(client(sandbox), { windowSeconds: 14 * DAY_S });
    expect(answer.complete).toBe(true);
    expect(answer.zones.map((z) => z.zoneId)).toEqual([...new Set(affected().map((r) => r.zoneId))]);
    const keepsLess = (zoneId: string) => ["free", "pro"].includes(sandbox.state.zones.find((z) => z.id === zoneId)!.plan.legacy_id);
    expect(answer.zones.some((z) => keepsLess(z.zoneId))).toBe(true);
    for (const zone of answer.zones) {
      if (keepsLess(zone.zoneId)) expect(zone).toMatchObject({ status: "failed", reason: expect.stringMatching(/window|notOlderThan/) });
      else expect(zone.status).toBe("read");
    }
  }, 60_000);

  it("on a small budget ends incomplete with a cursor, and the next request completes it", async () => {
    const first = await readAccountImpact(client(sandbox, { budget: 6 }), { windowSeconds: DAY_S });
    expect(first.complete).toBe(false);
    expect(first.cursor).toEqual(expect.any(String));
    expect(first.progress.done).toBeLessThan(first.progress.total);
    const next = await readAccountImpact(client(sandbox), { windowSeconds: DAY_S, cursor: first.cursor });
    expect(next.complete).toBe(true);
    const zones = zonesOf([first, next]).map((z) => z.zoneId);
    expect(zones).toEqual([...new Set(affected().map((r) => r.zoneId))]);
  });

  it("while the account's audit is not whole, answers its progress with a cursor that carries on to every zone", async () => {
    // A new scan this test leaves unfinished: the impact's requests carry its audit on.
    await auditCertificates(client(sandbox, { budget: 60 }), { refresh: true });
    const answers: AccountImpact[] = [];
    let cursor: string | undefined;
    do {
      const answer = await readAccountImpact(client(sandbox, { budget: 40 }), { windowSeconds: DAY_S, cursor });
      answers.push(answer);
      cursor = answer.cursor;
      expect(answers.length).toBeLessThan(200);
    } while (cursor);
    expect(answers[0]).toMatchObject({ complete: false, auditComplete: false, zones: [] });
    expect(answers.at(-1)!.complete).toBe(true);
    expect(zonesOf(answers).map((z) => z.zoneId)).toEqual([...new Set(affected().map((r) => r.zoneId))]);
  });

  it("with host only, reads those hosts in their zones and names the hosts no affected certificate covers", async () => {
    const request = affected().find((r) => r.hosts.some((h) => !h.includes("*")))!;
    const host = request.hosts.find((h) => !h.includes("*"))!;
    const answer = await readAccountImpact(client(sandbox), { windowSeconds: DAY_S, hosts: [host, "nothing.invalid"] });
    expect(answer.complete).toBe(true);
    // A host may be on certificates of more than one zone (a custom hostname of another zone): each is read.
    const zonesOfHost = [
      ...new Set(
        affected()
          .filter((r) => r.hosts.includes(host))
          .map((r) => r.zoneId),
      ),
    ];
    expect(zonesOfHost).toContain(request.zoneId);
    expect(answer.zones.map((z) => [z.zoneId, z.impact?.hosts.map((h) => h.host)])).toEqual(zonesOfHost.map((z) => [z, [host]]));
    expect(answer.notAffected).toEqual(["nothing.invalid"]);
  });
});
