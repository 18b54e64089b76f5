// The pictures `npm run docs:screenshots` takes, one per page and key state. tests/unit/docs/ checks that each
// is shown by a docs page, that every section of the dashboard has one, and that every picture the docs show exists.
export const IMAGES_DIR = "docs/images";

export const SCREENSHOTS = [
  { file: "zones.png", route: "/zones", shows: "every zone of the account with its migration verdict" },
  {
    file: "zones-accounts.png",
    route: "/zones",
    shows: "three accounts side by side: each zone's account, totals and snapshot per account",
  },
  { file: "zone-detail.png", route: "/zones/[id]", shows: "a blocked zone: verdict, reasons and next steps, the mapping" },
  { file: "zone-procedure.png", route: "/zones/[id]", shows: "the proposed configuration and the migration procedure's calls" },
  { file: "mapping.png", route: "/mapping", shows: "the sensitivity-to-paranoia-level mapping across the account" },
  { file: "ruleset-diff.png", route: "/zones/[id]", shows: "what the migration changes in the live entry point, in words" },
  { file: "terraform-zone.png", route: "/zones/[id]", shows: "one zone's Terraform export" },
  { file: "terraform-account.png", route: "/zones", shows: "the account's Terraform export, done" },
  { file: "validation.png", route: "/validation", shows: "a validation-mode zone: decision, action matrix, series" },
  { file: "validation-requests.png", route: "/validation", shows: "the drill-down filtered to requests only the new rules blocked" },
  { file: "certificates.png", route: "/certificates", shows: "the legacy-chain certificate audit of the account" },
  { file: "certificate-hostname.png", route: "/certificates", shows: "a custom hostname on the legacy chain: rule, CAA, CA switch" },
  { file: "certificate-impact.png", route: "/certificates", shows: "which clients still reach an affected certificate's hosts" },
  { file: "chain-inspector.png", route: "/certificates", shows: "the chain inspector on a bundle with the cross-signed root" },
  { file: "traces.png", route: "/traces", shows: "trace_filter results over the whole chain" },
  { file: "trace-call-tree.png", route: "/traces", shows: "the call tree of a nested transaction with reverted calls" },
  { file: "trace-decoding.png", route: "/traces", shows: "a decoded transaction: named calls with their source, the value flow" },
  { file: "reviews.png", route: "/reviews", shows: "the reviews list" },
  { file: "review-packet.png", route: "/reviews/[id]", shows: "an approved migration review: evidence, diff and planned calls" },
  { file: "review-executed.png", route: "/reviews/[id]", shows: "an executed review's calls and audit log" },
  { file: "zones-drift.png", route: "/zones", shows: "a migrated zone flagged for drift on the Zones page" },
  { file: "zone-drift.png", route: "/zones/[id]", shows: "a zone's drift since its review, with the review to accept it" },
  { file: "changes.png", route: "/changes", shows: "the changes feed with a drift change opened" },
  { file: "settings.png", route: "/settings", shows: "the connection, limits and recent requests" },
] as const;

export type ScreenshotFile = (typeof SCREENSHOTS)[number]["file"];
