// The dashboard's sections, in the order of the work: plan, compare, audit, explore, review, watch.
export const SECTIONS = [
  { href: "/zones", label: "Zones" },
  { href: "/mapping", label: "Mapping" },
  { href: "/validation", label: "Validation" },
  { href: "/certificates", label: "Certificates" },
  { href: "/traces", label: "Traces" },
  { href: "/reviews", label: "Reviews" },
  { href: "/changes", label: "Changes" },
  { href: "/settings", label: "Settings" },
] as const;
