// A firewall event as read from GraphQL, checked with zod on the server; the browser needs only its type.
import { z } from "zod";

export const firewallEventSchema = z.object({
  rayName: z.string(),
  datetime: z.string(),
  source: z.string(),
  action: z.string(),
  ruleId: z.string(),
  clientRequestHTTPHost: z.string(),
  clientRequestPath: z.string(),
  clientIP: z.string(),
  clientCountryName: z.string(),
  userAgent: z.string(),
  /** Absent, null or not positive (no schema documents it on raw rows): the hour's `avg.sampleInterval` stands in. */
  sampleInterval: z.number().nullish(),
});
export type FirewallEvent = z.infer<typeof firewallEventSchema>;
