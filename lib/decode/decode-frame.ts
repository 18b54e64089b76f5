// One frame's calldata decoded from the most trusted source that knows its selector: an uploaded ABI
// (of the address, or of the implementation behind it), the bundled interfaces, the contract's own
// code (the selector is in its dispatch table; argument types guessed), else types guessed from the data.
import { BUNDLED_BY_SELECTOR } from "./bundled-interfaces";
import type { CodeAnalysis } from "./bytecode";
import { decodeCandidates } from "./candidates";
import { guessCandidate } from "./guess-types";
import { abiFunctions } from "./uploaded-abi";
import { functionIdentity } from "./function-identity";
import type { Decoded } from "./types";
import { hasSelector } from "@/lib/gateway/trace";

export interface FrameSources {
  input: string;
  /** The call's return data (decoded only with an uploaded ABI). */
  output?: string;
  /** Uploaded ABIs that apply: the address's own first, then its implementation's. */
  uploaded: ReadonlyArray<readonly unknown[]>;
  /** The code that ran (the address's, and its implementation's behind a proxy), when read. */
  code: readonly CodeAnalysis[];
  /** The implementation behind the address, when it is a proxy. */
  implementation?: string;
}

/** Stands for an uploaded ABI that is stored but could not be read (corrupt): skipped, and the frame says so. */
export const UNREADABLE_ABI: readonly unknown[] = Object.freeze([]);
const UNREADABLE_ABI_NOTE = "the uploaded ABI of this address could not be read (corrupt in the bucket): upload it again";

/** The decoded call, or null when there is nothing to decode (no selector). */
export function decodeFrame(frame: FrameSources): Decoded | null {
  return decodeFromInterfaces(frame) ?? (hasSelector(frame.input) ? decodeFromCode(frame) : null);
}

/**
 * The call decoded by an uploaded ABI or a bundled interface, or null when neither knows its selector (or it has
 * none): the frame then needs its code read, and only then are its argument types guessed.
 */
export function decodeFromInterfaces(frame: Omit<FrameSources, "code">): Decoded | null {
  if (!hasSelector(frame.input)) return null;
  const input = frame.input.toLowerCase() as `0x${string}`;
  const selector = input.slice(0, 10);
  const extra = context(frame, unreadableNotes(frame));
  for (const abi of frame.uploaded) {
    const functions = abiFunctions(abi).filter((item) => functionIdentity(item)?.selector === selector);
    const output = frame.output as `0x${string}` | undefined;
    const candidates = decodeCandidates(
      functions.map((item) => ({ item })),
      input,
      { output, full: true },
    );
    if (candidates.length > 0) return { source: "abi", candidates, ...extra };
  }
  const bundled = decodeCandidates(BUNDLED_BY_SELECTOR.get(selector) ?? [], input);
  if (bundled.length > 0) return { source: "bundled", candidates: bundled, ...extra };
  return null;
}

/** Argument types guessed, the selector looked up in the code that ran: these carry what the code read cannot vouch for. */
function decodeFromCode(frame: FrameSources): Decoded {
  const input = frame.input.toLowerCase();
  const selector = input.slice(0, 10);
  const fromCode = context(frame, [...unreadableNotes(frame), ...codeNotes(frame)]);
  const guessed = guessCandidate(input)!;
  if (frame.code.some((code) => code.selectors.has(selector))) return { source: "bytecode", candidates: [guessed], ...fromCode };
  return { source: "guessed", candidates: [guessed], ...fromCode };
}

/** What a decoding carries beside its candidates: the implementation it went through, and what limits it. */
function context(frame: Pick<FrameSources, "implementation">, notes: string[]): Pick<Decoded, "implementation" | "notes"> {
  return { ...(frame.implementation ? { implementation: frame.implementation } : {}), ...(notes.length > 0 ? { notes } : {}) };
}

function unreadableNotes(frame: Pick<FrameSources, "uploaded">): string[] {
  return frame.uploaded.includes(UNREADABLE_ABI) ? [UNREADABLE_ABI_NOTE] : [];
}

/**
 * What the code read cannot vouch for: code read at the latest block (the node kept no state at the
 * trace's), and then a proxy's implementation, which only the block's storage (or the trace) can name.
 */
function codeNotes(frame: FrameSources): string[] {
  const latest = frame.code.filter((code) => code.readAtLatest);
  if (latest.length === 0) return [];
  const notes = [LATEST_CODE_NOTE];
  if (!frame.implementation && latest.some((code) => code.proxies.length > 0)) notes.push(UNKNOWN_IMPLEMENTATION_NOTE);
  return notes;
}

export const LATEST_CODE_NOTE = "code read at the latest block: the node keeps no state at this one";
export const UNKNOWN_IMPLEMENTATION_NOTE = "a proxy: implementation unknown at this block";
