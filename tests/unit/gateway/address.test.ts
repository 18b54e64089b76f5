// The small address and ether helpers agree with viem (still a dependency of the server side's tests).
import { getAddress, formatEther as viemFormatEther, isAddress as viemIsAddress } from "viem";
import { describe, expect, it } from "vitest";
import { checksumAddress, formatEther, isAddress } from "@/lib/gateway/address";

const SAMPLES = [
  "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed",
  "0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359",
  "0xdbf03b407c01e7cd3cbea99509d93f8dddc8c6fb",
  "0xd1220a0cf47c7b9be7a2e6ba89f429762e7b9adb",
  "0x0000000000000000000000000000000000000000",
  "0xEdC763b3e418cD14767b3Be02b667619a6374076",
];

describe("address helpers", () => {
  it("checksum addresses exactly as viem does", () => {
    for (const address of SAMPLES) expect(checksumAddress(address)).toBe(getAddress(address));
  });

  it("accept and refuse the same spellings as viem", () => {
    const spellings = SAMPLES.flatMap((a) => [
      a,
      a.toLowerCase(),
      `0x${a.slice(2).toUpperCase()}`,
      getAddress(a),
      getAddress(a).replace(/[a-f]/, (c) => c.toUpperCase()),
      a.slice(0, 41),
      `${a}0`,
      "0xzz",
    ]);
    for (const spelling of spellings) {
      expect(isAddress(spelling), spelling).toBe(viemIsAddress(spelling));
      expect(isAddress(spelling, { strict: false }), spelling).toBe(viemIsAddress(spelling, { strict: false }));
    }
  });

  it("formats wei as ether like viem", () => {
    for (const wei of [0n, 1n, 10n ** 18n, 15n * 10n ** 17n, 123456789012345678901234n, -5n * 10n ** 15n, 10n ** 17n]) {
      expect(formatEther(wei)).toBe(viemFormatEther(wei));
    }
  });
});
