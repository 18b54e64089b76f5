"use client";
// Settings → the token user's pending invitations; accepting one goes through a review.
import { useMutation, useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { ErrorState, LoadingState } from "@/components/data-table/states";
import { Section } from "@/components/ui/section";
import { fetchJson } from "@/lib/client/fetch-json";
import type { Review } from "@/lib/reviews/schema";
import { Button } from "@/components/ui/button";
import { OperationErrorText } from "@/components/ui/operation-error";

interface Invite {
  id: string;
  organization_name?: string;
  organization_id: string;
  invited_by?: string;
  expires_on?: string;
  status?: string;
  /** The role names, read from either shape of `roles` by the server. */
  roleNames: string[];
}

export function Invitations() {
  const router = useRouter();
  const query = useQuery({ queryKey: ["invites"], queryFn: ({ signal }) => fetchJson<{ invites: Invite[] }>("/api/invites", { signal }) });
  const accept = useMutation({
    mutationFn: (inviteId: string) =>
      fetchJson<Review>("/api/reviews", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ kind: "accept_invite", inviteId }),
      }),
    onSuccess: (review) => router.push(`/reviews/${review.id}`),
  });
  return (
    <Section title="Invitations">
      {query.isPending ? (
        <LoadingState label="Reading the invitations…" />
      ) : query.error ? (
        <ErrorState title="The invitations could not be read" message={query.error.message} onRetry={() => void query.refetch()} />
      ) : (
        <ul className="flex flex-col gap-2" data-testid="invitations">
          {query.data.invites.length === 0 && <li className="text-slate-600">No invitations for the token&apos;s user.</li>}
          {query.data.invites.map((invite, index) => (
            <li key={invite.id ?? `no-id-${index}`} className="flex flex-wrap items-center gap-3">
              <span className="font-medium">{invite.organization_name ?? invite.organization_id}</span>
              <span className="text-slate-600">
                {invite.roleNames.join(", ") || "no roles listed"} · from {invite.invited_by ?? "—"} · {invite.status ?? "status unknown"}
              </span>
              {invite.status === "pending" && !invite.id && (
                <span className="text-amber-800">The platform gave no id: accept it in the dashboard.</span>
              )}
              {invite.status === "pending" && invite.id && (
                <Button size="sm" disabled={accept.isPending} onClick={() => accept.mutate(invite.id!)}>
                  Create review to accept
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {accept.error && <OperationErrorText error={accept.error} />}
    </Section>
  );
}
