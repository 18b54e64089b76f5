// Generated hostile input: arbitrary text, the fragments that break paths, queries, markup and parsers,
// and near-valid values, so both the validation and the code behind it are reached.
import fc from "fast-check";

export const FRAGMENTS = [
  "../",
  "..%2F",
  "%2e%2e%2f",
  "..\\",
  "%2F",
  "%252F",
  "/",
  "?",
  "#",
  "&x=1",
  "?page=9#",
  "%00",
  "\u0000",
  "\r\n",
  "\u2028",
  "<script>window.__pwned=1</script>",
  '"><svg onload=alert(1)>',
  "javascript:alert(1)",
  "'",
  '"',
  "`",
  "${x}",
  "$(id)",
  "a".repeat(5000),
  "1e309",
  "-1",
  "0",
  "9007199254740993",
  "0x",
  "NaN",
  "Infinity",
  "[]",
  "{}",
  "null",
  "true",
  "__proto__",
  "constructor",
  "\uD800",
  "ﬀ",
  "Ａ",
  "..",
  ".",
  "%",
  "%zz",
  "0".repeat(32),
  "A".repeat(32),
  "0".repeat(33),
  " ",
  "",
] as const;

export const hex32 = fc.stringMatching(/^[0-9a-f]{32}$/);
export const uuid = fc.uuid();

const fragment = fc.constantFrom(...FRAGMENTS);
/** Text built to break things: arbitrary (any code point), a known-bad fragment, or both spliced together. */
export const hostile: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: "binary", maxLength: 60 }) },
  { weight: 3, arbitrary: fragment },
  { weight: 2, arbitrary: fc.tuple(fc.string({ maxLength: 10 }), fragment, fc.string({ maxLength: 10 })).map((p) => p.join("")) },
  { weight: 1, arbitrary: hex32.map((id) => `${id}/../../user/tokens`) },
  { weight: 1, arbitrary: hex32.map((id) => `${id}%2F..%2Fsettings?x=#`) },
  { weight: 1, arbitrary: uuid.map((id) => `${id}/../../user/tokens`) },
);

/** Mostly hostile, sometimes one of the values the field accepts. */
export const fieldValue = (valid: fc.Arbitrary<string>[] = []) =>
  valid.length ? fc.oneof({ weight: 4, arbitrary: hostile }, { weight: 1, arbitrary: fc.oneof(...valid) }) : hostile;

/** A query string's parameters: known names (hostile or valid values), unknown names, repeats. */
export function queryOf(fields: Record<string, fc.Arbitrary<string>[]>): fc.Arbitrary<[string, string][]> {
  const names = Object.keys(fields);
  const known = names.length
    ? [fc.constantFrom(...names).chain((name) => fieldValue(fields[name]).map((v): [string, string] => [name, v]))]
    : [];
  const unknown = fc.tuple(hostile, hostile);
  return fc.array(fc.oneof(...known, unknown), { maxLength: 5 });
}

/** A JSON body: not JSON at all, any JSON value, or an object of the known fields with hostile or valid values. */
export function bodyOf(fields: Record<string, fc.Arbitrary<unknown>[]>): fc.Arbitrary<string> {
  const value = (name: string): fc.Arbitrary<unknown> => fc.oneof(hostile, fc.anything({ maxDepth: 2 }), ...(fields[name] ?? []));
  const names = Object.keys(fields);
  const shaped = fc.record(Object.fromEntries(names.map((n) => [n, value(n)])), { requiredKeys: [] }).map((o) => JSON.stringify(o));
  return fc.oneof(
    { weight: 1, arbitrary: hostile },
    { weight: 1, arbitrary: fc.json({ maxDepth: 3 }) },
    { weight: 1, arbitrary: fc.anything({ maxDepth: 3 }).map((v) => JSON.stringify(v) ?? "null") },
    { weight: 4, arbitrary: shaped },
  );
}

/** Who calls: a demo user, or a forged header / cookie. */
export const caller = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom("planner", "approver-1", "approver-2").map((u) => ({ "x-preflight-demo-user": u })) },
  { weight: 1, arbitrary: hostile.map((u) => ({ "x-preflight-demo-user": u.replace(/[\r\n\0]/g, "") })) },
  { weight: 1, arbitrary: hostile.map((c) => ({ cookie: `preflight-demo-user=${c.replace(/[\r\n\0;]/g, "")}` })) },
);

/** An Origin header: none, our own, another site, or garbage. */
export const origin = fc.oneof(
  { weight: 3, arbitrary: fc.constant({}) },
  { weight: 3, arbitrary: fc.constant({ origin: "http://127.0.0.1:3000" }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom("https://evil.example", "null", "http://127.0.0.1:3000.evil.example").map((o) => ({ origin: o })),
  },
  { weight: 1, arbitrary: hostile.map((o) => ({ origin: o.replace(/[\r\n\0]/g, "") })) },
);
