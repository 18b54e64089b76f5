// One contract call as the README's "Upstream contract" table writes it: the file's fields, pipes escaped.
import type { ContractCall } from "./contract";

const cell = (text: string) => text.replaceAll("|", "\\|");

export function contractTableRow(c: ContractCall): string {
  return `| ${[`\`${c.call}\``, c.sources.join("; "), c.reads, c.onDifference, c.prism].map(cell).join(" | ")} |`;
}

/** The README with each call's row rewritten from the file (rows are found by their first cell). */
export function withContractRows(readme: string, calls: readonly ContractCall[]): { text: string; missing: string[] } {
  const lines = readme.split("\n");
  const missing: string[] = [];
  for (const c of calls) {
    const at = lines.findIndex((line) => line.startsWith(`| \`${c.call}\` |`));
    if (at < 0) missing.push(c.call);
    else lines[at] = contractTableRow(c);
  }
  return { text: lines.join("\n"), missing };
}
