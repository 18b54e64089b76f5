// A small coloured label (a verdict, a review's state, a sampling mark): one shape, a tone per meaning.
import type { ReactNode } from "react";

const TONES = {
  green: "bg-emerald-100 text-emerald-900 ring-emerald-300",
  red: "bg-red-100 text-red-900 ring-red-300",
  amber: "bg-amber-100 text-amber-900 ring-amber-400",
  blue: "bg-blue-100 text-blue-900 ring-blue-300",
  sky: "bg-sky-100 text-sky-900 ring-sky-300",
  violet: "bg-violet-100 text-violet-900 ring-violet-300",
  slate: "bg-slate-100 text-slate-800 ring-slate-300",
  /** Said but not coloured: a state Preflight could not read. */
  outline: "bg-white text-slate-800 ring-slate-400",
  /** The end of a road: done, or failed for good. */
  "green-strong": "bg-emerald-200 text-emerald-950 ring-emerald-400",
  "red-strong": "bg-red-200 text-red-950 ring-red-400",
} as const;

export type BadgeTone = keyof typeof TONES;

export function Badge(props: { tone: BadgeTone; children: ReactNode; title?: string; testId?: string }) {
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${TONES[props.tone]}`}
      title={props.title}
      data-testid={props.testId}
    >
      {props.children}
    </span>
  );
}
