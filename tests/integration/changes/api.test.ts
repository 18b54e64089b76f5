// GET /api/changes and the Certificates answer's flags, through the route handlers as the browser calls
// them: two snapshot refreshes with a sandbox change between them, then the listing (newest first, `since`,
// `kind`, cursor paging, a 400 naming `since`) and the flagged certificate on GET /api/certificates.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type RunningSandbox } from "@/lib/dev/sandbox/server";
import { closeLocalBucket } from "@/lib/storage/local-bucket";

const TOKEN = "changes-api-token-0123456789";
const PLANNER = { "x-preflight-demo-user": "planner" };
let sandbox: RunningSandbox;
let dataDir: string;
let routes: {
  changes: typeof import("@/app/api/changes/route");
  certificates: typeof import("@/app/api/certificates/route");
  refresh: typeof import("@/app/api/snapshots/refresh/route");
};

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, apiToken: TOKEN, rateLimit: null, zoneCount: 40 });
  dataDir = mkdtempSync(join(tmpdir(), "preflight-changes-api-"));
  Object.assign(process.env, {
    CLOUDFLARE_API_TOKEN: "",
    SANDBOX_PORT: String(sandbox.port),
    SANDBOX_API_TOKEN: TOKEN,
    ACCOUNT_RATE_LIMIT: "1000000",
    PREFLIGHT_DATA_DIR: dataDir,
  });
  routes = {
    changes: await import("@/app/api/changes/route"),
    certificates: await import("@/app/api/certificates/route"),
    refresh: await import("@/app/api/snapshots/refresh/route"),
  };
});
afterAll(async () => {
  await closeLocalBucket();
  await sandbox.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function refresh() {
  for (let step = 0; step < 500; step++) {
    const body = JSON.stringify({ restart: step === 0 });
    const response = await routes.refresh.POST(
      new Request("http://127.0.0.1/api/snapshots/refresh", {
        method: "POST",
        headers: { ...PLANNER, "content-type": "application/json", host: "127.0.0.1" },
        body,
      }),
    );
    expect(response.status).toBe(200);
    if (((await response.json()) as { result: string }).result === "published") return;
  }
  throw new Error("the refresh did not publish");
}

async function sandboxChange(body: object) {
  const response = await fetch(`${sandbox.url}/__sandbox/certificates`, { method: "POST", body: JSON.stringify(body) });
  return (await response.json()) as { zone: { id: string; name: string }; certificate: { id: string; hostname: string } };
}

type Listing = {
  changes: Array<{
    id: string;
    kind: string;
    zoneId: string;
    account?: { id: string; name: string };
    subject: { id: string };
    words: string;
    recordedAt: string;
    pages: Record<string, string>;
  }>;
  cursor?: string;
  complete: boolean;
  since: string | null;
};
async function list(query: string): Promise<{ status: number; body: Listing & { error?: { field: string } } }> {
  const response = await routes.changes.GET(new Request(`http://127.0.0.1/api/changes${query}`));
  return { status: response.status, body: (await response.json()) as Listing & { error?: { field: string } } };
}

describe("GET /api/changes", () => {
  let switched: Awaited<ReturnType<typeof sandboxChange>>;
  let ordered: Awaited<ReturnType<typeof sandboxChange>>;
  let startedAt: string;
  beforeAll(async () => {
    startedAt = new Date().toISOString();
    await refresh();
    switched = await sandboxChange({ change: "switch_hostname_back" });
    ordered = await sandboxChange({ change: "order_legacy_pack" });
    await refresh();
  }, 120_000);

  it("lists the certificate changes the second refresh recorded, with their pages", async () => {
    const { status, body } = await list(`?since=${encodeURIComponent(startedAt)}`);
    expect(status).toBe(200);
    expect(body.complete).toBe(true);
    expect(body.since).toBe(startedAt);
    expect(body.changes.map((c) => [c.kind, c.subject.id]).sort()).toEqual(
      [
        ["hostname_switched_back", switched.certificate.id],
        ["new_legacy_ca_certificate", ordered.certificate.id],
      ].sort(),
    );
    const change = body.changes.find((c) => c.kind === "hostname_switched_back")!;
    // Each change names its zone's account, and its pages read with it.
    const account = sandbox.state.account.id;
    expect(change.account).toEqual({ id: account, name: sandbox.state.account.name });
    expect(change.pages).toEqual({
      zone: `/zones/${switched.zone.id}?account=${account}`,
      diff: `/changes?open=${encodeURIComponent(change.id)}`,
      certificates: `/certificates?q=${switched.certificate.hostname}&account=${account}`,
    });
  });

  it("filters by account: the zone's account lists its changes, another account none", async () => {
    const own = await list(`?since=${encodeURIComponent(startedAt)}&account=${sandbox.state.account.id}`);
    expect(own.status).toBe(200);
    expect(own.body.changes).toHaveLength(2);
    const other = await list(`?since=${encodeURIComponent(startedAt)}&account=${"5ca1ab1e".repeat(4)}`);
    expect(other.status).toBe(200);
    expect(other.body.changes).toEqual([]);
    expect((await list("?account=staging")).status).toBe(400);
  });

  it("filters by kind, pages with a cursor, and refuses a bad since with a 400 naming it", async () => {
    const only = await list("?kind=new_legacy_ca_certificate");
    expect(only.body.changes.map((c) => c.subject.id)).toEqual([ordered.certificate.id]);
    const first = await list("?limit=1");
    expect(first.body.changes).toHaveLength(1);
    expect(first.body.complete).toBe(false);
    const second = await list(`?limit=1&cursor=${encodeURIComponent(first.body.cursor!)}`);
    expect(second.body.changes).toHaveLength(1);
    expect(second.body.changes[0]!.id).not.toBe(first.body.changes[0]!.id);
    const bad = await list("?since=last-week");
    expect(bad.status).toBe(400);
    expect(bad.body.error?.field).toBe("since");
    expect((await list("?since=2999-01-01")).body.changes).toEqual([]);
  });

  it("flags the changed certificates and their zones on the Certificates answer from the snapshot", async () => {
    const response = await routes.certificates.GET(new Request("http://127.0.0.1/api/certificates"));
    expect(response.status).toBe(200);
    const page = (await response.json()) as {
      changeCount?: number;
      certificates: Array<{ id: string; changes?: Array<{ kind: string }> }>;
      zones: Array<{ zoneId: string; changes?: number }>;
      snapshot: unknown;
    };
    expect(page.snapshot).not.toBeNull();
    expect(page.changeCount).toBe(2);
    const flagged = page.certificates.filter((c) => c.changes);
    expect(flagged.map((c) => [c.id, c.changes!.map((x) => x.kind)]).sort()).toEqual(
      [
        [switched.certificate.id, ["hostname_switched_back"]],
        [ordered.certificate.id, ["new_legacy_ca_certificate"]],
      ].sort(),
    );
    expect(page.zones.find((z) => z.zoneId === switched.zone.id)?.changes).toBeGreaterThanOrEqual(1);
  });
});
