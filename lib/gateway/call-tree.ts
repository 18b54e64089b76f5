// The call tree of each transaction, rebuilt from traceAddress ([] is the top call, [0, 2] the third
// call made by the first). A failed call reverts everything beneath it: its branch is marked reverted.
import type { Trace } from "./trace";

export interface CallNode {
  trace: Trace;
  /** Index of the trace in the list the tree was built from (the table's row). */
  index: number;
  children: CallNode[];
  /** This call failed (it has an `error`). */
  failed: boolean;
  /** This call or one above it failed: its effects were undone. */
  reverted: boolean;
}

export interface TransactionTree {
  /** The transaction hash, or `reward:<block>` for a block's reward traces (they have none). */
  key: string;
  blockNumber: number;
  transactionPosition?: number | null;
  roots: CallNode[];
  /** Some calls' parents are not in the result (filtered out by address, or on another page). */
  partial: boolean;
}

export function transactionKey(trace: Trace): string {
  return trace.transactionHash ?? `${trace.type}:${trace.blockNumber}`;
}

/** Groups traces by transaction, in the order they came, and nests each group by traceAddress. */
export function buildCallTrees(traces: readonly Trace[]): TransactionTree[] {
  const groups = new Map<string, Array<{ trace: Trace; index: number }>>();
  traces.forEach((trace, index) => {
    const key = transactionKey(trace);
    const group = groups.get(key);
    if (group) group.push({ trace, index });
    else groups.set(key, [{ trace, index }]);
  });
  return [...groups].map(([key, members]) => buildTree(key, members));
}

function buildTree(key: string, members: Array<{ trace: Trace; index: number }>): TransactionTree {
  const byAddress = new Map<string, CallNode>();
  const sorted = [...members].sort((a, b) => compareAddress(a.trace.traceAddress, b.trace.traceAddress));
  const roots: CallNode[] = [];
  let partial = false;
  for (const { trace, index } of sorted) {
    const node: CallNode = { trace, index, children: [], failed: trace.error !== undefined, reverted: false };
    byAddress.set(trace.traceAddress.join("."), node);
    const parent = nearestAncestor(byAddress, trace.traceAddress);
    if (parent) parent.children.push(node);
    else roots.push(node);
    if (trace.traceAddress.length > 0 && parent?.trace.traceAddress.length !== trace.traceAddress.length - 1) partial = true;
  }
  const mark = (node: CallNode, above: boolean) => {
    node.reverted = above || node.failed;
    node.children.forEach((child) => mark(child, node.reverted));
  };
  roots.forEach((root) => mark(root, false));
  const first = members[0]!.trace;
  return { key, blockNumber: first.blockNumber, transactionPosition: first.transactionPosition, roots, partial };
}

function nearestAncestor(nodes: Map<string, CallNode>, address: number[]): CallNode | undefined {
  for (let length = address.length - 1; length >= 0; length--) {
    const found = nodes.get(address.slice(0, length).join("."));
    if (found) return found;
  }
  return undefined;
}

/** Depth-first order: a parent before its children, siblings by index. */
export function compareAddress(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] !== b[i]) return a[i]! - b[i]!;
  }
  return a.length - b.length;
}

export function treeDepth(nodes: CallNode[]): number {
  return nodes.reduce((deepest, node) => Math.max(deepest, 1 + treeDepth(node.children)), 0);
}
