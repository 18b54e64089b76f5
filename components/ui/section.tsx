import type { ReactNode } from "react";

export function Section({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  const headingId = `${id ?? title.toLowerCase().replace(/[^a-z]+/g, "-")}-heading`;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white">
      <h2 id={headingId} className="border-b border-slate-200 px-4 py-3 font-semibold">
        {title}
      </h2>
      <div className="px-4 py-3 text-sm">{children}</div>
    </section>
  );
}

export function KeyValues({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className="grid grid-cols-[12rem_1fr] gap-x-4 gap-y-1.5">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-600">{label}</dt>
          <dd className="text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
