"use client";
// One transaction's call tree: each call with its type, recipient, value and outcome; branches
// collapse; a failed call and everything beneath it (undone with it) is marked reverted.
import { useState } from "react";
import type { CallNode, TransactionTree } from "@/lib/gateway/call-tree";
import { toTraceRow } from "@/lib/gateway/trace-row";
import { shortHex } from "./table/columns";

export function CallTree({ tree }: { tree: TransactionTree }) {
  return (
    <section aria-label="Call tree" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="text-sm font-semibold">
        Call tree of{" "}
        {tree.key.startsWith("0x") ? (
          <span className="font-mono" title={tree.key}>
            {shortHex(tree.key, 10, 8)}
          </span>
        ) : (
          tree.key
        )}{" "}
        <span className="font-normal text-slate-500">
          (block {tree.blockNumber}
          {tree.transactionPosition != null ? `, position ${tree.transactionPosition}` : ""})
        </span>
      </h2>
      {tree.partial && (
        <p className="mt-1 text-xs text-amber-800">
          Some calls of this transaction are not in the result (address filter or paging): they are shown under their nearest ancestor.
        </p>
      )}
      <ul role="tree" aria-label={`Calls of ${tree.key}`} className="mt-2 font-mono text-sm">
        {tree.roots.map((node) => (
          <CallItem key={node.index} node={node} level={1} />
        ))}
      </ul>
    </section>
  );
}

function CallItem({ node, level }: { node: CallNode; level: number }) {
  const [open, setOpen] = useState(true);
  const row = toTraceRow(node.trace);
  const hasChildren = node.children.length > 0;
  return (
    <li
      role="treeitem"
      aria-level={level}
      aria-expanded={hasChildren ? open : undefined}
      aria-selected={false}
      data-reverted={node.reverted || undefined}
      className="list-none"
    >
      <div
        className={`flex items-center gap-2 rounded px-1 py-0.5 ${node.reverted ? "bg-red-50 text-red-900" : ""}`}
        style={{ paddingLeft: `${(level - 1) * 1.25}rem` }}
      >
        {hasChildren ? (
          <button
            type="button"
            onClick={() => setOpen(!open)}
            aria-label={open ? "Collapse" : "Expand"}
            className="w-5 text-slate-500 hover:text-slate-900"
          >
            {open ? "▾" : "▸"}
          </button>
        ) : (
          <span className="w-5" aria-hidden="true" />
        )}
        <span className="text-slate-500">[{row.traceAddress}]</span>
        <span className="font-semibold">{row.kind === "other" ? row.type : row.kind}</span>
        <span title={row.from}>{shortHex(row.from)}</span>→<span title={row.to}>{row.to ? shortHex(row.to) : "—"}</span>
        {row.valueEth && row.valueEth !== "0" && <span>{row.valueEth} ETH</span>}
        {row.selector && <span className="text-slate-500">{row.selector}</span>}
        {row.gasUsed && <span className="text-slate-500">gas {row.gasUsed}</span>}
        {node.failed ? (
          <span className="rounded bg-red-600 px-1.5 text-xs font-sans font-semibold text-white">{node.trace.error}</span>
        ) : (
          node.reverted && <span className="rounded bg-red-100 px-1.5 text-xs font-sans text-red-800">reverted by a caller</span>
        )}
      </div>
      {hasChildren && open && (
        <ul role="group">
          {node.children.map((child) => (
            <CallItem key={child.index} node={child} level={level + 1} />
          ))}
        </ul>
      )}
    </li>
  );
}
