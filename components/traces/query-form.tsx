"use client";
// The trace_filter query: checked in the browser with the server's rules, then written to the URL.
import { useState, type FormEvent } from "react";
import type { InputError } from "@/lib/errors/input-error";
import { fieldsFromQuery, parseFields, QUERY_KEYS, type QueryFields } from "./url-query";
import { Button } from "@/components/ui/button";

const LABELS: Record<(typeof QUERY_KEYS)[number], { label: string; placeholder: string; wide?: boolean }> = {
  fromBlock: { label: "From block", placeholder: "0, 0x1f4 or latest" },
  toBlock: { label: "To block", placeholder: "latest" },
  fromAddress: { label: "From addresses", placeholder: "0x…, 0x…", wide: true },
  toAddress: { label: "To addresses", placeholder: "0x…, 0x…", wide: true },
  after: { label: "After (skip)", placeholder: "0" },
  count: { label: "Count (≤ 200)", placeholder: "all" },
};

export function QueryForm(props: { initial: QueryFields; running: boolean; onRun: (fields: QueryFields) => void; onCancel: () => void }) {
  const [error, setError] = useState<InputError>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const fields = Object.fromEntries(QUERY_KEYS.map((key) => [key, String(data.get(key) ?? "")])) as QueryFields;
    const parsed = parseFields(fields);
    setError(parsed.error);
    if (parsed.query) props.onRun(fieldsFromQuery(parsed.query));
  };

  return (
    <form
      onSubmit={submit}
      aria-label="Trace query"
      className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      {QUERY_KEYS.map((key) => {
        const invalid = error?.field.split("[")[0] === key;
        return (
          <label key={key} className={`flex flex-col text-xs font-medium text-slate-600 ${LABELS[key].wide ? "min-w-72 flex-1" : "w-36"}`}>
            {LABELS[key].label}
            <input
              name={key}
              // Uncontrolled: the URL seeds it, typing never waits on a round trip.
              defaultValue={props.initial[key] ?? ""}
              placeholder={LABELS[key].placeholder}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? "trace-query-error" : undefined}
              spellCheck={false}
              className={`mt-1 rounded border px-2 py-1.5 font-mono text-sm text-slate-900 ${invalid ? "border-red-500" : "border-slate-300"}`}
            />
          </label>
        );
      })}
      <div className="flex gap-2">
        <Button type="submit" variant="primary">
          Run query
        </Button>
        {props.running && <Button onClick={props.onCancel}>Cancel</Button>}
      </div>
      {error && (
        <p id="trace-query-error" role="alert" className="w-full text-sm text-red-700">
          {error.message}
        </p>
      )}
    </form>
  );
}
