// What the page says about a transaction's value flow: an answer cut short by the subrequest budget
// (`complete: false`) is said to be unread or partly read, with how to go on, never "moved no value".
import type { DecodedTransaction } from "./read-transaction";

export interface ValueFlowNotice {
  /** Show the table and graph (there are rows to show). */
  showRows: boolean;
  /** Offer to read the transaction again (a new request starts with a fresh budget). */
  retry: boolean;
  message?: string;
}

export function valueFlowNotice(transaction: Pick<DecodedTransaction, "frames" | "valueFlow" | "complete">): ValueFlowNotice {
  if (!transaction.complete && transaction.frames.length === 0) {
    return {
      showRows: false,
      retry: true,
      message:
        "This transaction was not read: the request's subrequest budget ran out before its block's traces were read, " +
        "so its calls and value flow are unknown. Try again: a new request has a fresh budget.",
    };
  }
  if (!transaction.complete) {
    return {
      showRows: transaction.valueFlow.length > 0,
      retry: true,
      message:
        "This transaction was not fully read (the request's subrequest budget ran out): calls and value flow may be missing. " +
        "Try again for the whole transaction.",
    };
  }
  if (transaction.valueFlow.length === 0)
    return { showRows: false, retry: false, message: "This transaction moved no value (native or decoded token)." };
  return { showRows: true, retry: false };
}
