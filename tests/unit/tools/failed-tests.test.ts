// `npm test`'s last lines name what failed (tests/tools/failed-tests.ts), a file that failed in a hook included.
import { describe, expect, it } from "vitest";
import { failedTestLines } from "@/tests/tools/failed-tests";

const root = "/check/work/main";
const file = (name: string, status: string, tests: Array<[string, string, string?]>, message = "") => ({
  name: `${root}/${name}`,
  status,
  message,
  assertionResults: tests.map(([fullName, status, failure]) => ({ fullName, status, failureMessages: failure ? [failure] : [] })),
});

describe("failedTestLines", () => {
  it("names each failed test with its file and the first line of its failure", () => {
    const report = {
      testResults: [
        file("tests/a.test.ts", "passed", [["a works", "passed"]]),
        file("tests/b.test.ts", "failed", [
          ["b one", "passed"],
          ["b two", "failed", "AssertionError: expected 1 to be 2\n    at b.test.ts:3"],
        ]),
      ],
    };
    expect(failedTestLines(report, root)).toEqual(["✘ tests/b.test.ts > b two: AssertionError: expected 1 to be 2"]);
  });

  it("names a file whose beforeAll failed, though none of its tests counts as failed", () => {
    const report = {
      testResults: [
        file(
          "tests/c.test.ts",
          "failed",
          [
            ["c one", "skipped"],
            ["c two", "skipped"],
          ],
          "Error: listen EADDRINUSE: address already in use 127.0.0.1:40001\n    at …",
        ),
      ],
    };
    expect(failedTestLines(report, root)).toEqual([
      "✘ tests/c.test.ts: failed outside its tests (2 did not run): Error: listen EADDRINUSE: address already in use 127.0.0.1:40001",
    ]);
  });

  it("says nothing without a report or a failure, and cuts a long list", () => {
    expect(failedTestLines(undefined, root)).toEqual([]);
    const many = {
      testResults: [
        file(
          "tests/d.test.ts",
          "failed",
          Array.from({ length: 12 }, (_, i) => [`d ${i}`, "failed", "x"]),
        ),
      ],
    };
    expect(failedTestLines(many, root, 3)).toEqual([
      "✘ tests/d.test.ts > d 0: x",
      "✘ tests/d.test.ts > d 1: x",
      "✘ tests/d.test.ts > d 2: x",
      "… and 9 more",
    ]);
  });
});
