// A failed frame's output is its revert data, not return values: it is never decoded as outputs.
import { describe, expect, it } from "vitest";
import { encodeErrorResult, encodeFunctionData, encodeFunctionResult, parseAbi } from "viem";
import { decodeTraces } from "@/lib/decode/decode-traces";
import type { Trace } from "@/lib/gateway/trace";
import { callTrace } from "./call-trace";
import { sources } from "./recorded";

const VAULT = "0x9fe46736679d2d9a65f0992f2272de9f3c7fa6e0";
const abi = parseAbi(["function balanceOf(address account) view returns (uint256)", "error Error(string)"]);
const input = encodeFunctionData({ abi, functionName: "balanceOf", args: ["0x70997970c51812dc3a010c7d01b50e0d17dc79c8"] });

function call(output: `0x${string}`, error?: string): Trace {
  return callTrace({ from: "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266", to: VAULT, input, output, error });
}

describe("outputs of a failed frame", () => {
  it("are not decoded from its revert data", async () => {
    const revert = encodeErrorResult({ abi, errorName: "Error", args: ["not allowed"] });
    const [decoded] = await decodeTraces([call(revert, "Reverted")], sources({ [VAULT]: abi as unknown as unknown[] }));
    expect(decoded?.source).toBe("abi");
    expect(decoded?.candidates[0]?.outputs).toBeUndefined();
  });

  it("are decoded for a call that succeeded", async () => {
    const output = encodeFunctionResult({ abi, functionName: "balanceOf", result: 42n });
    const [decoded] = await decodeTraces([call(output)], sources({ [VAULT]: abi as unknown as unknown[] }));
    expect(decoded?.candidates[0]?.outputs).toEqual([{ name: "arg0", type: "uint256", value: "42" }]);
  });
});
