"use client";
// What a page's listing covers of each account, beside its totals: each account's count and the overall one, and
// while partial which accounts are not read yet and why. Absent for one account read as usual.
import type { AccountCoverage } from "@/lib/accounts/account-answers";
import { accountPartialLine, accountTotalsLine, showsAccountCoverage } from "@/lib/accounts/coverage-wording";

export function AccountCoverageLine({ accounts, noun, testId }: { accounts: readonly AccountCoverage[]; noun: string; testId: string }) {
  if (!showsAccountCoverage(accounts)) return null;
  const partial = accountPartialLine(accounts);
  return (
    <div className="text-sm" data-testid={testId}>
      <p className="text-slate-700" data-testid={`${testId}-totals`}>
        {accountTotalsLine(accounts, noun)}
      </p>
      {partial && (
        <p role="status" className="font-medium text-amber-800" data-testid={`${testId}-partial`}>
          {partial}
        </p>
      )}
    </div>
  );
}
