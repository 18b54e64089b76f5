// A zone's migration assessment as the operations answer it: the row of the account overview and
// the zone detail. Pure: zone, evidence (or the failure) in; JSON out.
import { assessEligibility, failedEligibility, type Eligibility } from "@/lib/migration/eligibility";
import { migrationPhase, type DeferredPart, type ZoneEvidence } from "@/lib/migration/evidence";
import { migrationProcedure } from "@/lib/migration/procedure";
import { describeConfig, migratedRules } from "@/lib/migration/proposed-config";
import { deployedOwasp } from "@/lib/rulesets/owasp-settings";
import { PARANOIA_EXPLANATION } from "@/lib/migration/sensitivity-mapping";
import { lostOverrides, zoneMapping, type ZoneMapping } from "@/lib/migration/zone-mapping";
import type { ZoneRow } from "@/lib/platform/zones";

/** One zone's scan: its evidence, or why it could not be read, and when. */
export interface ZoneScan {
  zone: ZoneRow;
  evidence?: ZoneEvidence;
  error?: string;
  fetchedAt: string;
  /** Evidence the account scan did not read (its row cannot show it): the zone detail reads it before showing the zone. */
  deferred?: DeferredPart[];
}

export type MigrationRow = ZoneRow &
  Eligibility &
  ZoneMapping & {
    /** How many group and rule overrides the update would leave behind; null when that cannot be known. */
    lostOverrides: number | null;
    /**
     * What cannot be known for this zone (`status`, or the previous version's `packages`, `overrides`, `groups`, `rulesOff`):
     * shown as unknown, never as none.
     */
    unknown: string[];
    fetchedAt: string;
  };

export function migrationRow(scan: ZoneScan): MigrationRow {
  const { zone, evidence } = scan;
  const eligibility = evidence ? assessEligibility(zone.plan, evidence) : failedEligibility(scan.error ?? "The zone could not be read.");
  const lost = knownLostOverrides(evidence);
  const mapping = zoneMapping(evidence?.packages);
  // Packages the retired API could not list: the note says unknown, not "no core rule set".
  if (evidence?.previousApi?.unknown.includes("packages")) mapping.mappingNote = RETIRED_MAPPING_NOTE;
  // One literal, not spreads: a spread's object gets a shape of its own per call on Node 20, and the account's
  // 5,000 rows stay in memory (lib/certificates/zone-audit.ts). Every key is required here, so a field added to a
  // zone row, its eligibility or its mapping is a type error until it is listed, never silently dropped.
  const row: { [K in keyof Required<MigrationRow>]: MigrationRow[K] } = {
    id: zone.id,
    name: zone.name,
    plan: zone.plan,
    planName: zone.planName,
    status: zone.status,
    paused: zone.paused,
    type: zone.type,
    accountId: zone.accountId,
    accountName: zone.accountName,
    account: zone.account,
    createdOn: zone.createdOn,
    activatedOn: zone.activatedOn,
    unreadable: zone.unreadable,
    verdict: eligibility.verdict,
    eligible: eligibility.eligible,
    migrationState: eligibility.migrationState,
    validationAvailable: eligibility.validationAvailable,
    reasons: eligibility.reasons,
    sensitivity: mapping.sensitivity,
    oldAction: mapping.oldAction,
    sensitivityRow: mapping.sensitivityRow,
    paranoiaLevel: mapping.paranoiaLevel,
    scoreThreshold: mapping.scoreThreshold,
    newAction: mapping.newAction,
    mappingNote: mapping.mappingNote,
    lostOverrides: lost ? lost.length : null,
    unknown: unknownParts(evidence),
    fetchedAt: scan.fetchedAt,
  };
  return row;
}

const RETIRED_MAPPING_NOTE =
  "Unknown: the previous version's API is retired for this zone, so its core rule set's sensitivity and action cannot be read. " +
  "See what the proposed configuration deploys.";

/** The overrides left behind, or undefined when the zone failed or the previous API could not tell them. */
function knownLostOverrides(evidence: ZoneEvidence | undefined) {
  if (!evidence) return undefined;
  const unknown = evidence.previousApi?.unknown ?? [];
  if (unknown.includes("groups") || unknown.includes("rulesOff")) return undefined;
  return lostOverrides(evidence.groups, evidence.rulesOff);
}

function unknownParts(evidence: ZoneEvidence | undefined): string[] {
  if (!evidence) return ["status", "packages", "overrides", "groups", "rulesOff"];
  return [...(migrationPhase(evidence.status) === "unknown" ? ["status"] : []), ...(evidence.previousApi?.unknown ?? [])];
}

export function migrationDetail(scan: ZoneScan) {
  const { evidence } = scan;
  const config = evidence?.config;
  return {
    ...migrationRow(scan),
    check: evidence?.check ?? null,
    migrationStatus: evidence?.status ?? null,
    lostOverrideList: knownLostOverrides(evidence) ?? null,
    uriOverrides: evidence?.previousApi?.unknown.includes("overrides") ? null : (evidence?.overrides ?? []),
    previousApi: evidence?.previousApi ?? null,
    paranoiaExplanation: PARANOIA_EXPLANATION,
    proposedConfig: config
      ? { raw: config, rules: describeConfig(config), deploys: deployedOwasp(config) ?? null, migratedSettings: migratedRules(config) }
      : null,
    procedure: evidence ? migrationProcedure(scan.zone.id, scan.zone.plan, evidence) : [],
  };
}
export type MigrationDetail = ReturnType<typeof migrationDetail>;

/** The row as CSV cells: the same columns as the JSON, reasons joined into one cell. */
export function migrationCsvRow({ account, ...row }: MigrationRow) {
  // The account as Preflight names it, in the columns a spreadsheet already had for it.
  return {
    ...row,
    accountId: account.id,
    accountName: account.name,
    reasons: row.reasons.map((r) => `${r.code}: ${r.message}`).join(" | "),
    unknown: row.unknown.join(" "),
  };
}
