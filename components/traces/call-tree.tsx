"use client";
// One transaction's call tree: each call with its type, recipient, value and outcome; branches
// collapse; a failed call and everything beneath it (undone with it) is marked reverted. Once the
// transaction is decoded, each call shows its name and arguments (with their source) in place of its
// selector, and repeated sibling calls fold into one item.
import { useState } from "react";
import type { CallNode, TransactionTree } from "@/lib/gateway/call-tree";
import type { Frame } from "@/lib/decode/frames";
import { groupRepeats, subtreeKey } from "@/lib/decode/tree-text";
import { toTraceRow } from "@/lib/gateway/trace-row";
import { DecodedInline } from "./decoded/decoded-call";
import { shortHex } from "./table/columns";

interface Decoding {
  /** The decoded frames by traceAddress text ("" the top call). */
  frames: ReadonlyMap<string, Frame>;
  selected?: string;
  onSelect(frame: string): void;
}

export function CallTree({ tree, decoding }: { tree: TransactionTree; decoding?: Decoding }) {
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
        <CallItems nodes={tree.roots} level={1} decoding={decoding} />
      </ul>
    </section>
  );
}

function CallItems({ nodes, level, decoding }: { nodes: CallNode[]; level: number; decoding?: Decoding }) {
  const frameOf = (node: CallNode) => decoding?.frames.get(node.trace.traceAddress.join("."));
  // Only decoded siblings fold, and only where they and all beneath them are the same with no failure in them.
  const groups = decoding ? groupRepeats(nodes, (node) => subtreeKey(node, frameOf, (n) => n.children)) : nodes.map((n) => [n]);
  return groups.map((group) =>
    group.length > 1 ? (
      <RepeatItem key={group[0]!.index} nodes={group} level={level} decoding={decoding} />
    ) : (
      <CallItem key={group[0]!.index} node={group[0]!} level={level} decoding={decoding} />
    ),
  );
}

/** Identical consecutive calls (a loop's), folded: the first shown with its count, all of them on expanding. */
function RepeatItem({ nodes, level, decoding }: { nodes: CallNode[]; level: number; decoding?: Decoding }) {
  const [open, setOpen] = useState(false);
  return (
    <li role="treeitem" aria-level={level} aria-expanded={open} aria-selected={false} className="list-none" data-testid="repeated-calls">
      <div className="flex items-center gap-2 px-1 py-0.5" style={{ paddingLeft: `${(level - 1) * 1.25}rem` }}>
        <button type="button" onClick={() => setOpen(!open)} aria-label={open ? "Collapse" : "Expand"} className="w-5 text-slate-500">
          {open ? "▾" : "▸"}
        </button>
        <span className="rounded bg-slate-200 px-1.5 font-sans text-xs">×{nodes.length} repeated calls</span>
        <CallLine node={nodes[0]!} frame={decoding?.frames.get(nodes[0]!.trace.traceAddress.join("."))} />
      </div>
      {open && (
        <ul role="group">
          {nodes.map((node) => (
            <CallItem key={node.index} node={node} level={level + 1} decoding={decoding} />
          ))}
        </ul>
      )}
    </li>
  );
}

function CallItem({ node, level, decoding }: { node: CallNode; level: number; decoding?: Decoding }) {
  const [open, setOpen] = useState(true);
  const address = node.trace.traceAddress.join(".");
  const frame = decoding?.frames.get(address);
  const hasChildren = node.children.length > 0;
  const selected = decoding?.selected === address;
  return (
    <li
      role="treeitem"
      aria-level={level}
      aria-expanded={hasChildren ? open : undefined}
      aria-selected={selected}
      data-reverted={node.reverted || undefined}
      data-frame={address}
      className="list-none"
    >
      <div
        className={`flex items-center gap-2 rounded px-1 py-0.5 ${node.reverted ? "bg-red-50 text-red-900" : ""} ${selected ? "ring-2 ring-blue-500" : ""}`}
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
        <CallLine node={node} frame={frame} />
        {decoding && (
          <button type="button" className="ml-auto font-sans text-xs text-blue-700 underline" onClick={() => decoding.onSelect(address)}>
            Details
          </button>
        )}
      </div>
      {hasChildren && open && (
        <ul role="group">
          <CallItems nodes={node.children} level={level + 1} decoding={decoding} />
        </ul>
      )}
    </li>
  );
}

function CallLine({ node, frame }: { node: CallNode; frame?: Frame }) {
  const row = toTraceRow(node.trace);
  return (
    <>
      <span className="text-slate-500">[{row.traceAddress}]</span>
      <span className="font-semibold">{row.kind === "other" ? row.type : row.kind}</span>
      <span title={row.from}>{shortHex(row.from)}</span>→<span title={row.to}>{row.to ? shortHex(row.to) : "—"}</span>
      {row.valueEth && row.valueEth !== "0" && <span>{row.valueEth} ETH</span>}
      {frame?.decoded ? <DecodedInline decoded={frame.decoded} /> : row.selector && <span className="text-slate-500">{row.selector}</span>}
      {row.gasUsed && <span className="text-slate-500">gas {row.gasUsed}</span>}
      {node.failed ? (
        <span className="rounded bg-red-600 px-1.5 text-xs font-sans font-semibold text-white">{node.trace.error}</span>
      ) : (
        node.reverted && <span className="rounded bg-red-100 px-1.5 text-xs font-sans text-red-800">reverted by a caller</span>
      )}
    </>
  );
}
