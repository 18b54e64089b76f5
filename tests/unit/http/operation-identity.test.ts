// The options of an operation type its caller: a handler that needs a role is given the identity (no
// `identity!`), a public one none, the cron-capable one maybe none. Checked by tsc and at run time.
import { beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import type { Identity } from "@/lib/identity/identify";
import { importConfigured } from "@/tests/unit/configured-import";

let operation: typeof import("@/lib/http/operation").operation;

beforeAll(async () => {
  ({ operation } = await importConfigured({ CLOUDFLARE_API_TOKEN: "" }, () => import("@/lib/http/operation")));
});

const demo = (user: string) => new Request("http://127.0.0.1/api/x", { headers: { "x-preflight-demo-user": user } });

describe("an operation's caller", () => {
  it("is the identity when a role is required, and nothing for a public operation", async () => {
    const seen: Array<Identity | undefined> = [];
    const planner = operation(
      async ({ identity }) => {
        expectTypeOf(identity).toEqualTypeOf<Identity>();
        seen.push(identity);
        return {};
      },
      { role: "planner", upstream: [] },
    );
    const open = operation(
      async ({ identity }) => {
        expectTypeOf(identity).toEqualTypeOf<undefined>();
        seen.push(identity);
        return {};
      },
      { role: "public", upstream: [] },
    );
    const cron = operation(
      async ({ identity }) => {
        expectTypeOf(identity).toEqualTypeOf<Identity | undefined>();
        return {};
      },
      { role: "planner", cron: true, upstream: [] },
    );
    expect((await planner(demo("approver-1"))).status).toBe(200);
    expect((await open(demo("planner"))).status).toBe(200);
    expect((await cron(demo("planner"))).status).toBe(200);
    expect(seen).toEqual([{ id: "approver-1", role: "approver", via: "demo-header" }, undefined]);
  });
});
