// The import-cycle rule of `npm test`'s format step: which imports count, how they resolve, and which cycles it reports.
import { describe, expect, it } from "vitest";
import { findCycles, resolveImport, runtimeImports } from "@/tests/tools/import-cycles-rule";

const specifiers = (source: string, file = "lib/a.ts") => runtimeImports(file, source).map((found) => found.specifier);

describe("the import-cycle rule", () => {
  it("counts every import that runs, and none that brings in types only", () => {
    const source = [
      'import "./effects";',
      'import a from "./default";',
      'import { b, type B } from "./mixed";',
      'import * as c from "./namespace";',
      'import d, { type D } from "./default-and-type";',
      'export * from "./star";',
      'export { e } from "./named";',
      'export { type F } from "./inline-type-export";',
      'import type { G } from "./type-only";',
      'import { type H, type I } from "./every-name-a-type";',
      'export type { J } from "./type-export";',
      'import k = require("./required");',
      "export async function later() {",
      '  return (await import("./dynamic")).value;',
      "}",
      "const n: typeof import('./type-query') = 1;",
    ].join("\n");
    expect(specifiers(source)).toEqual([
      "./effects",
      "./default",
      "./mixed",
      "./namespace",
      "./default-and-type",
      "./star",
      "./named",
      "./inline-type-export",
      "./required",
      "./dynamic",
    ]);
    expect(runtimeImports("lib/a.ts", source).find((found) => found.specifier === "./dynamic")?.line).toBe(14);
  });

  it("reads JSX files", () => {
    expect(specifiers('import { X } from "@/components/x";\nexport const Y = () => <X a={1} />;', "components/y.tsx")).toEqual([
      "@/components/x",
    ]);
  });

  it("resolves the @/ alias, relative paths, extensions and index files; packages are left out", () => {
    const files = new Set(["lib/gateway/trace.ts", "components/table/index.tsx", "lib/data.json", "app/page.tsx"]);
    const isFile = (path: string) => files.has(path);
    expect(resolveImport("app/page.tsx", "@/lib/gateway/trace", isFile)).toBe("lib/gateway/trace.ts");
    expect(resolveImport("lib/gateway/query.ts", "./trace", isFile)).toBe("lib/gateway/trace.ts");
    expect(resolveImport("lib/gateway/query.ts", "../data.json", isFile)).toBe("lib/data.json");
    expect(resolveImport("app/page.tsx", "../components/table", isFile)).toBe("components/table/index.tsx");
    expect(resolveImport("app/page.tsx", "zod", isFile)).toBeUndefined();
    expect(resolveImport("app/page.tsx", "@/lib/missing", isFile)).toBeUndefined();
  });

  it("reports each cycle once, as the path that closes it, and nothing for a graph without one", () => {
    const graph = new Map([
      ["a.ts", ["b.ts", "x.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", ["a.ts", "b.ts"]],
      ["x.ts", ["y.ts"]],
      ["y.ts", []],
      ["self.ts", ["self.ts"]],
    ]);
    expect(findCycles(graph)).toEqual([
      ["a.ts", "b.ts", "c.ts", "a.ts"],
      ["self.ts", "self.ts"],
    ]);
    expect(
      findCycles(
        new Map([
          ["a.ts", ["b.ts"]],
          ["b.ts", ["c.ts"]],
          ["c.ts", []],
        ]),
      ),
    ).toEqual([]);
  });
});
