"use client";
// Upload an ABI for an address (the selected frame's callee by default): kept in the bucket for the whole
// team, then the transaction is decoded again, its frames now "from your ABI".
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { fetchJson } from "@/lib/client/fetch-json";

export function AbiUpload({ address: initial, onUploaded }: { address?: string; onUploaded: () => void }) {
  const [address, setAddress] = useState(initial ?? "");
  const [abi, setAbi] = useState("");
  const client = useQueryClient();
  const upload = useMutation({
    mutationFn: () =>
      fetchJson<{ address: string; functions: number }>("/api/abis", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ address: address.trim(), abi }),
      }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ["transaction"] });
      onUploaded();
    },
  });
  return (
    <form
      aria-label="Upload an ABI"
      className="flex flex-col gap-2 text-sm"
      onSubmit={(event) => {
        event.preventDefault();
        upload.mutate();
      }}
    >
      <label className="flex flex-col gap-1">
        Contract address
        <input
          className="rounded border border-slate-300 px-2 py-1 font-mono"
          value={address}
          onChange={(e) => setAddress(e.target.value)}
        />
      </label>
      <label className="flex flex-col gap-1">
        ABI (JSON, as the compiler writes it)
        <textarea
          className="h-24 rounded border border-slate-300 px-2 py-1 font-mono text-xs"
          value={abi}
          onChange={(e) => setAbi(e.target.value)}
        />
      </label>
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={upload.isPending || !address || !abi}>
          Upload ABI
        </Button>
        {upload.isSuccess && (
          <span role="status">
            Stored for {upload.data.address}: {upload.data.functions} functions, shared with your team.
          </span>
        )}
        {upload.error && (
          <span role="alert" className="text-red-800">
            {upload.error.message}
          </span>
        )}
      </div>
    </form>
  );
}
