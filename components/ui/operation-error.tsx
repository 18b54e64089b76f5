// A failed operation's line: the server's message, and what to do about it (lib/client/error-hint.ts).
import { errorHint } from "@/lib/client/error-hint";
import { OperationError } from "@/lib/client/fetch-json";

export function OperationErrorText({ error, className = "" }: { error: Error; className?: string }) {
  const hint = error instanceof OperationError ? errorHint(error) : undefined;
  return (
    <p role="alert" className={`text-red-800 ${className}`}>
      {error.message}
      {hint && <span className="ml-1 font-medium">{hint}</span>}
    </p>
  );
}
