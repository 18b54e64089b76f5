// The integration tests' answer check can fail: an answer of the wrong shape, an undeclared status or content
// type, an error kind outside the ErrorKind table or answered with another status, an unregistered operation.
import { describe, expect, it } from "vitest";
import { checkAnswer } from "@/tests/integration/api-contract/answer-check";

const json = (body: unknown, status = 200) => Response.json(body, { status });
const problems = async (operation: string, response: Response) => (await checkAnswer(operation, response)).problems;

describe("the answer check", () => {
  it("passes an answer of the registered shape, and an error of the table's kind and status", async () => {
    expect(await problems("GET /api/health", json({ ok: true, mode: "sandbox" }))).toEqual([]);
    expect(await problems("GET /api/health", json({ error: { kind: "forbidden", message: "no" } }, 403))).toEqual([]);
    expect(await problems("GET /api/zones/{id}/drift", json({ error: { kind: "api", message: "gone", code: 1001 } }, 404))).toEqual([]);
  });

  it("fails a field of the wrong type, a field the schema lacks, and a missing field", async () => {
    expect(await problems("GET /api/health", json({ ok: "yes", mode: "sandbox" }))).toEqual([expect.stringContaining("at ok")]);
    expect(await problems("GET /api/health", json({ ok: true, mode: "sandbox", extra: 1 }))).toEqual([expect.stringContaining("extra")]);
    expect(await problems("GET /api/snapshots", json({ snapshot: null, refreshing: null, accounts: [] }))).toEqual([
      expect.stringContaining("at used"),
    ]);
  });

  it("fails an undeclared status, content type or NDJSON, and an unregistered operation", async () => {
    expect(await problems("GET /api/health", json({ ok: true, mode: "sandbox" }, 201))).toEqual([expect.stringContaining("status 201")]);
    const csv = new Response("a,b\n", { headers: { "Content-Type": "text/csv; charset=utf-8" } });
    expect(await problems("GET /api/usage", csv)).toEqual([expect.stringContaining("text/csv")]);
    const ndjson = new Response('{"result":{}}\n', { headers: { "Content-Type": "application/x-ndjson" } });
    expect(await problems("GET /api/zones", ndjson)).toEqual([expect.stringContaining("NDJSON")]);
    expect(await problems("GET /api/nothing", json({}))).toEqual([expect.stringContaining("not registered")]);
  });

  it("fails an error kind outside the table, or answered with another status than the table's", async () => {
    expect(await problems("GET /api/health", json({ error: { kind: "oops", message: "x" } }, 400))).toEqual([
      expect.stringContaining("kind"),
    ]);
    expect(await problems("GET /api/health", json({ error: { kind: "not_found", message: "x" } }, 409))).toEqual([
      expect.stringContaining("ErrorKind table says 404"),
    ]);
  });

  it("checks NDJSON progress, result and error lines", async () => {
    const lines = (...values: unknown[]) =>
      new Response(values.map((v) => `${JSON.stringify(v)}\n`).join(""), { headers: { "Content-Type": "application/x-ndjson" } });
    const progress = { progress: { slicesDone: 1, slices: 2, events: 3 } };
    expect(
      await problems("GET /api/zones/{id}/validation", lines(progress, { error: { kind: "deferred", message: "x" }, status: 503 })),
    ).toEqual([]);
    expect(await problems("GET /api/zones/{id}/validation", lines({ progress: { slicesDone: "1" } }, { result: {} }))).not.toEqual([]);
  });
});
