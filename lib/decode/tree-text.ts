// A decoded transaction as text, for the page's copy button and for reading in a ticket: one line per
// call, indented by depth, name and arguments in place of selectors, identical repeated calls folded into one line.
import type { Frame } from "./frames";
import { sourceLabel, type Decoded } from "./types";

/** Consecutive items with the same key, grouped (a loop's hundred identical calls are one group); a null key never groups. */
export function groupRepeats<T>(items: readonly T[], key: (item: T) => string | null): T[][] {
  const groups: T[][] = [];
  for (const item of items) {
    const last = groups.at(-1);
    const itemKey = key(item);
    if (last && itemKey !== null && key(last[0]!) === itemKey) last.push(item);
    else groups.push([item]);
  }
  return groups;
}

/** `name(arg: value, …)` of each candidate, joined with " or " where several fit. */
export function callText(decoded: Decoded): string {
  return decoded.candidates
    .map((c) => `${c.name}(${c.args.map((a) => `${a.name}: ${a.value}`).join(", ")})${c.interfaces ? ` [${c.interfaces.join(", ")}]` : ""}`)
    .join(" or ");
}

/**
 * What makes two sibling calls "the same call" for folding: kind, ends, value, the whole calldata (so the
 * arguments), how it decoded and how it ended. Only identifiers, types and hex: no `{`, `}` or `;`.
 */
export function repeatKey(frame: Frame): string {
  const what = frame.decoded ? `${frame.decoded.source}:${frame.decoded.candidates.map((c) => c.signature).join("|")}` : "";
  return `${frame.type}|${frame.from}|${frame.to}|${frame.value}|${frame.input ?? ""}|${what}|${frame.error ?? ""}|${frame.reverted}`;
}

/** The fold key of a call and every call beneath it; null (never folded) where one of them failed or is not decoded. */
export function subtreeKey<T>(node: T, frameOf: (node: T) => Frame | undefined, childrenOf: (node: T) => readonly T[]): string | null {
  const frame = frameOf(node);
  if (!frame || frame.error !== undefined) return null;
  const children: string[] = [];
  for (const child of childrenOf(node)) {
    const key = subtreeKey(child, frameOf, childrenOf);
    if (key === null) return null;
    children.push(key);
  }
  return `${repeatKey(frame)}{${children.join(";")}}`;
}

interface Node {
  frame: Frame;
  children: Node[];
}

/** Two sibling calls fold only when they and their whole sub-trees are the same, with no failure in them. */
export function foldKey(node: Node): string | null {
  return subtreeKey(
    node,
    (n) => n.frame,
    (n) => n.children,
  );
}

/** The frames (in tree order) nested by traceAddress. */
export function nestFrames(frames: readonly Frame[]): Node[] {
  const byAddress = new Map<string, Node>();
  const roots: Node[] = [];
  for (const frame of frames) {
    const node = { frame, children: [] };
    byAddress.set(frame.traceAddress.join("."), node);
    const parent = byAddress.get(frame.traceAddress.slice(0, -1).join("."));
    if (frame.traceAddress.length > 0 && parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

export function treeText(frames: readonly Frame[]): string {
  const lines: string[] = [];
  const write = (nodes: Node[], depth: number) => {
    for (const group of groupRepeats(nodes, foldKey)) {
      const { frame } = group[0]!;
      const what = frame.decoded ? `${callText(frame.decoded)} — ${sourceLabel(frame.decoded)}` : (frame.input?.slice(0, 10) ?? "");
      const value = frame.value !== "0" ? ` value ${frame.value} wei` : "";
      const outcome = frame.error ? ` ✗ ${frame.error}` : frame.reverted ? " (reverted by a caller)" : "";
      const times = group.length > 1 ? ` ×${group.length}` : "";
      const ends = `${frame.from ?? "—"} → ${frame.to ?? "—"}`;
      lines.push(`${"  ".repeat(depth)}[${frame.traceAddress.join(".")}] ${frame.type} ${ends}${value} ${what}${outcome}${times}`);
      write(group[0]!.children, depth + 1);
    }
  };
  write(nestFrames(frames), 0);
  return lines.join("\n");
}
