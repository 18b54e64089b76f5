// A tiny EVM assembler for the demo chain's contracts (no compiler is available offline): mnemonics,
// `PUSH 0x..` sized automatically, `name:` for a JUMPDEST and `@name` for a PUSH2 of its offset.

const OPCODES: Record<string, number> = {
  STOP: 0x00,
  ADD: 0x01,
  MUL: 0x02,
  SUB: 0x03,
  LT: 0x10,
  GT: 0x11,
  EQ: 0x14,
  ISZERO: 0x15,
  ADDRESS: 0x30,
  CALLER: 0x33,
  CALLVALUE: 0x34,
  CALLDATALOAD: 0x35,
  CALLDATASIZE: 0x36,
  CALLDATACOPY: 0x37,
  CODECOPY: 0x39,
  RETURNDATASIZE: 0x3d,
  RETURNDATACOPY: 0x3e,
  POP: 0x50,
  MLOAD: 0x51,
  MSTORE: 0x52,
  SLOAD: 0x54,
  SSTORE: 0x55,
  JUMP: 0x56,
  JUMPI: 0x57,
  GAS: 0x5a,
  JUMPDEST: 0x5b,
  CREATE: 0xf0,
  CALL: 0xf1,
  RETURN: 0xf3,
  DELEGATECALL: 0xf4,
  CREATE2: 0xf5,
  STATICCALL: 0xfa,
  REVERT: 0xfd,
  SELFDESTRUCT: 0xff,
};
for (let n = 1; n <= 16; n++) {
  OPCODES[`DUP${n}`] = 0x7f + n;
  OPCODES[`SWAP${n}`] = 0x8f + n;
}

type Piece = { bytes: number[] } | { ref: string };

/** Assembles the source into bytecode as a 0x-prefixed hex string. */
export function assemble(source: string): `0x${string}` {
  const tokens = source
    .replace(/;[^\n]*/g, " ")
    .split(/\s+/)
    .filter(Boolean);
  const pieces: Piece[] = [];
  const labels = new Map<string, number>();
  let offset = 0;
  const emit = (piece: Piece) => {
    pieces.push(piece);
    offset += "ref" in piece ? 3 : piece.bytes.length;
  };
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.endsWith(":")) {
      labels.set(token.slice(0, -1), offset);
      emit({ bytes: [OPCODES.JUMPDEST!] });
    } else if (token.startsWith("@")) {
      emit({ ref: token.slice(1) });
    } else if (/^PUSH\d*$/.test(token)) {
      const data = hexBytes(tokens[++i] ?? "", token === "PUSH" ? undefined : Number(token.slice(4)));
      emit({ bytes: [0x5f + data.length, ...data] });
    } else {
      const code = OPCODES[token];
      if (code === undefined) throw new Error(`unknown opcode ${token}`);
      emit({ bytes: [code] });
    }
  }
  const bytes = pieces.flatMap((piece) => {
    if (!("ref" in piece)) return piece.bytes;
    const target = labels.get(piece.ref);
    if (target === undefined) throw new Error(`unknown label ${piece.ref}`);
    return [0x61, target >> 8, target & 0xff];
  });
  return `0x${bytes.map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/** Init code that deploys `runtime` as it is (no constructor). */
export function deployable(runtime: `0x${string}`): `0x${string}` {
  const length = (runtime.length - 2) / 2;
  const header = (offset: number) => assemble(`PUSH2 ${hex(length, 2)} DUP1 PUSH2 ${hex(offset, 2)} PUSH1 0x00 CODECOPY PUSH1 0x00 RETURN`);
  const size = (header(0).length - 2) / 2;
  return `${header(size)}${runtime.slice(2)}`;
}

function hexBytes(literal: string, width?: number): number[] {
  const digits = literal.replace(/^0x/, "");
  if (!/^[0-9a-fA-F]+$/.test(digits)) throw new Error(`bad push data ${literal}`);
  const even = digits.length % 2 ? `0${digits}` : digits;
  const bytes = even.match(/../g)!.map((pair) => parseInt(pair, 16));
  if (width === undefined) return bytes;
  if (bytes.length > width) throw new Error(`${literal} does not fit PUSH${width}`);
  return [...Array<number>(width - bytes.length).fill(0), ...bytes];
}

function hex(value: number, width: number): string {
  return `0x${value.toString(16).padStart(width * 2, "0")}`;
}
