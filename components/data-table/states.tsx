// Loading, progress and error states shared by every table.
import { Button } from "@/components/ui/button";

export function LoadingState({ label }: { label: string }) {
  return (
    <div role="status" className="animate-pulse rounded-lg border border-slate-200 bg-white p-8 text-slate-600">
      {label}
    </div>
  );
}

export function ProgressBar({ label, done, total }: { label: string; done: number; total?: number }) {
  const remaining = total === undefined ? undefined : Math.max(0, total - done);
  return (
    <div className="flex items-center gap-3 text-sm text-slate-600">
      <progress
        aria-label={label}
        value={done}
        max={total ?? undefined}
        className="h-2 w-64 overflow-hidden rounded [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-blue-600"
      />
      <span>
        {done} loaded{remaining === undefined ? "" : `, ${remaining} remaining`}
      </span>
    </div>
  );
}

export function ErrorState({ title, message, onRetry }: { title: string; message: string; onRetry?: () => void }) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6 text-red-900">
      <p className="font-semibold">{title}</p>
      <p className="mt-1 text-sm">{message}</p>
      {onRetry && (
        <Button variant="danger" className="mt-3" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}
