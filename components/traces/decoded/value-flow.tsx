// The transaction's value flow: a from → to table (native value in ETH, decoded token transfers with the
// interfaces they fit and their source) and a small graph of the same rows; the table is its text.
import { formatEther } from "@/lib/gateway/address";
import type { ValueFlow } from "@/lib/decode/value-flow";
import { shortHex } from "../table/columns";

/** The rows of a read transaction (the panel says why there are none: lib/decode/value-flow-notice.ts). */
export function ValueFlowView({ rows }: { rows: ValueFlow[] }) {
  return (
    <div className="flex flex-wrap items-start gap-4">
      <table className="text-sm" aria-label="Value flow" aria-describedby="value-flow-graph">
        <thead>
          <tr className="text-left text-slate-600">
            <th className="pr-3">From</th>
            <th className="pr-3">To</th>
            <th className="pr-3">Value</th>
            <th className="pr-3">Asset</th>
            <th className="pr-3">Frames</th>
            <th>Moved</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr
              key={i}
              data-testid="value-flow-row"
              data-reverted={row.reverted || undefined}
              className={row.reverted ? "text-red-900 line-through decoration-red-400" : ""}
            >
              <td className="pr-3 font-mono" title={row.from}>
                {shortHex(row.from)}
              </td>
              <td className="pr-3 font-mono" title={row.to}>
                {shortHex(row.to)}
              </td>
              <td className="pr-3 font-mono">{valueText(row)}</td>
              <td className="pr-3">{assetText(row)}</td>
              <td className="pr-3 font-mono">{row.frames.map((f) => `[${f}]`).join(" ")}</td>
              <td className="no-underline">{row.reverted ? "not moved (reverted)" : "moved"}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <FlowGraph rows={rows} />
    </div>
  );
}

function valueText(row: ValueFlow): string {
  if (row.asset === "native") return `${formatEther(BigInt(row.value))} ETH`;
  return row.standards?.length === 1 && row.standards[0] === "ERC-721" ? `token #${row.value}` : row.value;
}

function assetText(row: ValueFlow): string {
  if (row.asset === "native") return "ETH";
  const standards = row.standards?.join(" or ") ?? "token";
  return `${standards} ${shortHex(row.asset)} (${row.source === "abi" ? "from your ABI" : "bundled interface"})`;
}

/** Addresses in a column each side of their first appearance; an arrow per row, dashed red where reverted. */
function FlowGraph({ rows }: { rows: ValueFlow[] }) {
  const addresses = [...new Set(rows.flatMap((row) => [row.from, row.to]))];
  const y = (address: string) => 20 + addresses.indexOf(address) * 36;
  const height = 20 + addresses.length * 36;
  return (
    <svg id="value-flow-graph" role="img" width={360} height={height} className="rounded border border-slate-200 bg-white">
      <title>Value flow graph: the rows of the value flow table as arrows between addresses</title>
      <defs>
        <marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse">
          <path d="M 0 0 L 10 5 L 0 10 z" fill="currentColor" />
        </marker>
      </defs>
      {addresses.map((address) => (
        <g key={address}>
          <circle cx={20} cy={y(address)} r={4} fill="#334155" />
          <text x={30} y={y(address) + 4} fontSize={11} fontFamily="monospace" fill="#334155">
            {shortHex(address)}
          </text>
        </g>
      ))}
      {rows.map((row, i) => {
        const bend = 150 + (i % 4) * 45;
        const from = y(row.from);
        const to = y(row.to);
        return (
          <path
            key={i}
            d={`M 130 ${from} C ${bend} ${from}, ${bend} ${to}, 130 ${to}`}
            fill="none"
            stroke={row.reverted ? "#dc2626" : row.asset === "native" ? "#0f766e" : "#7c3aed"}
            strokeDasharray={row.reverted ? "4 3" : undefined}
            markerEnd="url(#arrow)"
            color={row.reverted ? "#dc2626" : "#0f766e"}
          />
        );
      })}
    </svg>
  );
}
