// A row's account as Preflight names it, with its id on hover and in `data-account-id` (for a spreadsheet, the
// platform's dashboard, or a test); "—" for a row of a snapshot published before rows named their account.
import type { RowAccount } from "@/lib/accounts/row-account";

export function AccountName({ account }: { account: RowAccount | undefined }) {
  if (!account) return <span className="text-slate-400">—</span>;
  return (
    <span title={account.id ? `Account id ${account.id}` : undefined} data-account-id={account.id}>
      {account.name}
    </span>
  );
}
