"use client";
// From the certificates switch panel: one review per zone (a review's calls stay within one zone).
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { isSwitchable, type SwitchTarget } from "@/lib/certificates/hostname-switch";
import type { CertificateRow } from "@/lib/certificates/types";
import { withAccount } from "@/lib/accounts/account-filter";
import { fetchJson } from "@/lib/client/fetch-json";
import type { Review } from "@/lib/reviews/schema";
import { Button } from "@/components/ui/button";

export function CreateSwitchReviews({ selected, target }: { selected: readonly CertificateRow[]; target: SwitchTarget }) {
  const router = useRouter();
  const byZone = new Map<string, string[]>();
  const accountOf = new Map<string, string | undefined>();
  for (const row of selected.filter(isSwitchable)) {
    byZone.set(row.zoneId, [...(byZone.get(row.zoneId) ?? []), row.id]);
    accountOf.set(row.zoneId, row.account?.id);
  }
  const create = useMutation({
    mutationFn: () =>
      Promise.all(
        [...byZone].map(([zoneId, hostnameIds]) =>
          // Each review binds to its zone's account.
          fetchJson<Review>(withAccount("/api/reviews", accountOf.get(zoneId)), {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ kind: "switch_hostname_ca", zoneId, hostnameIds, certificateAuthority: target }),
          }),
        ),
      ),
    onSuccess: (reviews) =>
      router.push(reviews.length === 1 ? `/reviews/${reviews[0]!.id}` : "/reviews?kind=switch_hostname_ca&state=draft"),
  });
  return (
    <>
      <Button variant="primary" disabled={byZone.size === 0 || create.isPending} onClick={() => create.mutate()}>
        {create.isPending ? "Creating…" : `Create review${byZone.size > 1 ? `s (${byZone.size} zones)` : ""}`}
      </Button>
      {create.error && (
        <span role="alert" className="text-red-800">
          {create.error.message}
        </span>
      )}
    </>
  );
}
