// The import-cycle rule of `npm run lint` (and npm test's lint step): which imports count, how they resolve, and which
// cycles it reports.
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
      'export { type F2, f2 } from "./inline-type-and-value-export";',
      'export * as ns from "./namespace-export";',
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
      "./inline-type-and-value-export",
      "./namespace-export",
      "./required",
      "./dynamic",
    ]);
    expect(runtimeImports("lib/a.ts", source).find((found) => found.specifier === "./dynamic")?.line).toBe(16);
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
    // Build output holds copies of the sources, not imports of them: never followed.
    const built = (path: string) => path === ".open-next/worker.js" || path === "node_modules/x/index.js";
    expect(resolveImport("lib/edge/worker.ts", "../../.open-next/worker.js", built)).toBeUndefined();
    expect(resolveImport("lib/a.ts", "../node_modules/x/index.js", built)).toBeUndefined();
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
    // A group counts when any of its files is watched, whichever file its printed cycle starts from.
    const mixed = new Map([
      ["a-outside.ts", ["lib/x.ts"]],
      ["lib/x.ts", ["a-outside.ts", "lib/y.ts"]],
      ["lib/y.ts", ["lib/x.ts"]],
      ["b-outside.ts", ["c-outside.ts"]],
      ["c-outside.ts", ["b-outside.ts"]],
    ]);
    expect(findCycles(mixed, (file) => file.startsWith("lib/"))).toEqual([["a-outside.ts", "lib/x.ts", "a-outside.ts"]]);
  });
});
