// Every CSV export answers the same headers through csvResponse(): text/csv in UTF-8, an attachment named for
// what it holds, no-store, and X-Preflight-Complete (X-Preflight-Cursor when cut short), through the real routes.
import { describe, expect, it } from "vitest";
import type { RunningSandbox } from "@/lib/dev/sandbox/server";
import { seededWindow, zoneWithOrdinal } from "@/tests/integration/validation-mode/harness";
import { withSandboxRoutes } from "@/tests/integration/accounts/sandbox-routes";

const VIEWER = { "x-preflight-demo-user": "planner", host: "127.0.0.1" };
let sandbox: RunningSandbox;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each route types its own params
type Get = (request: Request, route?: { params: Promise<any> }) => Promise<Response>;

withSandboxRoutes({ token: "validation-test-token-0001", zoneCount: 24 }, (started) => (sandbox = started.sandbox));

async function csv(get: Get, path: string, params: Record<string, string> = {}) {
  const response = await get(new Request(`http://127.0.0.1${path}`, { headers: VIEWER }), { params: Promise.resolve(params) });
  const headers = Object.fromEntries(
    [...response.headers].filter(
      ([name]) => ["content-type", "content-disposition", "cache-control"].includes(name) || name.startsWith("x-preflight-c"),
    ),
  );
  return { status: response.status, headers, text: await response.text() };
}

describe("CSV exports", () => {
  it("answer text/csv attachments with the route's file name, no-store and whether the export is whole", async () => {
    const zones = await csv((await import("@/app/api/zones/route")).GET, "/api/zones?format=csv&source=live");
    expect(zones).toMatchObject({ status: 200, text: expect.stringMatching(/^id,name,/) });
    expect(zones.headers).toEqual({
      "cache-control": "no-store",
      "content-disposition": 'attachment; filename="zones.csv"',
      "content-type": "text/csv; charset=utf-8",
      "x-preflight-complete": "true",
    });

    const certificates = await csv((await import("@/app/api/certificates/route")).GET, "/api/certificates?format=csv&source=live");
    expect(certificates.status).toBe(200);
    expect(certificates.headers).toEqual({
      "cache-control": "no-store",
      "content-disposition": 'attachment; filename="certificates.csv"',
      "content-type": "text/csv; charset=utf-8",
      "x-preflight-complete": "true",
    });

    const zone = zoneWithOrdinal(sandbox, 0);
    const { since, until } = seededWindow();
    const query = new URLSearchParams({ format: "csv", since, until });
    const requests = await csv(
      (await import("@/app/api/zones/[id]/validation/requests/route")).GET,
      `/api/zones/${zone.id}/validation/requests?${query}`,
      { id: zone.id },
    );
    expect(requests.status, requests.text.slice(0, 300)).toBe(200);
    expect(requests.headers).toEqual({
      "cache-control": "no-store",
      "content-disposition": `attachment; filename="validation-${zone.id}-${since.slice(0, 10)}-${until.slice(0, 10)}.csv"`,
      "content-type": "text/csv; charset=utf-8",
      "x-preflight-complete": expect.stringMatching(/^(true|false)$/),
      ...(requests.headers["x-preflight-complete"] === "false" ? { "x-preflight-cursor": expect.any(String) } : {}),
    });

    const impact = await csv((await import("@/app/api/certificates/impact/route")).GET, "/api/certificates/impact?format=csv");
    expect(impact.status, impact.text.slice(0, 300)).toBe(200);
    expect(impact.headers).toMatchObject({
      "cache-control": "no-store",
      "content-disposition": 'attachment; filename="certificate-impact.csv"',
      "content-type": "text/csv; charset=utf-8",
      "x-preflight-complete": expect.stringMatching(/^(true|false)$/),
    });
  }, 120_000);
});
