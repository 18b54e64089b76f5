// "What the migration changes" on the zone page: the diff by meaning from the zone's live
// http_request_firewall_managed entry point to the configuration the migration PUT sends. Pure.
import { describeEntrypoint, type FrozenEntrypoint } from "@/lib/rulesets/entrypoint-words";
import type { Ruleset } from "@/lib/rulesets/ruleset";
import { diffRulesets, type RulesetDiff } from "@/lib/rulesets/diff";
import { rulesetOfEntrypoint } from "@/lib/rulesets/entrypoint-ruleset";
import type { MigrationDetail } from "@/lib/migration/zone-assessment";

export type MigrationChanges =
  | {
      state: "read";
      /** "entry point version 3 (2 rules, …)" or "no entry point (the PUT creates it)". */ entrypoint: string;
      diff: RulesetDiff;
    }
  /** The entry point could not be read now: the diff is not guessed against nothing. */
  | { state: "unreadable"; reason: string };

export function migrationChanges(entrypoint: FrozenEntrypoint | null, config: Ruleset): MigrationChanges {
  return { state: "read", entrypoint: describeEntrypoint(entrypoint), diff: diffRulesets(rulesetOfEntrypoint(entrypoint), config) };
}

/** The zone detail operation's answer: the assessment and what the migration changes. */
export type ZoneMigrationDetail = MigrationDetail & {
  /** null when there is no proposed configuration (migrated or failed zones). */
  migrationChanges: MigrationChanges | null;
};
