// The contract covers every upstream call Preflight declares, each with a real source, docs/upstream-contract.md's
// table is the file row for row, and the Prism step either validates a call or names it as not covered by a schema.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { UPSTREAM } from "@/lib/http/upstream-calls";
import { contract, loadReference, patternOf } from "@/tests/contract/contract";
import { CONTRACT_TABLE_PAGE, contractTableRow, contractTableRows } from "@/tests/contract/table-row";
import { prismDocument } from "@/tests/prism/document";
import { NOT_COVERED } from "@/tests/prism/documented";

// `:uuid` and other named placeholders are the same call as `:id` for the contract.
const normalize = (pattern: string) => pattern.replace(/:[a-z]+/g, ":id");
const declared = [...new Set(Object.values(UPSTREAM).flat().map(normalize))];
const calls = new Map(contract.calls.map((c) => [c.call, c]));

describe("the upstream contract", () => {
  it("has an entry for every call of lib/http/upstream-calls.ts", () => {
    expect(declared.filter((p) => !calls.has(p))).toEqual([]);
  });

  it("names a real source for every call, and its OpenAPI operation exists in the copied schema", () => {
    const reference = loadReference().openapi;
    for (const c of contract.calls) {
      expect(c.sources.length, c.call).toBeGreaterThan(0);
      for (const source of c.sources) expect(Object.keys(contract.sources), `${c.call}: ${source}`).toContain(source.split(/[: (]/)[0]);
      if (!c.operation) continue;
      expect(reference.paths[c.operation.path]?.[c.operation.method], c.call).toBeDefined();
      const path = c.operation.path.replace("{ruleset_phase}", "http_request_firewall_managed"); // the only phase Preflight calls
      expect(patternOf(c.operation.method, path), "the operation is the call").toBe(c.call);
    }
  });

  it("is docs/upstream-contract.md's table, row for row and byte for byte, in the file's order", () => {
    const page = readFileSync(new URL(`../../../${CONTRACT_TABLE_PAGE}`, import.meta.url), "utf8");
    // tests/tools/contract-table.ts rewrites the rows from the file.
    const rows = contractTableRows(page);
    for (const c of contract.calls) expect(rows, c.call).toContain(contractTableRow(c));
    expect(rows).toEqual(contract.calls.map(contractTableRow));
  });

  it("is served by Prism where a schema covers the call, and listed as not covered where none does", () => {
    const served = prismDocument().paths;
    const listed = NOT_COVERED.map((n) => n.call).join(" | ");
    for (const c of contract.calls) {
      if (c.operation) expect(served[c.operation.path]?.[c.operation.method], c.call).toBeDefined();
      else expect(listed, c.call).toContain(c.call.replace(/^RPC /, ""));
    }
  });
});
