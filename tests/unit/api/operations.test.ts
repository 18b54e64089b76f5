// lib/api/operations.ts registers exactly the methods the route files under app/api export: an exported method
// without an entry (or an entry without a method) fails here, before any answer is checked.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { OPERATIONS, routePath } from "@/lib/api/operations";
import { ERROR_KINDS } from "@/lib/errors/error-kinds";
import { routeFiles } from "@/tests/integration/named-operations/routes";

const METHODS = /\b(GET|POST|PUT|PATCH|DELETE|OPTIONS)\b/g;

function exportedMethods(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const named = [...text.matchAll(/export const (GET|POST|PUT|PATCH|DELETE|OPTIONS)\b/g)].map((m) => m[1]!);
  const listed = [...text.matchAll(/export \{([^}]*)\}/g)].flatMap((m) => [...m[1]!.matchAll(/as (\w+)/g)].map((a) => a[1]!));
  return [...named, ...listed].filter((name) => name.match(METHODS));
}

describe("the operations registry", () => {
  it("has one entry per exported method of every route file, and no other", () => {
    const exported = routeFiles().flatMap((route) => exportedMethods(route.file).map((method) => `${method} ${routePath(route.file)}`));
    expect(exported.length).toBeGreaterThanOrEqual(30);
    expect(Object.keys(OPERATIONS).sort()).toEqual(exported.sort());
  });

  it("maps every route file to the path it serves", () => {
    expect(routePath("app/api/zones/[id]/validation/requests/route.ts")).toBe("/api/zones/{id}/validation/requests");
    expect(routePath("app/api/archive/[...key]/route.ts")).toBe("/api/archive/{key...}");
  });

  it("gives every error kind a status of an error and a meaning", () => {
    for (const [kind, entry] of Object.entries(ERROR_KINDS)) {
      expect(entry.status, kind).toBeGreaterThanOrEqual(400);
      expect(entry.meaning.length, kind).toBeGreaterThan(10);
    }
  });
});
