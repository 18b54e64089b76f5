"use client";
// A "Create review" link from the Zones or Validation page lands here: confirm, then the draft opens.
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { KIND_LABELS } from "@/components/reviews/labels";
import { withAccount } from "@/lib/accounts/account-filter";
import { fetchJson } from "@/lib/client/fetch-json";
import type { Review, ReviewTarget } from "@/lib/reviews/schema";
import { Button } from "@/components/ui/button";
import { OperationErrorText } from "@/components/ui/operation-error";

/** `account`: the zone's account id (from the link that opened the panel): the review binds to it. */
export function CreateReviewPanel({ target, account, onCancel }: { target: ReviewTarget; account?: string | null; onCancel: () => void }) {
  const router = useRouter();
  const create = useMutation({
    mutationFn: () =>
      fetchJson<Review>(withAccount("/api/reviews", account), {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(target),
      }),
    onSuccess: (review) => router.push(`/reviews/${review.id}`),
  });
  return (
    <section aria-label="New review" className="mb-4 rounded-lg border border-blue-200 bg-blue-50 p-4 text-sm">
      <p className="font-semibold">New review: {KIND_LABELS[target.kind]}</p>
      <p className="mt-1 text-slate-700">
        Preflight reads the current evidence and freezes it with the exact calls. Nothing is sent until a second person approves and someone
        executes it.
      </p>
      {"zoneId" in target && (
        <p className="mt-1 font-mono text-xs">
          zone {target.zoneId}
          {account ? ` · account ${account}` : ""}
        </p>
      )}
      {create.error && <OperationErrorText error={create.error} className="mt-2" />}
      <div className="mt-3 flex gap-2">
        <Button variant="primary" disabled={create.isPending} onClick={() => create.mutate()}>
          {create.isPending ? "Reading the evidence…" : "Create review"}
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
    </section>
  );
}
