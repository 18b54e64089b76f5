// Names derived from a zone: the resource's label in Terraform and the file it is saved as.
import { isIdentifier } from "@/lib/terraform/hcl-string";

/**
 * `example_com` for example.com: a zone name is letters, digits, hyphens and dots, so turning dots into
 * underscores keeps labels distinct. A name outside that (never on the platform, but read from it) falls
 * back to the zone id, which is unique; so does a name shared by two zones of the export (`duplicates`).
 */
export function resourceLabel(zone: { id: string; name: string }, duplicates?: ReadonlySet<string>): string {
  const name = zone.name.toLowerCase();
  if (!/^[a-z0-9.-]+$/.test(name) || duplicates?.has(name)) return `zone_${zone.id}`;
  const label = name.replace(/\./g, "_");
  return isIdentifier(label) ? label : `zone_${label}`;
}

/** Names given to more than one zone (the same name in two accounts): their labels take the zone id. */
export function duplicateNames(zones: ReadonlyArray<{ name: string }>): Set<string> {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const zone of zones) {
    const name = zone.name.toLowerCase();
    if (seen.has(name)) twice.add(name);
    seen.add(name);
  }
  return twice;
}

/** A file name safe in a Content-Disposition header and a zip: the label is already [A-Za-z0-9_-]. */
export function zoneFileName(label: string, config: string, syntax: string): string {
  return `${label}.${config}.${syntax}.tf`;
}
