// Every review kind and its handler: planning, execution and the restart check dispatch from this one table.
import "server-only";
import { acceptBaseline } from "@/lib/reviews/kinds/accept-baseline";
import { acceptInvite } from "@/lib/reviews/kinds/accept-invite";
import type { ReviewKindHandler, ReviewKindTable } from "@/lib/reviews/kinds/kind";
import { migrationStep } from "@/lib/reviews/kinds/migration-step";
import { switchHostnameCa } from "@/lib/reviews/kinds/switch-hostname-ca";
import type { ReviewKind, ReviewTarget } from "@/lib/reviews/schema";

export const REVIEW_KIND_HANDLERS: ReviewKindTable = {
  start_validation: migrationStep,
  complete_migration: migrationStep,
  delete_uri_overrides: migrationStep,
  switch_hostname_ca: switchHostnameCa,
  accept_invite: acceptInvite,
  accept_baseline: acceptBaseline,
};

/** A kind's handler, widened: the table's type ties each kind to its own target, which a lookup by value cannot see. */
export function handlerOf(kind: ReviewKind): ReviewKindHandler<ReviewTarget["kind"]> {
  return REVIEW_KIND_HANDLERS[kind] as ReviewKindHandler<ReviewTarget["kind"]>;
}
