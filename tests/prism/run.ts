// `npm test` step "prism": Preflight against a mock generated from the real OpenAPI operations it calls.
// Every request must validate (Prism's 422 / sl-violations, undeclared query names) and Preflight must read
// every answer; calls no schema covers are listed. Run: npx tsx --conditions=react-server tests/prism/run.ts
import { mkdirSync, writeFileSync } from "node:fs";
import { z } from "zod";
import { contract } from "@/tests/contract/contract";
import { ANSWER_CHOICES } from "@/tests/prism/answers";
import { CORRECTIONS, prismDocument } from "@/tests/prism/document";
import { NOT_COVERED } from "@/tests/prism/documented";
import { prismClient, type Exchange } from "@/tests/prism/harness";
import { SCENARIOS, type Scenario } from "@/tests/prism/scenarios";
import { startPrism } from "@/tests/prism/server";
import { problemsOf } from "@/tests/prism/verdict";

type Outcome = "passed" | "failed";

async function runScenario(
  scenario: Scenario,
  baseUrl: string,
  document: ReturnType<typeof prismDocument>,
  seen: Exchange[],
): Promise<Outcome> {
  const log: Exchange[] = [];
  let summary = "";
  let error: string | undefined;
  try {
    summary = await scenario.run(prismClient(baseUrl, document, log));
  } catch (e) {
    error = e instanceof Error ? e.message : String(e);
  }
  seen.push(...log);
  const problems = log.flatMap((x) => problemsOf(x).map((p) => `${x.call}: ${p}`));
  const failures = [...problems, ...(error ? [`Preflight: ${error}`] : [])];
  const outcome: Outcome = failures.length ? "failed" : "passed";
  console.log(`${outcome === "passed" ? "✔" : "✘"} ${scenario.name}${summary ? `: ${summary}` : ""} (${log.length} calls)`);
  for (const f of failures) console.log(`    ${f.slice(0, 400)}`);
  return outcome;
}

/** The negative control: a request the schema refuses must be caught, or the step proves nothing. */
async function controlCatchesInvalidRequests(baseUrl: string, document: ReturnType<typeof prismDocument>): Promise<Outcome> {
  const log: Exchange[] = [];
  const client = prismClient(baseUrl, document, log);
  await client.get("/zones", { per_page: 500 }, z.unknown()).catch(() => undefined);
  await client.get("/zones", { per_pages: 50 }, z.unknown()).catch(() => undefined);
  const caught = log.map((x) => problemsOf(x).join("; "));
  const ok = caught.length === 2 && /per_page/.test(caught[0]!) && /per_pages is not declared/.test(caught[1]!);
  console.log(
    `${ok ? "✔" : "✘"} control: per_page=500 and an unknown query name are caught (${caught.map((c) => c || "NOT CAUGHT").join(" | ")})`,
  );
  return ok ? "passed" : "failed";
}

async function main() {
  const document = prismDocument();
  mkdirSync("test-results/prism", { recursive: true });
  writeFileSync("test-results/prism/openapi.json", JSON.stringify(document));
  const prism = await startPrism("test-results/prism/openapi.json");
  const outcomes: Outcome[] = [];
  const names: string[] = [];
  const seen: Exchange[] = [];
  try {
    console.log(`Prism (request validation on) at ${prism.baseUrl}, ${Object.keys(document.paths).length} paths of the contract`);
    outcomes.push(await controlCatchesInvalidRequests(prism.baseUrl, document));
    names.push("control: an invalid request is caught");
    for (const scenario of SCENARIOS) {
      outcomes.push(await runScenario(scenario, prism.baseUrl, document, seen));
      names.push(scenario.name);
    }
  } finally {
    await prism.stop();
  }
  report(seen);
  const count = (o: Outcome) => outcomes.filter((x) => x === o).length;
  // The failed scenarios' names too: `npm test` prints them at its end (tests/tools/failed-tests.ts).
  const failedNames = names.filter((_, i) => outcomes[i] === "failed");
  writeFileSync("test-results/prism.json", JSON.stringify({ passed: count("passed"), failed: count("failed"), skipped: 0, failedNames }));
  console.log(`\n${count("passed")} passed, ${count("failed")} failed`);
  process.exit(count("failed") ? 1 : 0);
}

function report(seen: Exchange[]) {
  const pattern = (call: string) => call.split("?")[0]!.replace(/\/[0-9a-f-]{32,36}(?=\/|$)/g, "/:id");
  const exercised = new Set(
    seen.filter((x) => x.via === "prism" && x.violations.length === 0 && x.status < 400).map((x) => pattern(x.call)),
  );
  console.log("\nContract calls validated by Prism in this run:");
  for (const c of contract.calls.filter((c) => c.operation))
    console.log(
      `  ${exercised.has(c.call) ? "✔" : "–"} ${c.call}${exercised.has(c.call) ? "" : " (not validated in this run: see the failures above)"}`,
    );
  console.log("\nCalls the schema does not cover (listed, not validated by Prism):");
  for (const n of NOT_COVERED) console.log(`  • ${n.call}: ${n.note}`);
  console.log("\nCorrections to the 2024 schema in the served document (with sources): see tests/prism/document.ts");
  for (const c of CORRECTIONS) console.log(`  • ${c.call}: ${c.what}`);
  for (const a of ANSWER_CHOICES) console.log(`  • answer of ${a.path}: ${a.why}`);
}

void main().catch((error: unknown) => {
  console.error(error);
  console.log("\n0 passed, 1 failed");
  process.exit(1);
});
