import { describe, expect, it } from "vitest";
import { playwrightFailures, namedFailures, vitestFailures } from "@/tests/tools/failed-tests";

describe("failed test names for the end of npm test", () => {
  it("names each failed Vitest test by file, describe and title, with its first message line", () => {
    // The shape Vitest's JSON reporter writes (trimmed from a real report).
    const report = {
      testResults: [
        {
          name: "/repo/tests/integration/a.test.ts",
          status: "failed",
          message: "",
          assertionResults: [
            { ancestorTitles: ["outer"], title: "passes", fullName: "outer passes", status: "passed", failureMessages: [] },
            {
              ancestorTitles: ["outer"],
              title: "fails here",
              fullName: "outer fails here",
              status: "failed",
              failureMessages: ["AssertionError: expected 1 to be 2 // Object.is equality\n    at /repo/tests/integration/a.test.ts:4:36"],
            },
          ],
        },
        { name: "/repo/tests/unit/b.test.ts", status: "passed", assertionResults: [{ title: "ok", status: "passed" }] },
        // A beforeAll that threw: the file failed, no test in it did.
        { name: "/repo/tests/integration/c.test.ts", status: "failed", message: "Error: Hook timed out in 20000ms", assertionResults: [] },
      ],
    };
    expect(vitestFailures(report, "/repo")).toEqual([
      "tests/integration/a.test.ts › outer › fails here: AssertionError: expected 1 to be 2 // Object.is equality",
      "tests/integration/c.test.ts: Error: Hook timed out in 20000ms",
    ]);
  });

  it("names each unexpected Playwright test by spec, describe, title and line; flaky and skipped ones are not failures", () => {
    const test = (status: string, message?: string) => ({ status, results: [{ error: message ? { message } : undefined }] });
    const report = {
      suites: [
        {
          title: "zones.spec.ts",
          file: "zones.spec.ts",
          specs: [{ title: "lists zones", file: "zones.spec.ts", line: 12, tests: [test("expected")] }],
          suites: [
            {
              title: "filters",
              file: "zones.spec.ts",
              specs: [
                {
                  title: "by plan",
                  file: "zones.spec.ts",
                  line: 30,
                  tests: [test("unexpected", "\u001b[31mError: expect(locator).toBeVisible() failed\u001b[39m\n\nLocator: …")],
                },
                { title: "by status", file: "zones.spec.ts", line: 40, tests: [test("flaky")] },
                { title: "edge only", file: "zones.spec.ts", line: 50, tests: [test("skipped")] },
              ],
            },
          ],
        },
      ],
      errors: [{ message: "Error: Timed out waiting 240000ms from config.webServer." }],
    };
    expect(playwrightFailures(report)).toEqual([
      "zones.spec.ts › filters › by plan (line 30): Error: expect(locator).toBeVisible() failed",
      "(outside any test): Error: Timed out waiting 240000ms from config.webServer.",
    ]);
  });

  it("reads the failed checks of Prism's and the two-isolate test's reports, and nothing from a missing report", () => {
    expect(namedFailures({ passed: 3, failed: 1, failedNames: ["zones list"] })).toEqual(["zones list"]);
    expect(vitestFailures(undefined)).toEqual([]);
    expect(playwrightFailures(undefined)).toEqual([]);
    expect(namedFailures(undefined)).toEqual([]);
  });
});
