// `npm start` rebuilds only when the build is older than what it is made from, middleware.ts included.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildIsStale } from "@/lib/dev/launcher/build-state";

let root = "";
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A project whose build was made at t=2000 s from sources written at t=1000 s. */
function builtProject(): string {
  root = mkdtempSync(join(tmpdir(), "preflight-build-state-"));
  mkdirSync(join(root, "app"));
  mkdirSync(join(root, ".next"));
  for (const file of ["app/page.tsx", "middleware.ts", "package.json"]) {
    writeFileSync(join(root, file), "");
    utimesSync(join(root, file), 1000, 1000);
  }
  writeFileSync(join(root, ".next/BUILD_ID"), "x");
  utimesSync(join(root, ".next/BUILD_ID"), 2000, 2000);
  return root;
}

describe("buildIsStale", () => {
  it("is fresh when nothing changed since the build", () => {
    expect(buildIsStale(builtProject())).toBe(false);
  });

  it.each(["app/page.tsx", "middleware.ts", "package.json"])("is stale once %s changes after the build", (file) => {
    const dir = builtProject();
    utimesSync(join(dir, file), 3000, 3000);
    expect(buildIsStale(dir)).toBe(true);
  });

  it("is stale without a build", () => {
    const dir = builtProject();
    rmSync(join(dir, ".next"), { recursive: true });
    expect(buildIsStale(dir)).toBe(true);
  });
});
