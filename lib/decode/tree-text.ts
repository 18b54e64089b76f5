// A decoded transaction as text, for the page's copy button and for reading in a ticket: one line per
// call, indented by depth, name and arguments in place of selectors, repeated calls folded into one line.
import type { Frame } from "./frames";
import { sourceLabel, type Decoded } from "./types";

/** Consecutive items with the same key, grouped (a loop's hundred identical calls are one group). */
export function groupRepeats<T>(items: readonly T[], key: (item: T) => string): T[][] {
  const groups: T[][] = [];
  for (const item of items) {
    const last = groups.at(-1);
    if (last && key(last[0]!) === key(item)) last.push(item);
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

/** What makes two sibling calls "the same call" for folding: kind, callee, what was called and how it ended. */
export function repeatKey(frame: Frame): string {
  const what = frame.decoded ? frame.decoded.candidates.map((c) => c.signature).join("|") : (frame.input?.slice(0, 10) ?? "");
  return `${frame.type}|${frame.to}|${what}|${frame.error ?? ""}|${frame.reverted}`;
}

interface Node {
  frame: Frame;
  children: Node[];
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
    for (const group of groupRepeats(nodes, (node) => repeatKey(node.frame))) {
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
