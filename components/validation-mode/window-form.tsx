"use client";
// The time window (ISO, UTC), applied on submit so a half-typed date does not start a comparison.
import { useState } from "react";
import { Button } from "@/components/ui/button";

export function WindowForm(props: { since?: string; until?: string; onChange: (window: { since?: string; until?: string }) => void }) {
  const [since, setSince] = useState(props.since ?? "");
  const [until, setUntil] = useState(props.until ?? "");
  return (
    <form
      className="ml-auto flex flex-wrap items-end gap-2 text-sm"
      onSubmit={(event) => {
        event.preventDefault();
        props.onChange({ since: since.trim() || undefined, until: until.trim() || undefined });
      }}
    >
      <label className="flex flex-col">
        Since (UTC)
        <input
          value={since || props.since || ""}
          onChange={(e) => setSince(e.target.value)}
          placeholder="2025-03-01T00:00:00Z"
          className="w-52 rounded border border-slate-300 px-2 py-1 font-mono"
        />
      </label>
      <label className="flex flex-col">
        Until (UTC)
        <input
          value={until || props.until || ""}
          onChange={(e) => setUntil(e.target.value)}
          placeholder="2025-03-08T00:00:00Z"
          className="w-52 rounded border border-slate-300 px-2 py-1 font-mono"
        />
      </label>
      <Button type="submit">Compare</Button>
    </form>
  );
}
