// With both fromAddress and toAddress, nodes disagree: some return traces matching either list
// (union: Erigon today, anvil, reth), others only traces matching both (intersection: OpenEthereum,
// older Erigon). Which one a result follows is read from the result itself, never assumed.
import { traceEnds, type Trace } from "./trace";

export type AddressRule =
  | "not-applicable" // at most one of the lists was given: both rules agree
  | "union" // some trace matches only one list: an intersection would have left it out
  | "intersection-or-union" // every trace matches both lists: both rules allow this result
  | "empty"; // nothing came back: both rules allow that too

export function addressRule(fromAddress: string[] | undefined, toAddress: string[] | undefined, traces: readonly Trace[]): AddressRule {
  if (!fromAddress?.length || !toAddress?.length) return "not-applicable";
  if (traces.length === 0) return "empty";
  const froms = new Set(fromAddress.map((a) => a.toLowerCase()));
  const tos = new Set(toAddress.map((a) => a.toLowerCase()));
  const oneSided = traces.some((trace) => {
    const { from, to } = traceEnds(trace);
    return !(from !== undefined && froms.has(from)) || !(to !== undefined && tos.has(to));
  });
  return oneSided ? "union" : "intersection-or-union";
}
