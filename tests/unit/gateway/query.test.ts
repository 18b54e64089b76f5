import { describe, expect, it } from "vitest";
import { addressRule } from "@/lib/gateway/address-rule";
import { parseTraceQuery } from "@/lib/gateway/query";
import type { Trace } from "@/lib/gateway/trace";
import { InputError } from "@/lib/errors/input-error";

function fieldOf(input: unknown): string {
  try {
    parseTraceQuery(input);
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return (error as InputError).field;
  }
  throw new Error("expected an InputError");
}

describe("parseTraceQuery", () => {
  it("reads decimal, hex quantities and tags, and checksums addresses", () => {
    expect(
      parseTraceQuery({
        fromBlock: "0xccb943",
        toBlock: "13417570",
        fromAddress: ["0xedc763b3e418cd14767b3be02b667619a6374076"],
        count: 200,
        after: "0x2",
      }),
    ).toEqual({
      fromBlock: 13416771,
      toBlock: 13417570,
      fromAddress: ["0xEdC763b3e418cD14767b3Be02b667619a6374076"],
      toAddress: undefined,
      after: 2,
      count: 200,
    });
    expect(parseTraceQuery({ fromBlock: "Earliest", toBlock: "latest" })).toMatchObject({ fromBlock: "earliest", toBlock: "latest" });
    expect(
      parseTraceQuery({
        fromBlock: 1,
        toBlock: 2,
        toAddress: "0x5fbdb2315678afecb367f032d93f642f64180aa3, 0xe7f1725e7734ce288f8367e1bb143e90bb3f0512",
      }).toAddress,
    ).toEqual(["0x5FbDB2315678afecb367f032d93F642f64180aa3", "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512"]);
  });

  it.each([
    [{ toBlock: 1 }, "fromBlock"],
    [{ fromBlock: 1 }, "toBlock"],
    [{ fromBlock: "pending", toBlock: 1 }, "fromBlock"],
    [{ fromBlock: "-1", toBlock: 1 }, "fromBlock"],
    [{ fromBlock: 9, toBlock: 8 }, "toBlock"],
    [{ fromBlock: 1, toBlock: 2, count: 201 }, "count"],
    [{ fromBlock: 1, toBlock: 2, after: "x" }, "after"],
    [{ fromBlock: 1, toBlock: 2, fromAddress: ["0x5fbdb2315678afecb367f032d93f642f64180aa3", "0x12"] }, "fromAddress[1]"],
    [{ fromBlock: 1, toBlock: 2, toAddress: ["0x5FbDB2315678afecb367f032d93F642f64180aa4"] }, "toAddress[0]"], // bad checksum
    [{ fromBlock: 1, toBlock: 2, mode: "union" }, "mode"],
    [[1, 2], "body"],
  ])("refuses %j naming %s", (input, field) => expect(fieldOf(input)).toBe(field));
});

describe("addressRule", () => {
  const trace = (from: string, to: string): Trace => ({
    action: { from, to },
    blockNumber: 1,
    subtraces: 0,
    traceAddress: [],
    type: "call",
  });
  it("reads the rule from the result", () => {
    expect(addressRule(["0xaa"], undefined, [trace("0xaa", "0xbb")])).toBe("not-applicable");
    expect(addressRule(["0xaa"], ["0xbb"], [])).toBe("empty");
    expect(addressRule(["0xAA"], ["0xbb"], [trace("0xaa", "0xbb")])).toBe("intersection-or-union");
    expect(addressRule(["0xaa"], ["0xbb"], [trace("0xaa", "0xbb"), trace("0xcc", "0xbb")])).toBe("union");
  });
});
