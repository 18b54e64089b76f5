// Every real request/response pair in tests/fixtures/reference/trace_filter: the request parses as a query,
// the response's records parse, become rows and call trees, and render; errors come out as the node said.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CallTree } from "@/components/traces/call-tree";
import { buildCallTrees, compareAddress, treeDepth, type CallNode } from "@/lib/gateway/call-tree";
import { GatewayError } from "@/lib/errors/gateway-errors";
import { parseTraceQuery } from "@/lib/gateway/query";
import { traceKind, TRACE_KINDS, type Trace } from "@/lib/gateway/trace";
import { traceListSchema } from "@/lib/gateway/trace-schema";
import { toTraceRow } from "@/lib/gateway/trace-row";
import { gatewayAnswering } from "./fake-gateway";

const DIR = fileURLToPath(new URL("../../fixtures/reference/trace_filter", import.meta.url));
interface Pair {
  request: { params: [Record<string, unknown>] };
  response: { result?: unknown[] | null; error?: { code: number; message: string } };
  extra_examples?: Array<{ trace: unknown }>;
}
const pairs = readdirSync(DIR)
  .filter((name) => name.endsWith(".json"))
  .map((name) => [name, JSON.parse(readFileSync(join(DIR, name), "utf8")) as Pair] as const);

const count = (nodes: CallNode[]): number => nodes.reduce((n, node) => n + 1 + count(node.children), 0);

describe("reference trace_filter pairs", () => {
  it("are all here", () => expect(pairs.length).toBeGreaterThanOrEqual(25));

  it.each(pairs)("%s: the request is a valid query (when it names a block range)", (_name, pair) => {
    const params = pair.request.params[0];
    if (params.fromBlock === undefined) return expect(() => parseTraceQuery(params)).toThrow(/fromBlock is required/);
    // A reversed range is refused before any call (nodes answer it with -32000 or, Erigon, with []).
    if (Number(params.fromBlock) > Number(params.toBlock))
      return expect(() => parseTraceQuery(params)).toThrow(/toBlock must not be below/);
    const query = parseTraceQuery(params);
    for (const list of [query.fromAddress, query.toAddress]) {
      list?.forEach((address, i) =>
        expect(address.toLowerCase()).toBe(
          String((params[list === query.fromAddress ? "fromAddress" : "toAddress"] as string[])[i]).toLowerCase(),
        ),
      );
    }
  });

  it.each(pairs.filter(([, pair]) => Array.isArray(pair.response.result)))("%s: parses, rows, call trees and renders", (_name, pair) => {
    const traces = [...(pair.response.result as unknown[]), ...(pair.extra_examples ?? []).map((e) => e.trace)];
    const parsed = traceListSchema.parse(traces) as Trace[];
    const rows = parsed.map(toTraceRow);
    rows.forEach((row) => expect([...TRACE_KINDS, "other"]).toContain(row.kind));
    expect(rows.every((row) => row.kind !== "other")).toBe(true);
    const trees = buildCallTrees(parsed);
    expect(trees.reduce((n, tree) => n + count(tree.roots), 0)).toBe(parsed.length);
    for (const tree of trees) {
      const html = renderToStaticMarkup(createElement(CallTree, { tree }));
      expect(html).toContain('role="tree"');
      expect(html.match(/role="treeitem"/g)?.length).toBe(count(tree.roots));
      const failed = tree.roots.flatMap(function walk(node): CallNode[] {
        return [...(node.failed ? [node] : []), ...node.children.flatMap(walk)];
      });
      for (const node of failed) expect(html).toContain(node.trace.error!);
    }
  });

  it("rewards have no transaction: a row with no hash, a tree of their own", () => {
    const [, pair] = pairs.find(([name]) => name.startsWith("erigon_14"))!;
    const [reward] = traceListSchema.parse(pair.response.result) as Trace[];
    expect(traceKind(reward!)).toBe("reward");
    expect(toTraceRow(reward!)).toMatchObject({
      transaction: "",
      position: "",
      to: "0x52bc44d5378309ee2abf1539bf71de1b7d7be3b5",
      valueEth: "5",
    });
    expect(buildCallTrees([reward!])[0]!.key).toBe("reward:613145");
  });

  it("keeps the deep tree of block 9500000 (8 levels) and marks what failed and what it undid", () => {
    const [, pair] = pairs.find(([name]) => name.startsWith("erigon_20"))!;
    const traces = traceListSchema.parse(pair.response.result) as Trace[];
    const trees = buildCallTrees(traces);
    expect(Math.max(...trees.map((tree) => treeDepth(tree.roots)))).toBeGreaterThanOrEqual(4);
    const kinds = new Set(traces.map(traceKind));
    expect(kinds).toEqual(new Set(["call", "delegatecall", "staticcall", "create"]));
    for (const tree of trees) {
      const check = (node: CallNode, above: boolean) => {
        expect(node.reverted).toBe(above || node.trace.error !== undefined);
        node.children.forEach((child) => check(child, node.reverted));
        const order = node.children.map((child) => child.trace.traceAddress);
        expect([...order].sort(compareAddress)).toEqual(order);
      };
      tree.roots.forEach((root) => check(root, false));
    }
  });

  it.each(pairs.filter(([, pair]) => pair.response.error))("%s: a JSON-RPC error is shown for what it is", async (_name, pair) => {
    const gateway = gatewayAnswering(200, JSON.stringify(pair.response));
    const error = await gateway.traceFilter({ fromBlock: 8, toBlock: 6 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayError);
    expect(error).toMatchObject({ kind: "jsonrpc", code: pair.response.error!.code });
    expect((error as Error).message).toContain(pair.response.error!.message);
  });
});
