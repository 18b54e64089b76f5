// Which frames move what: only ERC-20/721/1155 transfer signatures add token rows; a CALLCODE's value stays with its caller.
import { describe, expect, it } from "vitest";
import { encodeFunctionData, parseAbi } from "viem";
import { decodeTraces } from "@/lib/decode/decode-traces";
import { valueFlow } from "@/lib/decode/value-flow";
import type { Trace } from "@/lib/gateway/trace";
import { callTrace } from "./call-trace";
import { sources } from "./recorded";

const SENDER = "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266";
const ROUTER = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";
const PERMIT2 = "0x000000000022d473030f116ddee9f6b43ac78ba3";
const TOKEN = "0x5fbdb2315678afecb367f032d93f642f64180aa3";
const ALICE = "0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc";
const BOB = "0x90f79bf6eb2c4f870365e785982e1f101e93b906";

function call(traceAddress: number[], from: string, to: string, input: string, extra: { callType?: string; value?: string } = {}): Trace {
  return callTrace({ traceAddress, from, to, input, ...extra });
}

describe("value flow rules", () => {
  it("counts a Permit2 transferFrom once: the token's own transferFrom beneath it, not Permit2 as an asset", async () => {
    const permit2 = parseAbi(["function transferFrom(address from, address to, uint160 amount, address token)"]);
    const erc20 = parseAbi(["function transferFrom(address from, address to, uint256 value)"]);
    const traces = [
      call([], SENDER, ROUTER, "0x12345678"),
      call([0], ROUTER, PERMIT2, encodeFunctionData({ abi: permit2, functionName: "transferFrom", args: [ALICE, BOB, 1000n, TOKEN] })),
      call([0, 0], PERMIT2, TOKEN, encodeFunctionData({ abi: erc20, functionName: "transferFrom", args: [ALICE, BOB, 1000n] })),
    ];
    const decoded = await decodeTraces(traces, sources({}, {}));
    expect(decoded[1]?.source).toBe("bundled");
    const flow = valueFlow(traces, decoded);
    expect(flow.map((row) => [row.asset, row.from, row.to, row.value, row.frames])).toEqual([[TOKEN, ALICE, BOB, "1000", ["0.0"]]]);
  });

  it("moves no value for a CALLCODE: it runs the callee's code in the caller's own account", () => {
    const traces = [
      call([], SENDER, ROUTER, "0x", { value: "0x5" }),
      call([0], ROUTER, TOKEN, "0x", { callType: "callcode", value: "0x3" }),
    ];
    expect(valueFlow(traces, [null, null]).map((row) => [row.from, row.to, row.value])).toEqual([[SENDER, ROUTER, "5"]]);
  });
});
