"use client";
// The review's discussion: anyone with access can comment; comments are never edited.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Section } from "@/components/ui/section";
import { fetchJson } from "@/lib/client/fetch-json";
import type { ReviewComment } from "@/lib/reviews/schema";
import { formatDateTime } from "@/lib/client/format";
import { Button } from "@/components/ui/button";
import { OperationErrorText } from "@/components/ui/operation-error";

export function ReviewComments({ id, comments }: { id: string; comments: ReviewComment[] }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState("");
  const add = useMutation({
    mutationFn: () =>
      fetchJson(`/api/reviews/${encodeURIComponent(id)}/comments`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ text }),
      }),
    onSuccess: () => {
      setText("");
      void queryClient.invalidateQueries({ queryKey: ["review", id] });
    },
  });
  return (
    <Section title="Comments">
      {comments.length === 0 ? (
        <p className="text-slate-600">No comments yet.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {comments.map((c, i) => (
            <li key={i}>
              <strong>{c.author}</strong> <span className="text-xs text-slate-500">{formatDateTime(c.at)}</span>
              <p>{c.text}</p>
            </li>
          ))}
        </ul>
      )}
      <form
        className="mt-2 flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          add.mutate();
        }}
      >
        <input
          aria-label="New comment"
          value={text}
          onChange={(e) => setText(e.target.value)}
          className="flex-1 rounded border border-slate-300 px-2 py-1"
        />
        <Button type="submit" disabled={!text.trim() || add.isPending}>
          Comment
        </Button>
      </form>
      {add.error && <OperationErrorText error={add.error} />}
    </Section>
  );
}
