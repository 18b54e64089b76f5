// One contract call as docs/upstream-contract.md's table writes it: the file's fields, pipes escaped.
import type { ContractCall } from "./contract";

/** Where the table lives, from the repository's root. */
export const CONTRACT_TABLE_PAGE = "docs/upstream-contract.md";
const HEADER = "| call | source | what Preflight reads | when the answer differs | Prism step |";

const cell = (text: string) => text.replaceAll("|", "\\|");

export function contractTableRow(c: ContractCall): string {
  return `| ${[`\`${c.call}\``, c.sources.join("; "), c.reads, c.onDifference, c.prism].map(cell).join(" | ")} |`;
}

/** The table's rows as the page has them: the lines after the header and its separator, up to the table's end. */
export function contractTableRows(page: string): string[] {
  const lines = page.split("\n");
  const at = lines.indexOf(HEADER);
  if (at < 0) throw new Error(`${CONTRACT_TABLE_PAGE} has no contract table (its header line is ${HEADER})`);
  const end = lines.findIndex((line, i) => i > at + 1 && !line.startsWith("|"));
  return lines.slice(at + 2, end < 0 ? lines.length : end);
}

/** The page with its table's rows replaced by one row per call, in the file's order (added, removed and edited calls alike). */
export function withContractRows(page: string, calls: readonly ContractCall[]): string {
  const lines = page.split("\n");
  const at = lines.indexOf(HEADER);
  const rows = contractTableRows(page);
  lines.splice(at + 2, rows.length, ...calls.map(contractTableRow));
  return lines.join("\n");
}
