// The demo chain's contracts, written in EVM assembly: together their calls produce every trace kind
// a gateway returns (call, delegatecall, staticcall, create, create2, suicide) and reverted branches.
import { assemble, deployable } from "./assembly";

/** CALL with no value or data to the address on top of the stack; leaves the success flag. */
const CALL_EMPTY = `${"PUSH1 0x00 SWAP1 ".repeat(5)}GAS CALL`;

/** Returns 42: the target of static calls. */
export const ANSWER = deployable(assemble("PUSH1 0x2a PUSH1 0x00 MSTORE PUSH1 0x20 PUSH1 0x00 RETURN"));

/** Reverts every call. */
export const REVERTER = deployable(assemble("PUSH1 0x00 DUP1 REVERT"));

/** calldata (depth, target): calls itself with depth-1 then `target`, so a tree `depth` levels deep. */
export const NEST = deployable(
  assemble(`
    PUSH1 0x00 CALLDATALOAD DUP1 ISZERO @leaf JUMPI
    PUSH1 0x01 SWAP1 SUB PUSH1 0x00 MSTORE
    PUSH1 0x20 CALLDATALOAD PUSH1 0x20 MSTORE
    PUSH1 0x00 PUSH1 0x00 PUSH1 0x40 PUSH1 0x00 PUSH1 0x00 ADDRESS GAS CALL POP
    PUSH1 0x00 ; keeps the stack shape of the leaf branch
    leaf: POP
    PUSH1 0x20 CALLDATALOAD ${CALL_EMPTY} POP
    STOP`),
);

/** calldata (n, target): calls `target` n times (wide trees: more traces than one page holds). */
export const FAN = deployable(
  assemble(`
    PUSH1 0x00 CALLDATALOAD
    loop: DUP1 ISZERO @end JUMPI
    PUSH1 0x20 CALLDATALOAD ${CALL_EMPTY} POP
    PUSH1 0x01 SWAP1 SUB @loop JUMP
    end: STOP`),
);

/** calldata (target, data…): calls `target` with the rest of the calldata, then reverts anyway. */
export const GUARD = deployable(
  assemble(`
    PUSH1 0x20 CALLDATASIZE SUB DUP1 PUSH1 0x20 PUSH1 0x00 CALLDATACOPY
    PUSH1 0x00 PUSH1 0x00 SWAP2 PUSH1 0x00 PUSH1 0x00 PUSH1 0x00 CALLDATALOAD GAS CALL POP
    PUSH1 0x00 DUP1 REVERT`),
);

/** Counts its calls in slot 1 and reads ANSWER with a static call: the implementation behind PROXY. */
export function counter(answer: string): `0x${string}` {
  return deployable(
    assemble(`
      PUSH1 0x01 SLOAD PUSH1 0x01 ADD PUSH1 0x01 SSTORE
      PUSH1 0x20 PUSH1 0x00 PUSH1 0x00 PUSH1 0x00 PUSH20 ${answer} GAS STATICCALL POP
      STOP`),
  );
}

/** Delegates every call to `implementation`, reverting when it reverts. */
export function proxy(implementation: string): `0x${string}` {
  return deployable(
    assemble(`
      CALLDATASIZE PUSH1 0x00 PUSH1 0x00 CALLDATACOPY
      PUSH1 0x00 PUSH1 0x00 CALLDATASIZE PUSH1 0x00 PUSH20 ${implementation} GAS DELEGATECALL
      @ok JUMPI PUSH1 0x00 DUP1 REVERT
      ok: STOP`),
  );
}

/** Init code of a child whose only code is SELFDESTRUCT to its caller. */
const EPHEMERAL_INIT = "0x6133ff6000526002601ef3";

/** calldata (salt): CREATEs a child with the call's value, CREATE2s another, then calls the first to self-destruct. */
export const FACTORY = deployable(
  assemble(`
    PUSH11 ${EPHEMERAL_INIT} PUSH1 0x00 MSTORE
    PUSH1 0x0b PUSH1 0x15 CALLVALUE CREATE
    PUSH1 0x00 CALLDATALOAD PUSH1 0x0b PUSH1 0x15 PUSH1 0x00 CREATE2 POP
    ${CALL_EMPTY} POP
    STOP`),
);

/** ABI-style words: each argument left-padded to 32 bytes. */
export function words(...values: Array<bigint | number | string>): `0x${string}` {
  return `0x${values.map((v) => BigInt(v).toString(16).padStart(64, "0")).join("")}`;
}
