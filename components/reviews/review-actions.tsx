"use client";
// Submit, approve, reject and execute, each behind a confirmation; an irreversible step asks for the zone name.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { fetchJson } from "@/lib/client/fetch-json";
import type { Review } from "@/lib/reviews/schema";
import { Button } from "@/components/ui/button";
import { OperationErrorText } from "@/components/ui/operation-error";

type Step = "submit" | "approve" | "reject" | "execute";
const LABELS: Record<Step, string> = { submit: "Submit for approval", approve: "Approve", reject: "Reject", execute: "Execute" };

export function ReviewActions({ review }: { review: Review }) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Step>();
  const [confirm, setConfirm] = useState("");
  const [comment, setComment] = useState("");
  const act = useMutation({
    mutationFn: (step: Step) =>
      fetchJson<Review>(`/api/reviews/${review.id}/${step}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(step === "execute" ? { confirm: confirm || undefined } : { comment: comment || undefined }),
      }),
    onSettled: () => {
      setPending(undefined);
      void queryClient.invalidateQueries({ queryKey: ["review", review.id] });
    },
  });
  const steps: Step[] =
    review.state === "draft"
      ? ["submit"]
      : review.state === "submitted"
        ? ["approve", "reject"]
        : review.state === "approved" || review.state === "failed"
          ? ["execute"]
          : [];
  if (steps.length === 0 && !act.error) return null;
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4 text-sm">
      <div className="flex flex-wrap gap-2">
        {steps.map((step) => (
          <Button
            key={step}
            variant={step === "reject" ? "danger" : "primary"}
            className="font-semibold"
            onClick={() => {
              act.reset();
              setPending(step);
            }}
          >
            {LABELS[step]}
          </Button>
        ))}
      </div>
      {pending && (
        <form
          aria-label={`Confirm ${pending}`}
          onSubmit={(e) => {
            e.preventDefault();
            act.mutate(pending);
          }}
          className="flex flex-col gap-2 rounded border border-amber-300 bg-amber-50 p-3"
        >
          {pending === "execute" ? (
            review.confirmText ? (
              <label className="flex flex-col gap-1">
                This step is irreversible. Type the zone name <strong className="font-mono">{review.confirmText}</strong> to confirm:
                <input
                  aria-label="Zone name"
                  autoFocus
                  value={confirm}
                  onChange={(e) => setConfirm(e.target.value)}
                  className="rounded border border-slate-300 px-2 py-1 font-mono"
                />
              </label>
            ) : (
              <p>Send the {review.calls.length} call(s) below to the account now?</p>
            )
          ) : (
            <label className="flex flex-col gap-1">
              Comment (optional)
              <textarea
                aria-label="Comment"
                value={comment}
                onChange={(e) => setComment(e.target.value)}
                className="rounded border border-slate-300 px-2 py-1"
              />
            </label>
          )}
          <div className="flex gap-2">
            <Button
              type="submit"
              variant="warning"
              disabled={act.isPending || (pending === "execute" && !!review.confirmText && confirm !== review.confirmText)}
            >
              {act.isPending ? "Working…" : `Confirm: ${LABELS[pending]}`}
            </Button>
            <Button onClick={() => setPending(undefined)}>Cancel</Button>
          </div>
        </form>
      )}
      {act.error && <OperationErrorText error={act.error} />}
    </div>
  );
}
