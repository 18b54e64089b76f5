// A firewall event as read from GraphQL, checked with zod on the server; the browser needs only its type.
import { z } from "zod";

/** The row as the dataset answers it: the fields query-fields.ts selects (the shown ones may be left out). */
export const firewallEventSchema = z.object({
  rayName: z.string(),
  datetime: z.string(),
  source: z.string(),
  action: z.string(),
  ruleId: z.string(),
  clientRequestHTTPHost: z.string().optional(),
  clientRequestPath: z.string().optional(),
  clientIP: z.string().optional(),
  clientCountryName: z.string().optional(),
  userAgent: z.string().optional(),
});
export type FirewallEventRow = z.infer<typeof firewallEventSchema>;

/** A row with its hour's `avg.sampleInterval` from the groups (raw rows carry none); null: unknown. */
export type FirewallEvent = FirewallEventRow & { sampleInterval: number | null };
