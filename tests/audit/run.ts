// `npm audit --omit=dev`: no high or critical advisory in what Preflight ships. When the registry reached
// has no advisory endpoint (a mirror answers 405), it says so loudly rather than pretending to have checked.
import { spawnSync } from "node:child_process";
import { auditPasses, auditVerdict } from "./verdict";

const npm = spawnSync("npm", ["audit", "--omit=dev", "--json"], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
let report: unknown;
try {
  report = JSON.parse(npm.stdout);
} catch {
  report = undefined;
}
const verdict = auditVerdict(report);
if (verdict.kind === "checked") {
  console.log(`npm audit --omit=dev: ${verdict.total} advisories, ${verdict.high} high, ${verdict.critical} critical`);
} else {
  console.warn(`npm audit --omit=dev: NOT CHECKED, the registry's advisory service did not answer (${verdict.reason.slice(0, 200)})`);
}
process.exit(auditPasses(verdict) ? 0 : 1);
