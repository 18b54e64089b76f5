// Rewrites docs/upstream-contract.md's table from tests/fixtures/contract/upstream-contract.json, so an edit
// (or a merge) of the file is carried to the table the coverage test holds it to: `npx tsx tests/tools/contract-table.ts`.
import { readFileSync, writeFileSync } from "node:fs";
import { contract } from "@/tests/contract/contract";
import { CONTRACT_TABLE_PAGE, withContractRows } from "@/tests/contract/table-row";

const page = new URL(`../../${CONTRACT_TABLE_PAGE}`, import.meta.url);
writeFileSync(page, withContractRows(readFileSync(page, "utf8"), contract.calls));
console.log(`${CONTRACT_TABLE_PAGE}: ${contract.calls.length} rows written from the contract file`);
