import { describe, expect, it } from "vitest";
import { GatewayError } from "@/lib/errors/gateway-errors";
import { gatewayAnswering, SECRET_URL } from "./fake-gateway";

const failureOf = (status: number, body: string) =>
  gatewayAnswering(status, body).traceFilter({ fromBlock: 1, toBlock: 2 }).then(
    () => { throw new Error("expected a failure"); },
    (error: unknown) => error as GatewayError,
  );

describe("GatewayClient", () => {
  it("reports a 403 as a method the gateway does not support", async () => {
    const error = await failureOf(403, "Forbidden");
    expect(error).toMatchObject({ kind: "method_not_supported", status: 403 });
    expect(error.message).toMatch(/refused trace_filter \(HTTP 403\)/);
  });

  it("reports other statuses and unreadable answers without echoing the body", async () => {
    expect(await failureOf(502, `<html>${SECRET_URL}</html>`)).toMatchObject({ kind: "http", status: 502 });
    const malformed = await failureOf(200, JSON.stringify({ jsonrpc: "2.0", result: [{ nope: 1 }] }));
    expect(malformed).toMatchObject({ kind: "malformed" });
    for (const error of [malformed, await failureOf(502, SECRET_URL)]) expect(error.message).not.toContain("secret-key-123");
  });

  it("returns the records exactly as the node sent them, and null as no traces", async () => {
    const record = { action: { callType: "call", from: "0x01", to: "0x02", value: "0x0", gas: "0x1", input: "0x" }, blockHash: "0xab", blockNumber: 5, result: null, subtraces: 0, traceAddress: [], transactionHash: "0xcd", transactionPosition: 0, type: "call", extra: { kept: true } };
    const traces = await gatewayAnswering(200, JSON.stringify({ jsonrpc: "2.0", id: 1, result: [record] })).traceFilter({ fromBlock: 5, toBlock: 5 });
    expect(JSON.stringify(traces)).toBe(JSON.stringify([record]));
    expect(await gatewayAnswering(200, '{"jsonrpc":"2.0","id":1,"result":null}').traceFilter({ fromBlock: 5, toBlock: 5 })).toEqual([]);
  });
});
