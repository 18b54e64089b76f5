// Types guessed from calldata alone: addresses, numbers, words, and dynamic bytes found by their offsets.
import { describe, expect, it } from "vitest";
import { guessCandidate, MAX_GUESSED_ARGS, MAX_GUESSED_BYTES } from "@/lib/decode/guess-types";
import { decodeFrame } from "@/lib/decode/decode-frame";
import { sourceLabel } from "@/lib/decode/types";

const word = (hex: string) => hex.replace(/^0x/, "").padStart(64, "0");

describe("guessCandidate", () => {
  it("reads an address, a small number and a 32-byte word", () => {
    const input = `0xdeadbeef${word("70997970c51812dc3a010c7d01b50e0d17dc79c8")}${word("2a")}${"f".repeat(64)}`;
    expect(guessCandidate(input)).toEqual({
      signature: "0xdeadbeef(address,uint256,bytes32)",
      name: "0xdeadbeef",
      args: [
        { name: "arg0", type: "address", value: "0x70997970c51812dc3a010c7d01b50e0d17dc79c8" },
        { name: "arg1", type: "uint256", value: "42" },
        { name: "arg2", type: "bytes32", value: `0x${"f".repeat(64)}` },
      ],
    });
  });

  it("reads a dynamic argument by its offset and length", () => {
    const input = `0x12345678${word("1")}${word("40")}${word("3")}${"abcdef".padEnd(64, "0")}`;
    expect(guessCandidate(input)?.args).toEqual([
      { name: "arg0", type: "uint256", value: "1" },
      { name: "arg1", type: "bytes", value: "0xabcdef" },
    ]);
  });

  it("has nothing to guess without a selector", () => {
    expect(guessCandidate("0x1234")).toBeNull();
  });
});

describe("decodeFrame", () => {
  it("reads a mainnet approve (the gateway docs' trace_filter example) from the bundled interfaces: ERC-20's and ERC-721's", () => {
    // From the Cloudflare docs' trace_filter response (transaction 0x054bbb9f…, block 13416771).
    const input =
      "0x095ea7b30000000000000000000000007a250d5630b4cf539739df2c5dacb4c659f2488dffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff";
    const decoded = decodeFrame({ input, uploaded: [], code: [] });
    expect(decoded?.source).toBe("bundled");
    expect(decoded?.candidates.map((c) => [c.interfaces, c.args.map((a) => a.name).join(",")])).toEqual([
      [["ERC-20"], "spender,value"],
      [["ERC-721"], "to,tokenId"],
    ]);
    expect(decoded?.candidates[0]?.args[1]?.value).toBe(((1n << 256n) - 1n).toString());
  });

  it("a selector the uploaded ABI has but whose data does not fit falls through to the next source", () => {
    const input = `0xa9059cbb${word("1")}`; // transfer(address,uint256) with one word only
    const abi = [
      {
        type: "function",
        name: "transfer",
        inputs: [
          { name: "to", type: "address" },
          { name: "v", type: "uint256" },
        ],
        outputs: [],
      },
    ];
    expect(decodeFrame({ input, uploaded: [abi], code: [] })?.source).toBe("guessed");
  });
});

describe("guessCandidate on crafted calldata", () => {
  it("stays linear on 512 KB of offsets all pointing at one long tail, and says what it left out", () => {
    const words = 16_384; // 512 KB
    const head = 8_192;
    const tail = (words - head - 1) * 32; // bytes of the one dynamic argument every head word points to
    const input = `0xdeadbeef${word((head * 32).toString(16)).repeat(head)}${word(tail.toString(16))}${"ab".repeat(tail)}`;
    const started = performance.now();
    const guessed = guessCandidate(input)!;
    expect(performance.now() - started).toBeLessThan(1_000); // was seconds: each offset joined the whole rest
    expect(guessed.args.length).toBeLessThanOrEqual(MAX_GUESSED_ARGS);
    expect(guessed.note).toMatch(/first 32 arguments/);
    expect(guessed.note).toMatch(/first 8192 bytes of 524288/);
    expect(guessed.args.every((arg) => arg.value.length <= 2 + MAX_GUESSED_BYTES * 2)).toBe(true);
  });
});

describe("the label of a capped guess", () => {
  it("says the cap", () => {
    const decoded = decodeFrame({ input: `0xdeadbeef${"00".repeat(MAX_GUESSED_BYTES + 64)}`, uploaded: [], code: [] })!;
    expect(sourceLabel(decoded)).toBe(
      `guessed (only the first ${MAX_GUESSED_ARGS} arguments guessed; types guessed from the first ${MAX_GUESSED_BYTES} bytes of ${MAX_GUESSED_BYTES + 64})`,
    );
  });
});
