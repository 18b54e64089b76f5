// POST /api/traces with decode: true opens the decoder while the traces are read: when both fail, the
// read's error is the answer and the decoder's failure is no unhandled rejection (which ends a Node process).
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";

vi.mock("@/lib/http/operation", () => ({
  operation: (handler: (context: unknown) => Promise<Response>) => (request: Request) =>
    handler({ request, platform: { scheduler: {} }, allows: () => true }),
}));
vi.mock("@/lib/http/json-body", () => ({ readBodyText: async (request: Request) => request.text() }));
vi.mock("@/lib/gateway/open-gateway", () => ({ openGateway: () => ({}), finalizedWindows: undefined }));
vi.mock("@/lib/gateway/run-query", () => ({
  runTraceQuery: async () => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    throw new Error("the traces could not be read");
  },
}));
vi.mock("@/lib/decode/open-decoder", () => ({
  openDecoder: async () => {
    throw new Error("the bucket could not be listed");
  },
}));

const unhandled: unknown[] = [];
const record = (reason: unknown) => unhandled.push(reason);

afterEach(() => {
  process.off("unhandledRejection", record);
});
// The unit project's files share one module registry: the route, wired to these mocks, is not left to the next file.
afterAll(() => vi.resetModules());

describe("POST /api/traces with decode: true", () => {
  it("answers the read's failure and leaves no unhandled rejection when the decoder fails too", async () => {
    process.on("unhandledRejection", record);
    const { POST } = await import("@/app/api/traces/route");
    const body = JSON.stringify({ fromBlock: 1, toBlock: 2, decode: true });
    const handler = POST as unknown as (request: Request) => Promise<Response>;
    await expect(handler(new Request("http://127.0.0.1/api/traces", { method: "POST", body }))).rejects.toThrow(/traces could not be read/);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(unhandled).toEqual([]);
  });
});
