// The contract's `parsed` lists are what the parsers do: every field a parser reads is listed, required or
// optional as the parser has it, named in the row's `reads`; and on a real answer (the schema's example, or the
// docs' where no schema covers the call) the parser refuses it without each required field and accepts it without
// each optional one. A row's lists are the only thing to change when a parser changes.
import type { z } from "zod";
import { describe, expect, it } from "vitest";
import { contract, loadReference, type ContractCall } from "@/tests/contract/contract";
import { exampleOf } from "@/tests/contract/example";
import { parserFields, without } from "@/tests/contract/parser-fields";
import { resultSchemaOf } from "@/tests/contract/variants";
import { contractDocument } from "@/tests/prism/document";

type Parsed = NonNullable<ContractCall["parsed"]>;
const document = contractDocument();
const documented = loadReference().documented_not_in_openapi.paths;

/** REST rows read without a parser of their own to check (each with why). */
const NOT_PARSED: Record<string, string> = {
  "GET /accounts":
    "no schema for it in the copied subset (the stored api-schemas snapshot lacks openapi.json); lib/platform/accounts reads id and name, " +
    "both required in the SDK's Account",
  "GET /zones/:id": "read with GET /zones's parser (zoneSchema), checked on that row",
  "GET /zones/:id/rulesets/phases/http_request_firewall_managed/entrypoint": "its rules are kept as given; the parser is not exported",
};

async function parserOf(reference: string): Promise<z.ZodType> {
  const [module, name] = reference.split("#");
  const exports = (await import(/* @vite-ignore */ `@/${module}`)) as Record<string, z.ZodType>;
  const parser = exports[name!];
  if (!parser) throw new Error(`${reference}: no such export`);
  return parser;
}

function merge(base: unknown, extra: Record<string, unknown> | undefined): unknown {
  if (!extra || !base || typeof base !== "object" || Array.isArray(base)) return base;
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [key, value] of Object.entries(extra)) {
    out[key] =
      value && typeof value === "object" && !Array.isArray(value) ? merge(out[key] ?? {}, value as Record<string, unknown>) : value;
  }
  return out;
}

/** A real answer for the row: the schema's example (what the contract's Prism step serves), or the docs'. */
function exampleFor(call: ContractCall, parsed: Parsed): unknown {
  if (parsed.documented) {
    const get = documented[parsed.documented]!.get!;
    const example = get["x-example-response"] as { result: unknown } | undefined;
    if (example) return merge(example.result, parsed.with);
    const names = get["x-observed-result-fields"] as string[];
    return merge(Object.fromEntries(names.map((n) => [n, "observed"])), parsed.with);
  }
  const { schema } = resultSchemaOf(document, call.operation!.path, call.operation!.method);
  const prefer = parsed.prefer ? (alt: object) => JSON.stringify(alt).includes(parsed.prefer!) : undefined;
  return merge(exampleOf(document, schema, prefer ? { prefer } : {}), parsed.with);
}

const rows = contract.calls.filter((c) => c.parsed);

describe("the contract's parsed fields", () => {
  it("are given for every REST answer Preflight parses", () => {
    const reads = contract.calls.filter((c) => c.call.startsWith("GET ") && !NOT_PARSED[c.call]);
    expect(reads.filter((c) => !c.parsed).map((c) => c.call)).toEqual([]);
  });

  for (const call of rows) {
    const parsed = call.parsed!;
    describe(call.call, () => {
      it(`lists exactly the fields ${parsed.parser} reads, as required or optional as it has them`, async () => {
        const fields = parserFields(await parserOf(parsed.parser));
        const of = (required: boolean) =>
          [...fields]
            .filter(([, f]) => f.required === required)
            .map(([path]) => path)
            .sort();
        expect({ required: [...parsed.required].sort(), optional: [...parsed.optional].sort() }).toEqual({
          required: of(true),
          optional: of(false),
        });
      });

      it("names every listed field in what the row says it reads", () => {
        for (const path of [...parsed.required, ...parsed.optional]) {
          const name = path.split(".").at(-1)!.replace("[]", "");
          expect(call.reads, path).toMatch(new RegExp(`\\b${name}\\b`));
        }
      });

      it("refuses a real answer without a required field, and accepts it without each optional one", async () => {
        const parser = await parserOf(parsed.parser);
        const example = exampleFor(call, parsed);
        expect(parser.safeParse(example).error?.issues ?? [], "the example itself").toEqual([]);
        let checked = 0;
        for (const [path, required] of [
          ...parsed.required.map((p) => [p, true] as const),
          ...parsed.optional.map((p) => [p, false] as const),
        ]) {
          const lacking = without(example, path);
          if (!lacking.found) continue; // the example lacks it: the first test still checks the parser's own schema
          checked++;
          expect(parser.safeParse(lacking.value).success, `${required ? "refuses" : "accepts"} it without ${path}`).toBe(!required);
        }
        expect(checked, "fields of the example checked").toBeGreaterThan(0);
      });
    });
  }
});
