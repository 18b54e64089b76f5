// What an answer covers of each account it read (lib/accounts/account-answers.ts), in every listing's answer.
import { z } from "zod";
import type { AccountCoverage } from "@/lib/accounts/account-answers";
import type { SameKeys } from "@/lib/api/answers/shared";
import type { AccountsAnswer } from "@/lib/accounts/configured-accounts";

export const accountCoverageSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  complete: z.boolean(),
  rows: z.number().int(),
  retryAfterSeconds: z.number().optional(),
  error: z.string().optional(),
});
const _coverage: SameKeys<z.output<typeof accountCoverageSchema>, AccountCoverage> = true;

export const accountsSchema = z.strictObject({
  accounts: z.array(z.strictObject({ id: z.string(), name: z.string(), entry: z.string() })),
  unread: z.array(z.strictObject({ entry: z.string(), error: z.string() })),
});
const _accounts: SameKeys<z.output<typeof accountsSchema>, AccountsAnswer> = true;
