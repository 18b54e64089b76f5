// The value a recorded transaction moved: native value per from → to (a reverted subcall's marked not
// moved), and decoded token transfers labelled by their source and the interfaces their signature fits.
import { describe, expect, it } from "vitest";
import { decodeTraces } from "@/lib/decode/decode-traces";
import { transactionFrames } from "@/lib/decode/frames";
import { valueFlow } from "@/lib/decode/value-flow";
import { treeText } from "@/lib/decode/tree-text";
import { abiOf, seed, sources, traces } from "./recorded";

const HALF_ETHER = (5n * 10n ** 17n).toString();

describe("value flow", () => {
  it("sums native value per from → to and marks the reverted subcall's value as not moved", async () => {
    const split = traces("split");
    const flow = valueFlow(split, await decodeTraces(split, sources()));
    const sender = split[0]!.action.from!;
    expect(flow).toEqual([
      { from: sender, to: seed.splitter, value: (10n ** 18n).toString(), reverted: false, asset: "native", frames: [""] },
      { from: seed.splitter, to: seed.acceptor, value: HALF_ETHER, reverted: false, asset: "native", frames: ["0"] },
      { from: seed.splitter, to: seed.refuser, value: HALF_ETHER, reverted: true, asset: "native", frames: ["1"] },
    ]);
  });

  it("adds a decoded token transfer under an unknown call, with both standards its signature fits", async () => {
    const settle = traces("settle");
    const flow = valueFlow(settle, await decodeTraces(settle, sources()));
    expect(flow).toEqual([
      {
        from: settle[0]!.action.from,
        to: "0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc",
        value: (200n * 10n ** 18n).toString(),
        reverted: false,
        asset: seed.token,
        source: "bundled",
        standards: ["ERC-20", "ERC-721"],
        frames: ["0"],
      },
    ]);
  });

  it("counts a token transfer through a proxy once (the proxy's frame, not its delegatecall)", async () => {
    const moved = traces("nftTransfer");
    const flow = valueFlow(moved, await decodeTraces(moved, sources()));
    expect(flow).toHaveLength(1);
    expect(flow[0]).toMatchObject({ asset: seed.nft, value: "7", frames: [""] });
  });

  it("gives nothing for undecoded frames: a guessed transfer-like call is no token transfer", async () => {
    const moved = traces("nftTransfer");
    expect(
      valueFlow(
        moved,
        moved.map(() => null),
      ),
    ).toEqual([]);
  });
});

describe("frames", () => {
  it("come in tree order with their decoding, value in wei and the reverted branch marked", async () => {
    const split = [...traces("split")].reverse(); // the node's order is not relied on
    const frames = transactionFrames(split, await decodeTraces(split, sources()));
    expect(frames.map((f) => [f.traceAddress.join("."), f.type, f.value, f.reverted, f.error ?? null, f.decoded?.source])).toEqual([
      ["", "call", (10n ** 18n).toString(), false, null, "bytecode"],
      ["0", "call", HALF_ETHER, false, null, "bytecode"],
      ["1", "call", HALF_ETHER, true, "Reverted", "bytecode"],
    ]);
  });
});

describe("treeText", () => {
  it("writes one line per call with names, arguments and labels, and folds repeated calls", async () => {
    const split = traces("split");
    const frames = transactionFrames(split, await decodeTraces(split, sources({ [seed.splitter]: abiOf("Splitter") })));
    const text = treeText(frames);
    expect(text.split("\n")).toHaveLength(3);
    expect(text).toContain(`split(payees: ${JSON.stringify([seed.acceptor, seed.refuser])}, memo: 3) — from your ABI`);
    expect(text).toContain("  [1] call");
    expect(text).toContain("✗ Reverted");
    const repeated = [frames[1]!, { ...frames[1]!, traceAddress: [1] }, { ...frames[1]!, traceAddress: [2] }];
    expect(treeText([frames[0]!, ...repeated]).split("\n")[1]).toMatch(/×3$/);
  });
});
