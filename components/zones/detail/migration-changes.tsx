// "What the migration changes": the live entry point against the configuration the migration PUT sends, in words.
import { RulesetDiffList } from "@/components/rulesets/ruleset-diff-list";
import type { MigrationChanges } from "@/lib/migration/migration-changes";

export function MigrationChangesView({ changes }: { changes: MigrationChanges }) {
  if (changes.state === "unreadable") {
    return (
      <p role="alert" className="text-amber-800" data-testid="migration-changes-unreadable">
        The zone&apos;s http_request_firewall_managed entry point could not be read ({changes.reason}), so what the migration changes is not
        known now. Read again.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-2" data-testid="migration-changes">
      <p className="text-slate-600">
        From the live {changes.entrypoint} to the proposed configuration, rule by rule (matched by ref, id or expression, not by position):
      </p>
      <RulesetDiffList diff={changes.diff} empty="No change by meaning: the live entry point already holds the proposed configuration." />
    </div>
  );
}
