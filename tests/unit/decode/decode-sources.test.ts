// Each decoding source on calldata the demo chain recorded: an uploaded ABI, the bundled interfaces,
// the contract's bytecode (through an EIP-1967 proxy), and types guessed from the data.
import { describe, expect, it } from "vitest";
import { decodeTraces } from "@/lib/decode/decode-traces";
import { abiOf, seed, sources, traces } from "./recorded";

const account = (n: number) => recorded(n);
function recorded(n: number): string {
  // The demo chain's accounts as the recorded transactions name them.
  return ["0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266", "0x70997970c51812dc3a010c7d01b50e0d17dc79c8"][n]!;
}

describe("decoding sources, in order", () => {
  it("an uploaded ABI names the call and its arguments, and decodes its outputs", async () => {
    const [top] = await decodeTraces(traces("tokenTransfer"), sources({ [seed.token]: abiOf("DemoToken") }));
    expect(top).toEqual({
      source: "abi",
      candidates: [
        {
          signature: "transfer(address,uint256)",
          name: "transfer",
          args: [
            { name: "to", type: "address", value: account(1) },
            { name: "value", type: "uint256", value: (1000n * 10n ** 18n).toString() },
          ],
          outputs: [{ name: "arg0", type: "bool", value: "true" }],
        },
      ],
    });
  });

  it("without one, the bundled ERC-20 interface names it; outputs are not decoded", async () => {
    const deps = sources();
    const [top] = await decodeTraces(traces("tokenTransfer"), deps);
    expect(top?.source).toBe("bundled");
    expect(top?.candidates).toHaveLength(1);
    expect(top?.candidates[0]).toMatchObject({ name: "transfer", interfaces: ["ERC-20"] });
    expect(top?.candidates[0]?.outputs).toBeUndefined();
    expect(deps.codeReads).toEqual([]); // bundled needs no eth_getCode
  });

  it("ERC-20's and ERC-721's transferFrom share a selector: both candidates are shown, none picked", async () => {
    const [top, delegated] = await decodeTraces(traces("nftTransfer"), sources());
    expect(top?.source).toBe("bundled");
    expect(top?.candidates.map((c) => [c.interfaces, c.args.map((a) => a.name)])).toEqual([
      [["ERC-20"], ["from", "to", "value"]],
      [["ERC-721"], ["from", "to", "tokenId"]],
    ]);
    expect(top?.candidates.every((c) => c.signature === "transferFrom(address,address,uint256)")).toBe(true);
    expect(top?.candidates[1]?.args[2]?.value).toBe("7");
    expect(delegated?.candidates).toHaveLength(2);
  });

  it("a selector no source names, found in the implementation's bytecode behind the EIP-1967 proxy (from the trace)", async () => {
    const deps = sources();
    const [top] = await decodeTraces(traces("mint"), deps);
    expect(top).toMatchObject({ source: "bytecode", implementation: seed.nftImplementation });
    expect(top?.candidates[0]).toMatchObject({ name: "0x40c10f19", signature: "0x40c10f19(address,uint256)" });
    expect(top?.candidates[0]?.args.map((a) => a.value)).toEqual([account(1), "7"]);
    expect(deps.storageReads).toEqual([]); // the trace's DELEGATECALL child names the implementation
  });

  it("resolves the proxy through its EIP-1967 slot when the trace does not show the delegatecall", async () => {
    const deps = sources();
    const [top] = await decodeTraces(traces("mint").slice(0, 1), deps);
    expect(top).toMatchObject({ source: "bytecode", implementation: seed.nftImplementation });
    expect(deps.storageReads).toEqual([`${seed.nft}:0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc`]);
    expect(deps.codeReads).toEqual([seed.nft, seed.nftImplementation]);
  });

  it("the proxy's code alone has no such selector: without the implementation the types are only guessed", async () => {
    const [top] = await decodeTraces(traces("mint").slice(0, 1), { ...sources(), storage: async () => `0x${"0".repeat(64)}` });
    expect(top?.source).toBe("guessed");
    expect(top?.candidates[0]?.args.map((a) => a.type)).toEqual(["address", "uint256"]);
  });

  it("an unknown contract's call is labelled bytecode (selector in its code), then abi once its ABI is uploaded", async () => {
    const [before] = await decodeTraces(traces("split"), sources());
    expect(before?.source).toBe("bytecode");
    expect(before?.candidates[0]?.name).toBe("0x40fbed34");
    const [after] = await decodeTraces(traces("split"), sources({ [seed.splitter]: abiOf("Splitter") }));
    expect(after?.source).toBe("abi");
    expect(after?.candidates[0]).toMatchObject({ name: "split", signature: "split(address[],uint64)" });
    expect(after?.candidates[0]?.args).toEqual([
      { name: "payees", type: "address[]", value: JSON.stringify([seed.acceptor, seed.refuser]) },
      { name: "memo", type: "uint64", value: "3" },
    ]);
  });

  it("where no code holds the selector, the frame is guessed", async () => {
    const [top] = await decodeTraces(traces("split"), sources({}, {}));
    expect(top?.source).toBe("guessed");
    expect(top?.candidates[0]?.signature).toMatch(/^0x40fbed34\(/);
  });

  it("a frame without a selector (a plain transfer, a create) is not decoded", async () => {
    const plain = { ...traces("split")[0]!, action: { ...traces("split")[0]!.action, input: "0x" } };
    expect(await decodeTraces([plain], sources())).toEqual([null]);
  });
});
