// Review kinds and states without zod, so the browser's lists and filters do not load the schemas.
export const REVIEW_KINDS = [
  "start_validation",
  "complete_migration",
  "delete_uri_overrides",
  "switch_hostname_ca",
  "accept_invite",
  "accept_baseline",
] as const;
export type ReviewKind = (typeof REVIEW_KINDS)[number];
export const REVIEW_STATES = ["draft", "submitted", "approved", "rejected", "executing", "executed", "failed"] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];
