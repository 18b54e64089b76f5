// The page parameters the browser parses itself: the trace query in the Traces page's URL. With 1,000
// generated values per field it never throws; it gives a query or an error naming the field at fault.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseFields, QUERY_KEYS, queryFromFields, type QueryFields } from "@/components/traces/url-query";
import { hostile } from "./hostile/arbitraries";

const valid: Record<(typeof QUERY_KEYS)[number], fc.Arbitrary<string>> = {
  fromBlock: fc.oneof(fc.nat(5000).map(String), fc.constantFrom("latest", "earliest", "0x1f")),
  toBlock: fc.oneof(fc.nat(5000).map(String), fc.constant("latest")),
  fromAddress: fc.array(fc.stringMatching(/^0x[0-9a-f]{40}$/), { maxLength: 3 }).map((a) => a.join(",")),
  toAddress: fc.array(fc.stringMatching(/^0x[0-9a-f]{40}$/), { maxLength: 3 }).map((a) => a.join(",")),
  after: fc.nat(1000).map(String),
  count: fc.nat(300).map(String),
};
const fields: fc.Arbitrary<QueryFields> = fc.record(
  Object.fromEntries(QUERY_KEYS.map((key) => [key, fc.oneof(hostile, valid[key])])) as Record<
    (typeof QUERY_KEYS)[number],
    fc.Arbitrary<string>
  >,
  { requiredKeys: [] },
);

describe("the Traces page's URL query", () => {
  it("parses 1,000 generated URLs into a query or an error naming one of its fields", () => {
    let parsed = 0;
    fc.assert(
      fc.property(fields, (input) => {
        for (const outcome of [parseFields(input), queryFromFields(input)]) {
          if (outcome.error) expect([...QUERY_KEYS, "body"]).toContain(outcome.error.field.replace(/\[\d+\]$/, ""));
          else if (outcome.query) parsed++;
        }
      }),
      { numRuns: 1000 },
    );
    expect(parsed).toBeGreaterThan(0); // some generated URLs were valid, so the happy path ran too
  });
});
