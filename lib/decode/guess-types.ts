// Argument types guessed from the calldata alone (no source names the selector): each 32-byte word read
// as an address, a number, or a dynamic `bytes` when it is an offset to a length and its data. Anyone can
// put calldata on chain: the work is bounded (the first bytes and arguments only, each offset's data sliced once).
import type { Candidate, DecodedArg } from "./types";

const WORD = 64; // hex digits in a 32-byte word
/** At most this many arguments are guessed; the candidate's note says when there were more words. */
export const MAX_GUESSED_ARGS = 32;
/** Only the first bytes of the calldata (after the selector) are analysed; the note says when there were more. */
export const MAX_GUESSED_BYTES = 8_192;

/** One candidate with guessed types, named by its selector; null when the input has no selector. */
export function guessCandidate(input: string): Candidate | null {
  if (!/^0x[0-9a-fA-F]{8}/.test(input)) return null;
  const selector = input.slice(0, 10).toLowerCase();
  const whole = input.length - 10;
  const body = input.slice(10, 10 + MAX_GUESSED_BYTES * 2).toLowerCase();
  const words = Array.from({ length: Math.floor(body.length / WORD) }, (_, i) => body.slice(i * WORD, (i + 1) * WORD));
  const args: DecodedArg[] = [];
  const tailStart = dynamicTailStart(words);
  for (let i = 0; i < Math.min(tailStart, MAX_GUESSED_ARGS); i++) args.push({ name: `arg${i}`, ...guessWord(body, words, i) });
  const rest = body.length % WORD ? body.slice(words.length * WORD) : "";
  if (rest && args.length < MAX_GUESSED_ARGS) args.push({ name: `arg${args.length}`, type: "bytes", value: `0x${rest}` });
  const limits = [
    ...(tailStart > MAX_GUESSED_ARGS ? [`only the first ${MAX_GUESSED_ARGS} arguments guessed`] : []),
    ...(whole > body.length ? [`types guessed from the first ${MAX_GUESSED_BYTES} bytes of ${Math.floor(whole / 2)}`] : []),
  ];
  const candidate: Candidate = { signature: `${selector}(${args.map((a) => a.type).join(",")})`, name: selector, args };
  if (limits.length > 0) candidate.note = limits.join("; ");
  return candidate;
}

/** Where the head ends: the smallest offset any head word points to (in words), else all words. */
function dynamicTailStart(words: string[]): number {
  let end = words.length;
  for (let i = 0; i < end; i++) {
    const offset = pointer(words, i);
    if (offset !== undefined) end = Math.min(end, offset / 32);
  }
  return end;
}

/** The word at `i` as an offset to a length word whose bytes fit the data, else undefined. */
function pointer(words: string[], i: number): number | undefined {
  const offset = Number.parseInt(words[i]!, 16);
  if (!Number.isSafeInteger(offset) || offset % 32 !== 0 || offset / 32 <= i || offset / 32 >= words.length) return undefined;
  const length = Number.parseInt(words[offset / 32]!, 16);
  if (!Number.isSafeInteger(length) || Math.ceil(length / 32) > words.length - offset / 32 - 1) return undefined;
  return offset;
}

function guessWord(body: string, words: string[], i: number): { type: string; value: string } {
  const word = words[i]!;
  const offset = pointer(words, i);
  if (offset !== undefined) {
    const length = Number.parseInt(words[offset / 32]!, 16);
    const start = (offset / 32 + 1) * WORD; // only the bytes this offset names, not the whole rest
    return { type: "bytes", value: `0x${body.slice(start, start + length * 2)}` };
  }
  const number = BigInt(`0x${word}`);
  // 12 zero bytes then 20 bytes that are not a small number: an address.
  if (word.startsWith("0".repeat(24)) && number >= 1n << 128n) return { type: "address", value: `0x${word.slice(24)}` };
  if (number < 1n << 128n) return { type: "uint256", value: number.toString() };
  return { type: "bytes32", value: `0x${word}` };
}
