// How far a refresh run's drift phase got, kept in the run's state (lib/snapshots/schema.ts): no I/O here.
import { z } from "zod";

export const driftProgressSchema = z.object({
  /** The baselines listing page being worked through (absent: the first). */
  cursor: z.string().optional(),
  /** The last baseline key checked on that page. */
  after: z.string().optional(),
  checked: z.number().int().min(0),
  drifted: z.number().int().min(0),
  failed: z.number().int().min(0),
  done: z.boolean(),
});
export type DriftProgress = z.infer<typeof driftProgressSchema>;

export const newDriftProgress = (): DriftProgress => ({ checked: 0, drifted: 0, failed: 0, done: false });
