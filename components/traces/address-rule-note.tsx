// With both address lists, nodes differ: say what each rule means and which one this result follows.
import type { AddressRule } from "@/lib/gateway/address-rule";

const VERDICT: Record<Exclude<AddressRule, "not-applicable">, string> = {
  union: "This result follows the union rule: it holds traces that match only one of the lists, which an intersection would have left out.",
  "intersection-or-union":
    "Every trace here matches both lists. That is what the intersection rule returns; under the union rule it means " +
    "no trace matched only one list. The result alone cannot tell which rule the gateway applies.",
  empty: "Nothing matched. Both rules allow an empty result, so it does not tell which rule the gateway applies.",
};

export function AddressRuleNote({ rule }: { rule: AddressRule }) {
  if (rule === "not-applicable") return null;
  return (
    <aside
      role="note"
      aria-label="Address filter rule"
      data-rule={rule}
      className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <p>
        <strong>Both from and to addresses are set.</strong> Nodes disagree on what that means: under the <em>union</em> rule (Erigon today,
        reth, anvil) a trace matches when its sender is in the from list <em>or</em> its recipient is in the to list; under the{" "}
        <em>intersection</em> rule (OpenEthereum, older Erigon) it must match <em>both</em>.
      </p>
      <p className="mt-1 font-medium">{VERDICT[rule]}</p>
    </aside>
  );
}
