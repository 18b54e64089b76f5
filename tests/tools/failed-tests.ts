// The failures of a Vitest JSON report, one line each, for the end of `npm test`'s output: CI keeps only the tail,
// and a file whose hook or import failed counts no failed test at all (its tests are skipped or never collected).

export interface VitestReport {
  testResults?: Array<{
    name: string;
    status: string;
    message?: string;
    assertionResults?: Array<{ fullName: string; status: string; failureMessages?: string[] | null }>;
  }>;
}

const firstLine = (text: string | undefined) => (text ?? "").trim().split("\n")[0]!.slice(0, 200);

export function failedTestLines(report: VitestReport | undefined, root: string, max = 10): string[] {
  const lines: string[] = [];
  for (const file of report?.testResults ?? []) {
    if (file.status === "passed") continue;
    const path = file.name.startsWith(`${root}/`) ? file.name.slice(root.length + 1) : file.name;
    const failed = (file.assertionResults ?? []).filter((test) => test.status === "failed");
    for (const test of failed) lines.push(`✘ ${path} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    if (failed.length === 0) {
      const skipped = (file.assertionResults ?? []).filter((test) => test.status !== "passed").length;
      lines.push(`✘ ${path}: failed outside its tests (${skipped} did not run): ${firstLine(file.message) || "see the output above"}`);
    }
  }
  return lines.length > max ? [...lines.slice(0, max), `… and ${lines.length - max} more`] : lines;
}
