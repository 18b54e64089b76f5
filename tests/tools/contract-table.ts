// Rewrites the README's "Upstream contract" rows from tests/fixtures/contract/upstream-contract.json, so an edit
// (or a merge) of the file is carried to the table the coverage test holds it to: `npx tsx tests/tools/contract-table.ts`.
import { readFileSync, writeFileSync } from "node:fs";
import { contract } from "@/tests/contract/contract";
import { withContractRows } from "@/tests/contract/table-row";

const readme = new URL("../../README.md", import.meta.url);
const { text, missing } = withContractRows(readFileSync(readme, "utf8"), contract.calls);
writeFileSync(readme, text);
for (const call of missing) console.error(`No row for ${call} in the README's table: add one starting with | \`${call}\` |`);
process.exit(missing.length > 0 ? 1 : 0);
