// The quick check may only vouch for a record zod accepts: every real record, and thousands of records
// spoiled one field at a time (or at random), are checked both ways. Anything unsure goes to zod.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { checkValue, NEED_MORE, UNSURE } from "@/lib/gateway/record-check";
import { planOf } from "@/lib/gateway/record-plan";
import { traceSchema } from "@/lib/gateway/trace-schema";
import { bytes, realRecords } from "./real-records";

const PLAN = planOf(traceSchema);
/** Whether the quick check vouches for the record's JSON text. */
const quick = (json: string) => {
  const data = bytes(json);
  return checkValue(data, 0, data.length, PLAN) === data.length;
};
const zodAccepts = (json: string) => traceSchema.safeParse(JSON.parse(json)).success;

const REPLACEMENTS: unknown[] = [
  null,
  "",
  "x",
  "0x",
  "0xZZ",
  "0X12",
  "0x12 ",
  "0x\u0031",
  0,
  -1,
  1.5,
  1e21,
  2 ** 53 + 2,
  "12",
  true,
  {},
  [],
  [1, -1],
  [0.5],
  { gasUsed: "nope" },
];

type Path = Array<string | number>;

/** Every place in a value: the value itself, and each field and element below it. */
function paths(value: unknown, at: Path = []): Path[] {
  if (!value || typeof value !== "object") return [at];
  return [
    at,
    ...Object.keys(value).flatMap((key) =>
      paths((value as Record<string, unknown>)[key], [...at, Array.isArray(value) ? Number(key) : key]),
    ),
  ];
}

/** Every way of spoiling one place: each value above put there, or the field or element removed. */
function spoiled(record: Record<string, unknown>): string[] {
  return paths(record).flatMap((path) => {
    const change = (edit: (parent: Record<string | number, unknown>, key: string | number) => void) => {
      const copy = structuredClone(record);
      const parent = path
        .slice(0, -1)
        .reduce<Record<string | number, unknown>>((node, key) => node[key] as Record<string | number, unknown>, copy);
      edit(parent, path.at(-1)!);
      return JSON.stringify(copy);
    };
    if (path.length === 0) return REPLACEMENTS.map((value) => JSON.stringify(value));
    return [
      ...REPLACEMENTS.map((value) => change((parent, key) => (parent[key] = value))),
      change((parent, key) => (Array.isArray(parent) ? parent.splice(Number(key), 1) : delete parent[key])),
    ];
  });
}

/** A small deterministic generator (mulberry32), so a failure names a reproducible case. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("the quick record check", () => {
  const real = realRecords();

  it("vouches for every real record", () => {
    expect(real.length).toBeGreaterThan(250);
    for (const record of real) expect(quick(JSON.stringify(record)), JSON.stringify(record).slice(0, 120)).toBe(true);
  });

  it("never vouches for a spoiled record that zod refuses", () => {
    let refused = 0;
    let vouched = 0;
    for (const record of real.slice(0, 40)) {
      for (const json of spoiled(record)) {
        if (!quick(json)) continue;
        vouched++;
        if (!zodAccepts(json)) refused++;
        expect(zodAccepts(json), json.slice(0, 200)).toBe(true);
      }
    }
    expect(refused).toBe(0);
    expect(vouched).toBeGreaterThan(1000); // spoiled unknown fields stay quick: the test reaches the quick road
  });

  it("never vouches for a record with random bytes changed that zod or JSON.parse refuses", () => {
    const next = random(17);
    const alphabet = '0123456789abcdefxX"\\{}[],:-.eE ntrufal\u00e9';
    let cases = 0;
    for (let n = 0; n < 20_000; n++) {
      const json = JSON.stringify(real[Math.floor(next() * real.length)]);
      const chars = [...json];
      for (let edits = 1 + Math.floor(next() * 3); edits > 0; edits--)
        chars[Math.floor(next() * chars.length)] = alphabet[Math.floor(next() * alphabet.length)]!;
      const text = chars.join("");
      if (!quick(text)) continue;
      cases++;
      let accepted: boolean;
      try {
        accepted = zodAccepts(text);
      } catch {
        accepted = false; // not JSON at all
      }
      expect(accepted, text.slice(0, 200)).toBe(true);
    }
    expect(cases).toBeGreaterThan(1000);
  });

  it("checks keys in any order and spelling, whichever order the records before it had", () => {
    // The check tries first the key that came next in the record before (a hint it learns as it goes).
    const json = JSON.stringify(real[0]);
    const reversed = JSON.stringify(Object.fromEntries(Object.entries(real[0] as object).reverse()));
    for (let n = 0; n < 3; n++) {
      expect(quick(json)).toBe(true);
      expect(quick(reversed)).toBe(true);
      for (const other of ['"subtracesX":', '"subtrace":', '"Subtraces":']) {
        const renamed = json.replace('"subtraces":', other);
        expect(zodAccepts(renamed), other).toBe(false);
        expect(quick(renamed), other).toBe(false);
      }
    }
    // Cut inside the key the hint expects: more bytes are needed, not a verdict.
    const at = json.indexOf('"subtraces"') + 4;
    expect(checkValue(bytes(json), 0, at, PLAN)).toBe(NEED_MORE);
  });

  it("says when the bytes stop before the record ends", () => {
    const json = JSON.stringify(real[0]);
    for (let end = 0; end < json.length; end++) expect(checkValue(bytes(json), 0, end, PLAN)).toBe(NEED_MORE);
  });

  it("reads the schema's own rules, and leaves a rule it does not know to zod", () => {
    expect(PLAN).toMatchObject({ kind: "object", otherKeys: true });
    if (PLAN.kind !== "object") return;
    expect(PLAN.fields.get("blockNumber")!.plan).toMatchObject({ kind: "integer", nonNegative: true, nullable: false });
    expect(PLAN.fields.get("transactionHash")).toMatchObject({ bit: 0, plan: { kind: "string", hex: true, nullable: true } });
    expect(PLAN.fields.get("type")!.bit).not.toBe(0);
    const unsure = (schema: z.ZodType, json: string) => {
      const data = bytes(json);
      return checkValue(data, 0, data.length, planOf(schema));
    };
    expect(unsure(z.object({ a: z.email() }), '{"a":"x@y.z"}')).toBe(UNSURE);
    expect(unsure(z.object({ a: z.number().int().min(5) }), '{"a":7}')).toBe(UNSURE);
    expect(unsure(z.object({ a: z.string().regex(/^0x[0-9a-f]*$/) }), '{"a":"0xab"}')).toBe(UNSURE);
    expect(unsure(z.object({ a: z.union([z.string(), z.number()]) }), '{"a":1}')).toBe(UNSURE);
    expect(unsure(z.object({ a: z.coerce.number() }), '{"a":7}')).toBe(UNSURE);
    expect(unsure(z.object({ a: z.string().trim() }), '{"a":"x"}')).toBe(UNSURE);
    expect(unsure(z.object({ a: z.int() }), '{"a":7}')).toBe(UNSURE);
    expect(unsure(z.strictObject({ a: z.string() }), '{"a":"x","b":1}')).toBe(UNSURE);
    expect(unsure(z.object({ a: z.string() }), '{"b":1}')).toBe(UNSURE); // a required key missing
    expect(unsure(z.object({ a: z.string() }), '{"a":"x","b":1}')).toBe(15);
  });
});
