"use client";
// Beside the call tree: the decoded transaction's value flow, the selected frame's every candidate, the
// tree as copyable text, and the ABI upload that turns guessed frames into "from your ABI".
import { useState } from "react";
import { ErrorState, LoadingState } from "@/components/data-table/states";
import { Button } from "@/components/ui/button";
import type { DecodedTransaction } from "@/lib/decode/read-transaction";
import { treeText } from "@/lib/decode/tree-text";
import { valueFlowNotice } from "@/lib/decode/value-flow-notice";
import { AbiUpload } from "./abi-upload";
import { DecodedDetail } from "./decoded-call";
import { ValueFlowView } from "./value-flow";

interface Props {
  transaction?: DecodedTransaction;
  error: Error | null;
  loading: boolean;
  selectedFrame?: string;
  /** Reads the transaction again (a new request, with a fresh subrequest budget). */
  onRetry?: () => void;
}

export function TransactionPanel({ transaction, error, loading, selectedFrame, onRetry }: Props) {
  const [copied, setCopied] = useState(false);
  if (error) return <ErrorState title="The transaction could not be decoded" message={error.message} />;
  if (loading || !transaction) return <LoadingState label="Decoding the transaction…" />;
  const frame = transaction.frames.find((f) => f.traceAddress.join(".") === (selectedFrame ?? ""));
  const text = treeText(transaction.frames);
  const notice = valueFlowNotice(transaction);
  return (
    <section aria-label="Decoded transaction" className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4">
      <div>
        <h2 className="text-sm font-semibold">Value flow</h2>
        <p className="mb-2 text-xs text-slate-600">
          Native value each call moved (a reverted call&apos;s did not move), and token transfers where a call decoded as one.
        </p>
        {notice.message && (
          <p
            role={notice.retry ? "alert" : undefined}
            data-testid="value-flow-notice"
            className={`mb-2 text-sm ${notice.retry ? "text-amber-800" : "text-slate-600"}`}
          >
            {notice.message}{" "}
            {notice.retry && onRetry && (
              <Button size="sm" onClick={onRetry}>
                Read it again
              </Button>
            )}
          </p>
        )}
        {notice.showRows && <ValueFlowView rows={transaction.valueFlow} />}
      </div>
      {frame && (
        <div data-testid="frame-detail">
          <h2 className="text-sm font-semibold">
            Call [{frame.traceAddress.join(".")}] {frame.type} to <span className="font-mono">{frame.to}</span>
          </h2>
          {frame.decoded ? (
            <DecodedDetail decoded={frame.decoded} />
          ) : (
            <p className="text-sm text-slate-600">Nothing to decode: no selector.</p>
          )}
        </div>
      )}
      <details>
        <summary className="cursor-pointer text-sm font-semibold">The tree as text</summary>
        <pre className="mt-2 max-h-64 overflow-auto rounded bg-slate-50 p-2 text-xs" data-testid="tree-text">
          {text}
        </pre>
        <Button
          size="sm"
          onClick={() =>
            void navigator.clipboard?.writeText(text).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? "Copied" : "Copy the tree"}
        </Button>
      </details>
      <div>
        <h2 className="text-sm font-semibold">Upload an ABI</h2>
        <p className="mb-2 text-xs text-slate-600">
          Calls to the address (or through a proxy to it) then decode from your ABI, for everyone on your team. Nothing leaves Preflight.
        </p>
        <AbiUpload key={frame?.to ?? ""} address={frame?.to ?? undefined} onUploaded={() => undefined} />
      </div>
    </section>
  );
}
