// docs/configuration.md describes every variable Preflight, `npm start` and the sandbox read, and no other.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CONFIG_VARIABLES } from "@/lib/config-schema";
import { withoutFences } from "./markdown";

const read = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), "utf8");
const page = withoutFences(read("docs/configuration.md"));

/** The variables a table row of the page describes: the upper-case names in its first cell. */
const described = new Set(
  page
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .flatMap((line) => [...(line.split(" | ")[0] ?? "").matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]!)),
);
/** What the launcher reads beside the schema (lib/dev/launcher/start.ts), and the sandbox's own schema. */
const LAUNCHER = ["PORT", "HOST"];
const sandbox = [...new Set([...read("lib/dev/sandbox/main.ts").matchAll(/^\s+(SANDBOX_[A-Z_]+):/gm)].map((m) => m[1]!))];

describe("docs/configuration.md", () => {
  it("describes every variable of lib/config-schema.ts (identity, storage and snapshots included)", () => {
    expect(CONFIG_VARIABLES.length).toBeGreaterThan(30);
    expect(CONFIG_VARIABLES.filter((name) => !described.has(name))).toEqual([]);
  });

  it("describes what the launcher and the sandbox read", () => {
    expect(sandbox.length).toBeGreaterThan(10);
    expect([...LAUNCHER, ...sandbox].filter((name) => !described.has(name))).toEqual([]);
  });

  it("describes no variable nothing reads", () => {
    const read = new Set([...CONFIG_VARIABLES, ...LAUNCHER, ...sandbox]);
    expect([...described].filter((name) => !read.has(name))).toEqual([]);
  });
});
