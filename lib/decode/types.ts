// What decoding a frame's calldata yields, for the server and the browser alike: every candidate that
// fits, each labelled with where its signature came from (never one silently picked).

/** Where a frame's signature came from, most trusted first. */
export const DECODE_SOURCES = ["abi", "bundled", "bytecode", "guessed"] as const;
export type DecodeSource = (typeof DECODE_SOURCES)[number];

export interface DecodedArg {
  /** The parameter's name in the ABI, or `arg<N>` where the source has none. */
  name: string;
  type: string;
  /** Text: numbers in decimal (they exceed JavaScript's), addresses lowercase, bytes as 0x hex. */
  value: string;
}

export interface Candidate {
  /** Canonical signature, `transferFrom(address,address,uint256)`; a selector and guessed types when unnamed. */
  signature: string;
  /** The function's name, or its selector (`0x1234abcd`) when no source names it. */
  name: string;
  args: DecodedArg[];
  /** The bundled interface(s) the signature belongs to (ERC-20, ERC-721…), when bundled. */
  interfaces?: string[];
  /** Return values: only with a full ABI (an uploaded one), never guessed. */
  outputs?: DecodedArg[];
  /** What the guess left out (a cap on arguments or calldata bytes analysed), when it did. */
  note?: string;
}

export interface Decoded {
  source: DecodeSource;
  candidates: Candidate[];
  /** Set when the code read was a proxy and the calldata was decoded against its implementation. */
  implementation?: string;
  /** What limits this decoding (code read at the latest block, an uploaded ABI that could not be read…). */
  notes?: string[];
}

/** The label the page shows for a source, with what limits it (caps of a guess, code read at the latest block…). */
export function sourceLabel(decoded: Decoded): string {
  const limits = [...(decoded.notes ?? []), ...decoded.candidates.flatMap((c) => (c.note ? [c.note] : []))];
  return limits.length > 0 ? `${baseLabel(decoded)} (${limits.join("; ")})` : baseLabel(decoded);
}

function baseLabel(decoded: Decoded): string {
  switch (decoded.source) {
    case "abi":
      return "from your ABI";
    case "bundled":
      return "bundled interface";
    case "bytecode":
      return "selector in bytecode, arguments guessed";
    case "guessed":
      return "guessed";
  }
}
