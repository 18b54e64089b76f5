import Link from "next/link";
import { NuqsAdapter } from "nuqs/adapters/next/app";
import type { ReactNode } from "react";
import { ConnectionSummary } from "@/components/app-shell/connection-summary";
import { CurrentUser } from "@/components/app-shell/current-user";
import { NavLinks } from "@/components/app-shell/nav-links";

// The shell reads the configuration on each request, so it is never prerendered with build-time values.
export const dynamic = "force-dynamic";

export default function DashboardLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:bg-white focus:p-2">
        Skip to content
      </a>
      <nav aria-label="Sections" className="w-52 shrink-0 border-r border-slate-200 bg-white p-4">
        <Link href="/zones" className="mb-6 block text-lg font-bold tracking-tight text-slate-900">
          Preflight
        </Link>
        <NavLinks />
      </nav>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex items-center gap-4 border-b border-slate-200 bg-white px-6 py-3">
          <ConnectionSummary />
          <CurrentUser />
        </header>
        <main id="main" className="min-w-0 flex-1 p-6">
          {/* Pages keep their view (filters, sort, the row opened) in the URL through nuqs. */}
          <NuqsAdapter>{children}</NuqsAdapter>
        </main>
      </div>
    </div>
  );
}
