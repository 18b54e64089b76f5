// EIP-55 addresses and ether amounts without viem: the trace form runs in the browser, and viem put
// about 100 KiB into the Traces page's first load for a checksum and a decimal point.
import { keccak_256 } from "@noble/hashes/sha3.js";
import { utf8ToBytes } from "@noble/hashes/utils.js";

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** The EIP-55 checksummed spelling of a well-formed address. */
export function checksumAddress(address: string): string {
  const lower = address.slice(2).toLowerCase();
  const hash = keccak_256(utf8ToBytes(lower));
  let out = "0x";
  for (let i = 0; i < 40; i++) {
    const nibble = i % 2 === 0 ? hash[i >> 1]! >> 4 : hash[i >> 1]! & 0x0f;
    out += nibble >= 8 ? lower[i]!.toUpperCase() : lower[i]!;
  }
  return out;
}

/** Well formed and, when it mixes cases, correctly checksummed (all lower case carries no checksum). */
export function isAddress(address: string, options: { strict?: boolean } = {}): boolean {
  if (!ADDRESS.test(address)) return false;
  if (address.toLowerCase() === address) return true;
  return options.strict === false || checksumAddress(address) === address;
}

/** Wei as ether in decimal, trailing zeros dropped: 1500000000000000000n is "1.5". */
export function formatEther(wei: bigint): string {
  const negative = wei < 0n;
  const digits = (negative ? -wei : wei).toString().padStart(19, "0");
  const whole = digits.slice(0, -18);
  const fraction = digits.slice(-18).replace(/0+$/, "");
  return `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}
