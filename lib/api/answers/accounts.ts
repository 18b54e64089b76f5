// What an answer covers of each account it read (lib/accounts/account-answers.ts), in every listing's answer.
import { z } from "zod";
import type { AccountCoverage } from "@/lib/accounts/account-answers";
import type { SameKeys } from "@/lib/api/answers/shared";

export const accountCoverageSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  complete: z.boolean(),
  rows: z.number().int(),
  retryAfterSeconds: z.number().optional(),
  error: z.string().optional(),
});
const _coverage: SameKeys<z.output<typeof accountCoverageSchema>, AccountCoverage> = true;
