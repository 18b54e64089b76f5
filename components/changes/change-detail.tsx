"use client";
// One change opened: its words, when it was first seen, what it is compared with, and the diff behind it.
import Link from "next/link";
import { ChangeBadge } from "@/components/changes/labels";
import { Button } from "@/components/ui/button";
import { when } from "@/components/changes/columns";
import type { ListedChange } from "@/components/changes/use-changes";

const link = "text-blue-700 underline-offset-2 hover:underline";

/** Before and after side by side when the details say so; lists of words as a list; anything else as JSON. */
function Diff({ details }: { details: Record<string, unknown> }) {
  const { before, after, changes } = details;
  const words = Array.isArray(changes) && changes.every((c) => typeof c === "string") ? (changes as string[]) : undefined;
  const sides = (isRecord(before) || before === null) && (isRecord(after) || after === null) && (before !== null || after !== null);
  const keys = sides ? [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])] : [];
  // What neither the list nor the table shows is still shown, as JSON: nothing of the diff is hidden.
  const shown = new Set([...(words ? ["changes"] : []), ...(sides ? ["before", "after"] : [])]);
  const rest = Object.fromEntries(Object.entries(details).filter(([key]) => !shown.has(key)));
  return (
    <div className="flex flex-col gap-2" data-testid="change-diff">
      {words && (
        <ul className="list-disc pl-5">
          {words.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      )}
      {sides && (
        <table className="text-xs">
          <caption className="text-left font-semibold">Before and after</caption>
          <thead>
            <tr>
              <th scope="col" className="pr-4 text-left">
                Field
              </th>
              <th scope="col" className="pr-4 text-left">
                Before
              </th>
              <th scope="col" className="text-left">
                After
              </th>
            </tr>
          </thead>
          <tbody>
            {keys.map((key) => (
              <tr key={key}>
                <th scope="row" className="pr-4 text-left font-normal">
                  {key}
                </th>
                <td className="pr-4 font-mono">{show(before?.[key])}</td>
                <td className="font-mono">{show(after?.[key])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {Object.keys(rest).length > 0 && (
        <pre className="max-h-64 overflow-auto rounded bg-slate-50 p-2 text-xs">{JSON.stringify(rest, null, 2)}</pre>
      )}
    </div>
  );
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const show = (value: unknown) => (value === undefined ? "—" : typeof value === "string" ? value : JSON.stringify(value));

export function ChangeDetail({ change, onClose }: { change: ListedChange; onClose: () => void }) {
  return (
    <section aria-label="Change" className="rounded-lg border border-slate-200 bg-white p-4 text-sm" data-testid="change-detail">
      <div className="flex items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <ChangeBadge kind={change.kind} />
          <p className="font-medium">{change.words}</p>
        </div>
        <Button size="sm" onClick={onClose}>
          Close
        </Button>
      </div>
      <dl className="mt-3 grid grid-cols-[9rem_1fr] gap-x-3 gap-y-1">
        <dt className="text-slate-600">Zone</dt>
        <dd>
          <Link className={link} href={change.pages.zone}>
            {change.zoneName}
          </Link>
        </dd>
        <dt className="text-slate-600">Subject</dt>
        <dd className="font-mono text-xs">{change.subject.name ? `${change.subject.name} (${change.subject.id})` : change.subject.id}</dd>
        <dt className="text-slate-600">First seen</dt>
        <dd>
          <time dateTime={change.firstSeen}>{when(change.firstSeen)}</time>
        </dd>
        <dt className="text-slate-600">Recorded</dt>
        <dd>
          <time dateTime={change.recordedAt}>{when(change.recordedAt)}</time> by snapshot{" "}
          <span className="font-mono text-xs">{change.snapshotId}</span>
        </dd>
        {change.pages.review && (
          <>
            <dt className="text-slate-600">Compared with</dt>
            <dd>
              <Link className={link} href={change.pages.review}>
                the review {change.links?.reviewId}
              </Link>
            </dd>
          </>
        )}
        {change.pages.certificates && (
          <>
            <dt className="text-slate-600">Certificate</dt>
            <dd>
              <Link className={link} href={change.pages.certificates}>
                Open on the Certificates page
              </Link>
            </dd>
          </>
        )}
      </dl>
      {change.details && (
        <div className="mt-3">
          <h2 className="mb-1 font-semibold">Diff</h2>
          <Diff details={change.details} />
        </div>
      )}
    </section>
  );
}
