"use client";
// A select that filters a table by one facet (plan, status, verdict…); "All" clears it.

export function Facet(props: {
  label: string;
  value?: string | null;
  /** A value, or a value and the label shown for it. */
  options: ReadonlyArray<string | readonly [string, string]>;
  onChange: (value?: string) => void;
}) {
  return (
    <label className="flex flex-col text-xs font-medium text-slate-600">
      {props.label}
      <select
        value={props.value ?? ""}
        onChange={(event) => props.onChange(event.target.value || undefined)}
        className="mt-1 rounded border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900"
      >
        <option value="">All</option>
        {props.options.map((option) => {
          const [value, label] = typeof option === "string" ? [option, option] : option;
          return (
            <option key={value} value={value}>
              {label}
            </option>
          );
        })}
      </select>
    </label>
  );
}
