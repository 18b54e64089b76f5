// What makes an exchange with Prism a failure: Prism refused or flagged it (422, `sl-violations`), the path
// is outside the contract (404), or a query name the operation does not declare.
import type { Exchange } from "@/tests/prism/harness";

export function problemsOf(exchange: Exchange): string[] {
  const problems = exchange.violations.map((v) => `${v.location.join(".")}: ${v.message}`);
  if (exchange.via === "prism" && exchange.status === 404 && problems.length === 0)
    problems.push("no operation of the contract has this path");
  else if (exchange.via === "prism" && exchange.status >= 400 && problems.length === 0)
    problems.push(`Prism answered HTTP ${exchange.status}`);
  for (const name of exchange.undeclaredQuery) problems.push(`query parameter ${name} is not declared by the operation`);
  return problems;
}
