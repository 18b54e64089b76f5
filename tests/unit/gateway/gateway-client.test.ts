import { describe, expect, it } from "vitest";
import { GatewayError } from "@/lib/errors/gateway-errors";
import { gatewayAnswering, SECRET_URL } from "./fake-gateway";

const failureOf = (status: number, body: string) =>
  gatewayAnswering(status, body)
    .traceFilter({ fromBlock: 1, toBlock: 2 })
    .then(
      () => {
        throw new Error("expected a failure");
      },
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
    const record = {
      action: { callType: "call", from: "0x01", to: "0x02", value: "0x0", gas: "0x1", input: "0x" },
      blockHash: "0xab",
      blockNumber: 5,
      result: null,
      subtraces: 0,
      traceAddress: [],
      transactionHash: "0xcd",
      transactionPosition: 0,
      type: "call",
      extra: { kept: true },
    };
    const traces = await gatewayAnswering(200, JSON.stringify({ jsonrpc: "2.0", id: 1, result: [record] })).traceFilter({
      fromBlock: 5,
      toBlock: 5,
    });
    expect(traces.map((trace) => new TextDecoder().decode(trace.json))).toEqual([JSON.stringify(record)]);
    expect(traces[0]!.blockNumber).toBe(5);
    expect(await gatewayAnswering(200, '{"jsonrpc":"2.0","id":1,"result":null}').traceFilter({ fromBlock: 5, toBlock: 5 })).toEqual([]);
  });

  it("reads the answer as it arrives, records cut across chunks, and names a bad record as before", async () => {
    const good = JSON.stringify({ action: { from: "0x01" }, blockNumber: 7, subtraces: 0, traceAddress: [], type: "call" });
    const bad = good.replace('"0x01"', '"0xno"');
    const answer = `{"jsonrpc":"2.0","id":1,"result":[${good},${good},${bad}]}`;
    const cuts = [0, 20, 41, 90, 130, answer.length];
    const chunks = cuts.slice(1).map((end, i) => answer.slice(cuts[i], end));
    const error = await gatewayAnswering(200, chunks)
      .traceFilter({ fromBlock: 7, toBlock: 7 })
      .catch((e: unknown) => e as GatewayError);
    expect(error).toMatchObject({
      kind: "malformed",
      message: "The gateway's answer to trace_filter could not be read: a trace record is not readable (2.action.from).",
    });
    const traces = await gatewayAnswering(
      200,
      chunks.map((chunk) => chunk.replace('"0xno"', '"0x02"')),
    ).traceFilter({ fromBlock: 7, toBlock: 7 });
    expect(traces.map((trace) => trace.blockNumber)).toEqual([7, 7, 7]);
    // The node's error wins over its records, as the whole-answer check decided.
    expect(await failureOf(200, `{"jsonrpc":"2.0","result":[${bad}],"error":{"code":-32000,"message":"boom"}}`)).toMatchObject({
      kind: "jsonrpc",
      code: -32000,
    });
    expect(await failureOf(200, '{"jsonrpc":"2.0","id":1,"result":{"traces":[]}}')).toMatchObject({
      kind: "malformed",
      message: expect.stringContaining("a trace record is not readable ()"),
    });
  });

  it("reports a connection broken half-way as a failed call that names no URL", async () => {
    const client = gatewayAnswering(200, ['{"jsonrpc":"2.0","id":1,"result":[{"action":', new Error(`socket hang up ${SECRET_URL}`)]);
    const error = (await client.traceFilter({ fromBlock: 1, toBlock: 2 }).catch((e: unknown) => e)) as Error;
    expect(error).toMatchObject({ kind: "network" });
    expect(error.message).not.toContain("secret-key-123");
  });
});
