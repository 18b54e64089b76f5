// A function's selector and signature, computed once per ABI item: the same as viem's for every bundled
// function and a tuple-taking one, null for an item viem cannot format, and only the input's selector decodes.
import { describe, expect, it } from "vitest";
import { parseAbiItem, toFunctionSelector, toFunctionSignature, type AbiFunction } from "viem";
import { BUNDLED_BY_SELECTOR } from "@/lib/decode/bundled-interfaces";
import { decodeCandidates } from "@/lib/decode/candidates";
import { functionIdentity } from "@/lib/decode/function-identity";

const permit = parseAbiItem(
  "function permitTransferFrom(((address token, uint256 amount) permitted, uint256 nonce, uint256 deadline) permit, address owner)",
) as AbiFunction;

describe("functionIdentity", () => {
  it("names each function as viem does", () => {
    const items = [...BUNDLED_BY_SELECTOR.values()].flat().map(({ item }) => item);
    for (const item of [...items, permit]) {
      expect(functionIdentity(item)).toEqual({ signature: toFunctionSignature(item), selector: toFunctionSelector(item) });
    }
  });

  it("is computed once per item", () => {
    expect(functionIdentity(permit)).toBe(functionIdentity(permit));
  });

  it("is null for an item viem cannot format", () => {
    const broken = { type: "function", name: "f", inputs: [null], outputs: [], stateMutability: "view" };
    expect(functionIdentity(broken as unknown as AbiFunction)).toBeNull();
  });
});

describe("decodeCandidates", () => {
  const transfer = parseAbiItem("function transfer(address to, uint256 value)") as AbiFunction;
  const approve = parseAbiItem("function approve(address spender, uint256 value)") as AbiFunction;
  const input = `0xa9059cbb${"70997970c51812dc3a010c7d01b50e0d17dc79c8".padStart(64, "0")}${(7).toString(16).padStart(64, "0")}` as const;

  it("decodes the input with the functions of its selector only, though another's types would fit the data", () => {
    const candidates = decodeCandidates([{ item: approve }, { item: transfer }], input);
    expect(candidates.map((c) => c.signature)).toEqual(["transfer(address,uint256)"]);
    expect(candidates[0]?.args.map((a) => a.value)).toEqual(["0x70997970c51812dc3a010c7d01b50e0d17dc79c8", "7"]);
  });

  it("reads an upper-case selector as its lower-case self", () => {
    expect(decodeCandidates([{ item: transfer }], input.replace("a9059cbb", "A9059CBB") as `0x${string}`)).toHaveLength(1);
  });
});
