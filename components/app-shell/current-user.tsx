// Who this browser is, shown in the shell: the switcher in demo mode, the signed-in e-mail otherwise.
import "server-only";
import { DemoUserSwitcher } from "@/components/app-shell/demo-user-switcher";
import { getConfig } from "@/lib/config";
import { pageIdentity } from "@/lib/identity/page-identity";

export async function CurrentUser() {
  const config = getConfig().identity;
  const identity = await pageIdentity();
  if (config.kind === "demo") return <DemoUserSwitcher current={identity?.id ?? "planner"} />;
  return (
    <span className="ml-auto text-xs text-slate-700" data-testid="current-user">
      {identity ? `${identity.id} (${identity.role})` : "Not signed in"}
    </span>
  );
}
