// The names of the tests that failed, read from the runners' JSON reports: `npm test` prints them last, because CI shows
// only the tail of the output and a bare "1 failed" leaves nobody able to find the test.
import { relative } from "node:path";

interface VitestReport {
  testResults?: {
    name: string;
    status?: string;
    message?: string;
    assertionResults?: { ancestorTitles?: string[]; fullName?: string; title?: string; status?: string; failureMessages?: string[] }[];
  }[];
}

interface PlaywrightSuite {
  title?: string;
  file?: string;
  specs?: { title: string; file?: string; line?: number; tests?: { status?: string; results?: { error?: { message?: string } }[] }[] }[];
  suites?: PlaywrightSuite[];
}

interface PlaywrightReport {
  suites?: PlaywrightSuite[];
  errors?: { message?: string }[];
}

/** The first line of a failure message, short: enough to tell one failure from another in a CI log's tail. */
function firstLine(message: string | undefined): string {
  const line =
    (message ?? "")
      .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g"), "") // terminal colours
      .split("\n")
      .find((l) => l.trim() !== "") ?? "";
  return line.trim().slice(0, 200);
}

const withReason = (name: string, reason: string) => (reason ? `${name}: ${reason}` : name);

/** Vitest's JSON report: "file › describe › test" for each failed test, or the file alone when it failed outside any test. */
export function vitestFailures(report: unknown, root = process.cwd()): string[] {
  const failures: string[] = [];
  for (const file of (report as VitestReport | undefined)?.testResults ?? []) {
    const path = relative(root, file.name);
    const failed = (file.assertionResults ?? []).filter((t) => t.status === "failed");
    for (const test of failed) {
      const title = test.title ? [...(test.ancestorTitles ?? []), test.title].join(" › ") : (test.fullName ?? "?");
      failures.push(withReason(`${path} › ${title}`, firstLine(test.failureMessages?.[0])));
    }
    // A hook or an import that threw fails the file with no failed test in it.
    if (failed.length === 0 && file.status === "failed") failures.push(withReason(path, firstLine(file.message)));
  }
  return failures;
}

/** Playwright's JSON report: "spec › describe › title" for each test whose outcome was unexpected, plus errors outside tests. */
export function playwrightFailures(report: unknown): string[] {
  const failures: string[] = [];
  const walk = (suite: PlaywrightSuite, titles: string[]) => {
    const here = suite.file && suite.title === suite.file ? titles : [...titles, suite.title ?? ""];
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== "unexpected") continue;
        const name = [spec.file ?? suite.file ?? "?", ...here.filter(Boolean), spec.title].join(" › ");
        const error = test.results?.map((r) => r.error?.message).find(Boolean);
        failures.push(withReason(`${name}${spec.line ? ` (line ${spec.line})` : ""}`, firstLine(error)));
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  const parsed = report as PlaywrightReport | undefined;
  for (const suite of parsed?.suites ?? []) walk(suite, []);
  for (const error of parsed?.errors ?? []) failures.push(withReason("(outside any test)", firstLine(error.message)));
  return failures;
}

/** A report of our own runners (tests/prism/run.ts, tests/edge/shared-limit/run.ts): the names of the failed checks. */
export function namedFailures(report: unknown): string[] {
  return (report as { failedNames?: string[] } | undefined)?.failedNames ?? [];
}
