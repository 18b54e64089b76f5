// A review as stored in the bucket, and the create request, as zod schemas: the bucket object is
// validated when read, the request when received. One schema serves the handler and the form.
import { z } from "zod";
import { UUID_EXPECTED, UUID_IDENTIFIER } from "@/lib/platform/paths";

import { REVIEW_KINDS, REVIEW_STATES, type ReviewKind, type ReviewState } from "./kind-names";

export { REVIEW_KINDS, REVIEW_STATES, type ReviewKind, type ReviewState } from "./kind-names";

const zoneId = z.string().regex(/^[0-9a-f]{32}$/, "must be 32 lowercase hexadecimal characters");

export const createReviewSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({ kind: z.enum(["start_validation", "complete_migration", "delete_uri_overrides"]), zoneId }),
    // The zone's drift from its baseline, accepted as the new baseline: no call to the account.
    z.object({ kind: z.literal("accept_baseline"), zoneId }),
    z.object({
      kind: z.literal("switch_hostname_ca"),
      zoneId,
      hostnameIds: z
        .array(z.string().regex(UUID_IDENTIFIER, `must be ${UUID_EXPECTED}`))
        .min(1, "select at least one custom hostname")
        .max(200),
      certificateAuthority: z.enum(["", "google", "ssl_com"], { message: 'must be "", "google" or "ssl_com"' }),
    }),
    z.object({
      kind: z.literal("accept_invite"),
      inviteId: z.string().regex(/^[0-9a-f]{32}$/, "must be 32 lowercase hexadecimal characters"),
    }),
  ],
  { error: `kind must be one of ${REVIEW_KINDS.join(", ")}` },
);
/** What a review is about; kept in the review so execution can read the same evidence again. */
export type ReviewTarget = z.infer<typeof createReviewSchema>;

export const plannedCallSchema = z.object({
  title: z.string(),
  method: z.enum(["GET", "POST", "PUT", "PATCH", "DELETE"]),
  path: z.string().startsWith("/"),
  query: z.record(z.string(), z.string()),
  body: z.unknown().optional(),
});
export type ReviewCall = z.infer<typeof plannedCallSchema>;

export const callResultSchema = z.object({
  // `unknown`: sent maybe, before a restart, and the read that would tell is refused or unplaceable (never resent unread).
  state: z.enum(["pending", "sending", "succeeded", "failed", "unknown"]),
  /** Set when a restart left the call's outcome unknown and a read of the account showed it had taken effect. */
  verified: z.boolean().optional(),
  status: z.number().optional(),
  /** The upstream answer (result or errors), kept for the audit. */
  response: z.unknown().optional(),
  at: z.string().optional(),
});
export type CallResult = z.infer<typeof callResultSchema>;

// Optional: a key added or removed since approval is `undefined` on one side, which JSON drops when stored.
export const differenceSchema = z.object({ path: z.string(), before: z.unknown().optional(), after: z.unknown().optional() });
export type Difference = z.infer<typeof differenceSchema>;

export const reviewSchema = z.object({
  id: z.uuid(),
  kind: z.enum(REVIEW_KINDS),
  title: z.string(),
  target: createReviewSchema,
  author: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Bumped by every write, so no two versions share content (the etag is a hash of the content). */
  revision: z.number().int().min(1),
  state: z.enum(REVIEW_STATES),
  evidence: z.unknown(),
  calls: z.array(plannedCallSchema),
  results: z.array(callResultSchema),
  /** Set for irreversible steps: the text the executor must type (the zone name). */
  confirmText: z.string().optional(),
  approvedBy: z.string().optional(),
  rejectedBy: z.string().optional(),
  executedBy: z.string().optional(),
  /** While executing: until when the executing request holds the review (renewed at every step). */
  leaseUntil: z.string().optional(),
  drift: z.object({ at: z.string(), differences: z.array(differenceSchema) }).optional(),
  /** The account the review changes (absent on reviews made before reviews named it: the first configured account's). */
  account: z.object({ id: z.string(), name: z.string() }).optional(),
  /** The configured entry whose credentials execute it (PREFLIGHT_ACCOUNTS' key), and no other's. */
  entry: z.string().optional(),
});
export type Review = z.infer<typeof reviewSchema>;

export const commentSchema = z.object({ at: z.string(), author: z.string(), text: z.string() });
export type ReviewComment = z.infer<typeof commentSchema>;

export const auditEntrySchema = z.object({
  at: z.string(),
  reviewId: z.string(),
  actor: z.string(),
  action: z.string(),
  from: z.enum(REVIEW_STATES).optional(),
  to: z.enum(REVIEW_STATES).optional(),
  /** For calls: which one and what the platform answered. */
  call: z
    .object({ index: z.number(), method: z.string(), path: z.string(), status: z.number().optional(), response: z.unknown() })
    .optional(),
  note: z.string().optional(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** The listing's view of a review, from the object's custom metadata (no body read). */
export interface ReviewSummary {
  id: string;
  kind: ReviewKind;
  state: ReviewState;
  author: string;
  title: string;
  createdAt: string;
  /** The review's account (absent: made before reviews named it). */
  account?: { id: string; name: string };
}
