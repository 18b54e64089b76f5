"use client";
// Demo mode only: who the browser acts as. The choice is a cookie the server reads on every call.
import { useRouter } from "next/navigation";
import { useQueryClient } from "@tanstack/react-query";
import { DEMO_USER_COOKIE, DEMO_USERS } from "@/lib/identity/demo-users";

export function DemoUserSwitcher({ current }: { current: string }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  return (
    <label className="ml-auto flex items-center gap-2 text-xs text-slate-700">
      Acting as (demo)
      <select
        aria-label="Demo user"
        value={current}
        onChange={(event) => {
          document.cookie = `${DEMO_USER_COOKIE}=${encodeURIComponent(event.target.value)}; path=/; SameSite=Strict`;
          void queryClient.invalidateQueries();
          router.refresh();
        }}
        className="rounded border border-slate-300 bg-white px-2 py-1"
      >
        {DEMO_USERS.map((user) => (
          <option key={user.name} value={user.name}>
            {user.name} ({user.role})
          </option>
        ))}
      </select>
    </label>
  );
}
