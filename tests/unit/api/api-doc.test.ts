// docs/api.md is what `npm run docs:api` writes from the registry and the ErrorKind table: a schema, an
// operation or an error kind changed without regenerating it fails here.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { renderApiDoc } from "@/tests/tools/api-doc/render";

describe("docs/api.md", () => {
  it("is what `npm run docs:api` generates now", () => {
    const written = readFileSync("docs/api.md", "utf8");
    // Not toBe: a stale file would print 50 KB of diff; the first differing line says enough.
    const fresh = renderApiDoc();
    if (fresh === written) return;
    const at = [...fresh].findIndex((char, i) => char !== written[i]);
    expect.fail(`docs/api.md is stale from "${fresh.slice(at, at + 120)}": run npm run docs:api`);
  });

  it("names every operation and error kind", () => {
    const doc = renderApiDoc();
    for (const name of [
      "### GET /api/zones",
      "### POST /api/traces",
      "### GET /api/archive/{key...}",
      "| `drift` | 409 |",
      "| `deferred` | 503 |",
    ])
      expect(doc).toContain(name);
  });
});
