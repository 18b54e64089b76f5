// An uploaded ABI is checked item by item: a 400 names the first thing wrong, by its path.
import { describe, expect, it } from "vitest";
import { MAX_TUPLE_DEPTH, parseAbiUpload } from "@/lib/decode/uploaded-abi";
import { InputError } from "@/lib/errors/input-error";
import { abiOf, seed } from "./recorded";

function refusal(body: unknown): { field: string; message: string } {
  try {
    parseAbiUpload(body);
  } catch (error) {
    if (error instanceof InputError) return { field: error.field, message: error.message };
    throw error;
  }
  throw new Error("accepted");
}

describe("parseAbiUpload", () => {
  it("accepts the compiler's ABI, as an array or as its JSON text, and lowercases the address", () => {
    const upper = `0x${seed.splitter.slice(2).toUpperCase()}`;
    expect(parseAbiUpload({ address: upper, abi: abiOf("Splitter") })).toEqual({ address: seed.splitter, abi: abiOf("Splitter") });
    expect(parseAbiUpload({ address: seed.splitter, abi: JSON.stringify(abiOf("Splitter")) }).abi).toEqual(abiOf("Splitter"));
  });

  it.each([
    [{ abi: [] }, "address", "address must be"],
    [{ address: "0x12", abi: [] }, "address", "40 hex digits"],
    [{ address: seed.token, abi: "[{" }, "abi", "not JSON"],
    [{ address: seed.token, abi: {} }, "abi", "JSON array"],
    [{ address: seed.token, abi: [] }, "abi", "empty"],
    [{ address: seed.token, abi: [{ type: "event", name: "Paid", inputs: [] }] }, "abi", "no function"],
    [{ address: seed.token, abi: [{ type: "method", name: "x" }] }, "abi[0].type", "must be one of"],
    [{ address: seed.token, abi: [{ type: "function", name: "2x", inputs: [] }] }, "abi[0].name", "identifier"],
    [
      { address: seed.token, abi: [{ type: "function", name: "f", inputs: [{ name: "a", type: "uint257" }] }] },
      "abi[0].inputs[0].type",
      "uint257",
    ],
    [{ address: seed.token, abi: [{ type: "function", name: "f", inputs: "address" }] }, "abi[0].inputs", "array"],
    [{ address: seed.token, abi: [{ type: "function", name: "f", inputs: [{ type: "tuple" }] }] }, "abi[0].inputs[0].components", "tuple"],
    [
      { address: seed.token, abi: [{ type: "function", name: "f", inputs: [], outputs: [{ type: "bool[" }] }] },
      "abi[0].outputs[0].type",
      "bool[",
    ],
    [{ address: seed.token, abi: [], extra: 1 }, "body", "only address and abi"],
  ])("refuses %j naming %s", (body, field, words) => {
    const { field: named, message } = refusal(body);
    expect(named).toBe(field);
    expect(message).toContain(words);
  });
});

describe("nested tuples", () => {
  const nested = (depth: number) => {
    let parameter: Record<string, unknown> = { name: "leaf", type: "uint256" };
    for (let i = 0; i < depth; i++) parameter = { name: `t${i}`, type: "tuple", components: [parameter] };
    return { address: seed.token, abi: [{ type: "function", name: "f", inputs: [parameter] }] };
  };

  it("are refused past the depth cap with a 400 naming the field, not a stack overflow", () => {
    const { field, message } = refusal(nested(20_000));
    expect(field).toBe(`abi[0].inputs[0]${".components[0]".repeat(MAX_TUPLE_DEPTH)}`);
    expect(message).toContain(`deeper than ${MAX_TUPLE_DEPTH}`);
  });

  it("are accepted up to the cap", () => {
    expect(parseAbiUpload(nested(MAX_TUPLE_DEPTH)).abi).toHaveLength(1);
  });
});
