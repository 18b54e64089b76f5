"use client";
// A group of radio buttons with its legend: one choice of the export (syntax, configuration, format).

export function Choice<T extends string>(props: {
  legend: string;
  name: string;
  value: T;
  options: ReadonlyArray<readonly [T, string]>;
  onChange: (value: T) => void;
  disabled?: boolean;
}) {
  return (
    <fieldset className="flex flex-col gap-1" disabled={props.disabled}>
      <legend className="mb-1 text-xs font-medium text-slate-600">{props.legend}</legend>
      {props.options.map(([value, label]) => (
        <label key={value} className="flex items-center gap-2 text-sm">
          <input type="radio" name={props.name} value={value} checked={props.value === value} onChange={() => props.onChange(value)} />
          {label}
        </label>
      ))}
    </fieldset>
  );
}

export const SYNTAX_OPTIONS = [
  ["v4", "Provider 4.x (rules { … } blocks)"],
  ["v5", "Provider 5.x (rules = [ … ])"],
] as const;
