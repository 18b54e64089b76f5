// The demo chain's committed compiler output is what solc makes of the committed Solidity sources today.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ARTIFACTS_PATH, compileDemoContracts } from "@/lib/dev/gateway/solidity/compile";

describe("lib/dev/gateway/solidity/artifacts.json", () => {
  it("equals a fresh compilation of the sources (run `npx tsx lib/dev/gateway/solidity/compile.ts` after editing one)", () => {
    const committed = JSON.parse(readFileSync(ARTIFACTS_PATH, "utf8")) as unknown;
    expect(compileDemoContracts()).toEqual(committed);
  }, 60_000);
});
