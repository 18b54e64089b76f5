"use client";
// Which trace kinds the table shows, with how many of each the result holds.
import { TRACE_KINDS, type TraceKind } from "@/lib/gateway/trace";

const LABELS: Record<(typeof TRACE_KINDS)[number], string> = {
  call: "call",
  delegatecall: "delegatecall",
  staticcall: "staticcall",
  create: "create",
  create2: "create2",
  suicide: "suicide / selfdestruct",
  reward: "reward",
};

export function TypeFilter(props: {
  selected: ReadonlySet<TraceKind>;
  counts: Map<TraceKind, number>;
  onChange: (kinds: TraceKind[]) => void;
}) {
  const all = props.selected.size === 0;
  const toggle = (kind: TraceKind) => {
    const next = new Set(props.selected);
    if (next.has(kind)) next.delete(kind);
    else next.add(kind);
    props.onChange([...next]);
  };
  return (
    <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
      <legend className="sr-only">Trace types</legend>
      <span className="text-xs font-medium text-slate-600">Types{all ? " (all)" : ""}:</span>
      {TRACE_KINDS.map((kind) => (
        <label key={kind} className="flex items-center gap-1.5">
          <input type="checkbox" checked={props.selected.has(kind)} onChange={() => toggle(kind)} />
          {LABELS[kind]} <span className="text-xs text-slate-500">({props.counts.get(kind) ?? 0})</span>
        </label>
      ))}
      {!all && (
        <button type="button" onClick={() => props.onChange([])} className="text-xs text-blue-700 underline">
          Show all
        </button>
      )}
    </fieldset>
  );
}
