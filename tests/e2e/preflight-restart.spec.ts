// Preflight is killed (SIGKILL, a crash) while a review's second call is in flight, then started again on
// the same bucket: the execution is resumed once its lease runs out, the call left "sending" is found
// applied on the account and not sent again, and the sandbox's log shows each mutation sent exactly once.
import { expect, test } from "@playwright/test";
import { E2E } from "./environment";
import { newDataDir, startOwnPreflight, startOwnSandbox, type OwnServer } from "./own-servers";

const running: OwnServer[] = [];
test.afterAll(async () => {
  await Promise.all(running.map((s) => s.stop()));
});

type Call = { method: string; path: string; status: number; delivered: boolean };
type Review = { id: string; state: string; calls: { method: string; path: string }[]; results: { state: string; verified?: boolean }[] };

async function api<T>(server: OwnServer, path: string, user: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${server.url}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "x-preflight-demo-user": user, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

/** A zone with three custom hostnames still on the legacy-chain CA, straight from the sandbox. */
async function legacyHostnames(sandbox: OwnServer): Promise<{ zoneId: string; ids: string[] }> {
  const get = async <T>(path: string) =>
    (
      (await (await fetch(`${sandbox.url}/client/v4${path}`, { headers: { Authorization: `Bearer ${E2E.apiToken}` } })).json()) as {
        result: T;
      }
    ).result;
  for (let page = 1; page < 10; page++) {
    for (const zone of await get<{ id: string }[]>(`/zones?per_page=50&page=${page}`)) {
      const hostnames = await get<{ id: string; status: string; ssl: { certificate_authority: string } }[]>(
        `/zones/${zone.id}/custom_hostnames?per_page=50`,
      );
      const ids = hostnames
        // A moved or deleted hostname is never switched (a PATCH would revive it).
        .filter((h) => h.ssl.certificate_authority === "lets_encrypt" && h.status !== "moved" && h.status !== "deleted")
        .map((h) => h.id)
        .slice(0, 3);
      if (ids.length === 3) return { zoneId: zone.id, ids };
    }
  }
  throw new Error("no zone with three legacy-chain custom hostnames");
}

const calls = async (sandbox: OwnServer) => ((await (await fetch(`${sandbox.url}/__sandbox/calls`)).json()) as { calls: Call[] }).calls;
const faults = (sandbox: OwnServer, body: object) =>
  fetch(`${sandbox.url}/__sandbox/faults`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

test("a Preflight crash mid-execution loses nothing and sends no mutation twice", async () => {
  test.setTimeout(180_000);
  const sandbox = await startOwnSandbox();
  running.push(sandbox);
  const dataDir = newDataDir();
  const env = { REVIEW_EXECUTION_LEASE_SECONDS: "3" };
  const first = await startOwnPreflight(sandbox.port, dataDir, env);
  running.push(first);

  const { zoneId, ids } = await legacyHostnames(sandbox);
  const created = await api<Review>(first, "/api/reviews", "planner", {
    kind: "switch_hostname_ca",
    zoneId,
    hostnameIds: ids,
    certificateAuthority: "google",
  });
  expect(created.status).toBe(201);
  const id = created.body.id;
  expect((await api(first, `/api/reviews/${id}/submit`, "planner", {})).status).toBe(200);
  expect((await api(first, `/api/reviews/${id}/approve`, "approver-1", {})).status).toBe(200);

  // Every PATCH takes 2.5 s to answer: the server is killed while the second one is in flight.
  await faults(sandbox, { writeLatencyMs: 2500 });
  void api(first, `/api/reviews/${id}/execute`, "planner", {}).catch(() => undefined);
  await expect
    .poll(async () => (await api<Review>(first, `/api/reviews/${id}`, "planner")).body.results.map((r) => r.state).join(","), {
      timeout: 30_000,
    })
    .toBe("succeeded,sending,pending");
  await new Promise((resolve) => setTimeout(resolve, 500)); // the PATCH has reached the sandbox
  await first.kill();
  const second = created.body.calls[1]!.path;
  // The sandbox still applies the call the dead server sent; nobody receives the answer.
  await expect
    .poll(async () => (await calls(sandbox)).filter((c) => c.method === "PATCH" && c.path.endsWith(second)).map((c) => c.delivered), {
      timeout: 10_000,
    })
    .toEqual([false]);
  await faults(sandbox, { writeLatencyMs: 0 });

  const restarted = await startOwnPreflight(sandbox.port, dataDir, env, first.port);
  running.push(restarted);
  const left = await api<Review>(restarted, `/api/reviews/${id}`, "planner");
  expect(left.body.state).toBe("executing");
  // Until the dead server's lease runs out the review is refused as being executed; then it resumes.
  let resumed: { status: number; body: Review } | undefined;
  let refusedWhileLeased = 0;
  await expect
    .poll(
      async () => {
        resumed = await api<Review>(restarted, `/api/reviews/${id}/execute`, "planner", {});
        if (resumed.status === 409) refusedWhileLeased++;
        return resumed.status;
      },
      { timeout: 30_000, intervals: [500] },
    )
    .toBe(200);
  expect(resumed!.body.state).toBe("executed");
  expect(resumed!.body.results.map((r) => r.state)).toEqual(["succeeded", "succeeded", "succeeded"]);
  expect(resumed!.body.results[1]!.verified).toBe(true);

  const patches = (await calls(sandbox)).filter((c) => c.method === "PATCH");
  expect(patches.map((c) => c.path.replace("/client/v4", "")).sort()).toEqual(created.body.calls.map((c) => c.path).sort());
  const audit = await api<{ audit: { action: string }[] }>(restarted, `/api/reviews/${id}`, "planner");
  expect(audit.body.audit.map((e) => e.action)).toEqual(
    expect.arrayContaining(["execution_started", "execution_resumed", "call_verified", "execution_executed"]),
  );
  console.log(
    `preflight restart: 3 PATCH calls, server killed during call 2, ${refusedWhileLeased} execute(s) refused while the lease held, ` +
      `call 2 verified applied, each PATCH sent once (${patches.length} in the sandbox log)`,
  );
});
