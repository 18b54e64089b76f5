import { PageHeader } from "@/components/app-shell/page-header";

/** A section whose workflow is not built yet: says what it will answer, so the navigation is honest. */
export function SectionPlaceholder({ title, question }: { title: string; question: string }) {
  return (
    <>
      <PageHeader title={title} />
      <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-slate-600">
        <p className="font-medium text-slate-800">{question}</p>
        <p className="mt-2 text-sm">This section is not available in this version of Preflight yet.</p>
      </div>
    </>
  );
}
