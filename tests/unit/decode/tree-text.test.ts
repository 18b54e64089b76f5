// Folding repeated sibling calls must never hide a difference: arguments, value, or what happened beneath.
import { describe, expect, it } from "vitest";
import type { Frame } from "@/lib/decode/frames";
import { foldKey, nestFrames, treeText } from "@/lib/decode/tree-text";
import type { Decoded } from "@/lib/decode/types";

const TOKEN = "0x5fbdb2315678afecb367f032d93f642f64180aa3";
const ALICE = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";
const MALLORY = "0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc";

function transfer(traceAddress: number[], to: string, value: string, extra: Partial<Frame> = {}): Frame {
  const decoded: Decoded = {
    source: "bundled",
    candidates: [
      {
        signature: "transfer(address,uint256)",
        name: "transfer",
        args: [
          { name: "to", type: "address", value: to },
          { name: "value", type: "uint256", value },
        ],
        interfaces: ["ERC-20"],
      },
    ],
  };
  const input = `0xa9059cbb${to.slice(2).padStart(64, "0")}${BigInt(value).toString(16).padStart(64, "0")}`;
  return { traceAddress, type: "call", from: ALICE, to: TOKEN, value: "0", decoded, reverted: false, input, ...extra };
}

const top: Frame = { traceAddress: [], type: "call", from: ALICE, to: MALLORY, value: "0", decoded: null, reverted: false, input: "0x" };

describe("treeText folding", () => {
  it("keeps calls with different arguments on their own lines", () => {
    const text = treeText([top, transfer([0], ALICE, "1"), transfer([1], MALLORY, (10n ** 24n).toString())]);
    expect(text).not.toContain("×2");
    expect(text).toContain(`to: ${MALLORY}, value: ${10n ** 24n}`);
  });

  it("keeps calls with different native value apart", () => {
    const text = treeText([top, transfer([0], ALICE, "1"), transfer([1], ALICE, "1", { value: "5" })]);
    expect(text).not.toContain("×2");
  });

  it("never folds a call whose sub-calls hold a failure, and shows that failure", () => {
    const failed = transfer([1, 0], MALLORY, "3", { error: "Reverted", reverted: true, to: MALLORY });
    const text = treeText([top, transfer([0], ALICE, "1"), transfer([1], ALICE, "1"), failed]);
    expect(text).not.toContain("×2");
    expect(text).toContain("[1.0]");
    expect(text).toContain("✗ Reverted");
  });

  it("never folds calls whose sub-trees differ", () => {
    const text = treeText([top, transfer([0], ALICE, "1"), transfer([1], ALICE, "1"), transfer([1, 0], MALLORY, "2")]);
    expect(text).not.toContain("×2");
    expect(text).toContain("[1.0]");
  });

  it("folds calls identical in arguments, value and sub-tree", () => {
    const frames = [
      top,
      transfer([0], ALICE, "1"),
      transfer([0, 0], MALLORY, "2"),
      transfer([1], ALICE, "1"),
      transfer([1, 0], MALLORY, "2"),
    ];
    expect(treeText(frames).split("\n")).toEqual([
      expect.stringContaining("[]"),
      expect.stringMatching(/\[0\].*×2$/),
      expect.stringContaining("    [0.0]"),
    ]);
    const [root] = nestFrames(frames);
    expect(foldKey(root!.children[0]!)).toBe(foldKey(root!.children[1]!));
  });
});
