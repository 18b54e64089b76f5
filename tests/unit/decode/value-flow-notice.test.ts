// What the panel says above the value flow: an unread (or partly read) transaction never reads as "moved no value".
import { describe, expect, it } from "vitest";
import { valueFlowNotice } from "@/lib/decode/value-flow-notice";

const base = { hash: `0x${"ab".repeat(32)}`, blockNumber: 7, blockHash: `0x${"cd".repeat(32)}` };
const row = { from: "0x1", to: "0x2", value: "1", reverted: false, asset: "native", frames: [""] };
const frame = { traceAddress: [], type: "call", from: "0x1", to: "0x2", value: "1", decoded: null, reverted: false };

describe("valueFlowNotice", () => {
  it("says a transaction not read at all was not read, and how to go on: no empty value flow", () => {
    const notice = valueFlowNotice({ ...base, frames: [], valueFlow: [], complete: false });
    expect(notice.showRows).toBe(false);
    expect(notice.retry).toBe(true);
    expect(notice.message).toMatch(/not read/);
    expect(notice.message).toMatch(/try again/i);
    expect(notice.message).not.toMatch(/moved no value/);
  });

  it("says a partly read transaction's rows may be missing some", () => {
    const notice = valueFlowNotice({ ...base, frames: [frame], valueFlow: [row], complete: false });
    expect(notice).toMatchObject({ showRows: true, retry: true });
    expect(notice.message).toMatch(/not fully read/);
  });

  it("says a fully read transaction with no rows moved no value", () => {
    expect(valueFlowNotice({ ...base, frames: [frame], valueFlow: [], complete: true })).toEqual({
      showRows: false,
      retry: false,
      message: "This transaction moved no value (native or decoded token).",
    });
    expect(valueFlowNotice({ ...base, frames: [frame], valueFlow: [row], complete: true })).toEqual({ showRows: true, retry: false });
  });
});
