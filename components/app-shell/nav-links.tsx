"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { SECTIONS } from "@/components/app-shell/sections";

export function NavLinks() {
  const pathname = usePathname();
  return (
    <ul className="flex flex-col gap-1">
      {SECTIONS.map(({ href, label }) => {
        const current = pathname === href || pathname.startsWith(`${href}/`);
        return (
          <li key={href}>
            <Link
              href={href}
              aria-current={current ? "page" : undefined}
              className={`block rounded px-3 py-2 text-sm ${
                current ? "bg-blue-100 font-semibold text-blue-900" : "text-slate-700 hover:bg-slate-100"
              }`}
            >
              {label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
