"use client";
// Demo mode only: who the browser acts as. The server sets the choice as an HttpOnly cookie.
import { useState } from "react";
import { useRouter } from "next/navigation";
import { useQueryClient } from "@tanstack/react-query";
import { fetchJson } from "@/lib/client/fetch-json";
import { DEMO_USERS } from "@/lib/identity/demo-users";

export function DemoUserSwitcher({ current }: { current: string }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState(current);
  const [error, setError] = useState<string>();
  return (
    <label className="ml-auto flex items-center gap-2 text-xs text-slate-700">
      Acting as (demo)
      <select
        aria-label="Demo user"
        value={chosen}
        onChange={async (event) => {
          const user = event.target.value;
          try {
            await fetchJson("/api/session/demo-user", {
              method: "POST",
              headers: { "Content-Type": "application/json" },
              body: JSON.stringify({ user }),
            });
            // Shown only once the server holds the choice, so nothing acts as the new user too early.
            setChosen(user);
            setError(undefined);
            void queryClient.invalidateQueries();
            router.refresh();
          } catch (failure) {
            setError(failure instanceof Error ? failure.message : String(failure));
          }
        }}
        className="rounded border border-slate-300 bg-white px-2 py-1"
      >
        {DEMO_USERS.map((user) => (
          <option key={user.name} value={user.name}>
            {user.name} ({user.role})
          </option>
        ))}
      </select>
      {error && (
        <span role="alert" className="text-red-700">
          {error}
        </span>
      )}
    </label>
  );
}
