"use client";
// The free-text filter of a table toolbar. Uncontrolled, so typing never waits for the URL round trip;
// the URL seeds it on load.

export function SearchFilter(props: { label: string; placeholder: string; value?: string | null; onChange: (value: string) => void }) {
  return (
    <label className="flex flex-col text-xs font-medium text-slate-600">
      {props.label}
      <input
        type="search"
        defaultValue={props.value ?? ""}
        placeholder={props.placeholder}
        onChange={(event) => props.onChange(event.target.value)}
        className="mt-1 w-64 rounded border border-slate-300 px-2 py-1.5 text-sm text-slate-900"
      />
    </label>
  );
}
