// "Create review" entry points for one zone's migration steps; the server checks each one again.
import Link from "next/link";
import type { MigrationDetail } from "@/lib/migration/zone-assessment";
import { isUnknown } from "@/lib/migration/unknown-parts";
import { buttonClass } from "@/components/ui/button";
import { withAccount } from "@/lib/accounts/account-filter";

export function CreateReviewLinks({ zone }: { zone: MigrationDetail }) {
  // The review binds to the zone's account: the link carries it.
  const href = (kind: string) => withAccount(`/reviews?create=${kind}&zoneId=${encodeURIComponent(zone.id)}`, zone.account?.id);
  // An unreadable status is not "previous": no step is offered until it can be read (the server refuses too),
  // whatever the verdict says (a retired zone's status can be unreadable as well).
  const statusKnown = zone.verdict !== "unknown" && !isUnknown(zone, "status");
  const previous = statusKnown && zone.procedure.some((s) => s.title === "Check compatibility" && s.status === "next");
  const links = [
    previous &&
      (zone.uriOverrides?.length ?? 0) > 0 && { kind: "delete_uri_overrides", label: "Create review: delete URI-based overrides" },
    previous && zone.validationAvailable && { kind: "start_validation", label: "Create review: start validation mode" },
    statusKnown &&
      zone.verdict !== "migrated" &&
      zone.verdict !== "failed" && { kind: "complete_migration", label: "Create review: complete the migration" },
  ].filter((link): link is { kind: string; label: string } => !!link);
  if (links.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {links.map((link) => (
        <Link key={link.kind} href={href(link.kind)} className={buttonClass({ variant: "primary" })}>
          {link.label}
        </Link>
      ))}
    </div>
  );
}
