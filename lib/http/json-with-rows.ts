// An answer made mostly of rows the server keeps between requests (cached zone rows): each row is
// serialized once and its JSON reused, since serializing the same 100 rows on every view of the
// account was the largest cost of a cached GET /api/zones (its CPU profile). Same JSON as Response.json.

const serialized = new WeakMap<object, string>();

/** The row's JSON, computed once per row object (rows must not change once answered). */
function rowJson(row: object): string {
  let json = serialized.get(row);
  if (json === undefined) serialized.set(row, (json = JSON.stringify(row)));
  return json;
}

/** `answer` as a JSON response, its `key` array written from each row's remembered JSON (placed last). */
export function jsonWithRows<T extends Record<K, object[]>, K extends string>(answer: T, key: K): Response {
  const { [key]: rows, ...rest } = answer;
  const head = JSON.stringify(rest);
  const body = `${head.slice(0, -1)}${head === "{}" ? "" : ","}${JSON.stringify(key)}:[${rows.map(rowJson).join(",")}]}`;
  return new Response(body, { headers: { "Content-Type": "application/json" } });
}
