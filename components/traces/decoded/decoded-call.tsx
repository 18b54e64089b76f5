// A frame's decoded call: each candidate's name and arguments, and where the signature came from.
import { sourceLabel, type Decoded } from "@/lib/decode/types";

const SOURCE_STYLE: Record<Decoded["source"], string> = {
  abi: "bg-emerald-100 text-emerald-900",
  bundled: "bg-sky-100 text-sky-900",
  bytecode: "bg-amber-100 text-amber-900",
  guessed: "bg-amber-100 text-amber-900",
};

export function SourceBadge({ decoded }: { decoded: Decoded }) {
  return (
    <span
      data-testid="decode-source"
      data-source={decoded.source}
      className={`rounded px-1.5 font-sans text-xs ${SOURCE_STYLE[decoded.source]}`}
    >
      {sourceLabel(decoded)}
    </span>
  );
}

/** Inline, in the tree: the first candidate's call, and how many others fit. */
export function DecodedInline({ decoded }: { decoded: Decoded }) {
  const [first, ...others] = decoded.candidates;
  if (!first) return null;
  return (
    <span className="flex min-w-0 items-center gap-1">
      <span className="truncate" data-testid="decoded-call" title={first.signature}>
        <span className="font-semibold text-slate-900">{first.name}</span>(
        {first.args.map((arg, i) => (
          <span key={i}>
            {i > 0 && ", "}
            <span className="text-slate-500">{arg.name}:</span> {short(arg.value)}
          </span>
        ))}
        )
      </span>
      {others.length > 0 && (
        <span className="rounded bg-violet-100 px-1.5 font-sans text-xs text-violet-900" data-testid="decode-candidates">
          {decoded.candidates.length} candidates
        </span>
      )}
      <SourceBadge decoded={decoded} />
    </span>
  );
}

/** In the frame's detail: every candidate in full, with its interfaces and (from an uploaded ABI) outputs. */
export function DecodedDetail({ decoded }: { decoded: Decoded }) {
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm">
        <SourceBadge decoded={decoded} />
        {decoded.implementation && <span className="ml-2 text-slate-600">through the proxy's implementation {decoded.implementation}</span>}
        {decoded.candidates.length > 1 && (
          <span className="ml-2 text-violet-900">{decoded.candidates.length} signatures fit this calldata: none is picked for you.</span>
        )}
      </p>
      {decoded.candidates.map((candidate, index) => (
        <div key={index} className="rounded border border-slate-200 p-2" data-testid="candidate">
          <p className="font-mono text-sm font-semibold">
            {candidate.signature}
            {candidate.interfaces && <span className="ml-2 font-sans font-normal text-slate-600">{candidate.interfaces.join(", ")}</span>}
          </p>
          <table className="mt-1 text-sm">
            <tbody>
              {candidate.args.map((arg, i) => (
                <tr key={i}>
                  <td className="pr-3 text-slate-600">{arg.name}</td>
                  <td className="pr-3 text-slate-500">{arg.type}</td>
                  <td className="break-all font-mono">{arg.value}</td>
                </tr>
              ))}
              {candidate.outputs?.map((out, i) => (
                <tr key={`out${i}`}>
                  <td className="pr-3 text-slate-600">returns {out.name}</td>
                  <td className="pr-3 text-slate-500">{out.type}</td>
                  <td className="break-all font-mono">{out.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </div>
  );
}

function short(value: string): string {
  return value.length > 22 ? `${value.slice(0, 10)}…${value.slice(-6)}` : value;
}
