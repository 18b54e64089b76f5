// An ABI a user uploads for an address: the JSON the compiler writes (an array of items), checked item
// by item so that a 400 names the first thing wrong (`abi[2].inputs[0].type`). Only functions decode
// calldata; events, errors and the constructor are accepted and kept, as the compiler writes them.
import { toFunctionSelector, type AbiFunction, type AbiParameter } from "viem";
import { InputError } from "@/lib/errors/input-error";
import { isAddress } from "@/lib/gateway/address";

export const MAX_ABI_ITEMS = 2_000;
/** Tuples nest at most this deep: checking (and viem's selector) recurse per level, and a request body is no stack. */
export const MAX_TUPLE_DEPTH = 32;

const ITEM_TYPES = ["function", "event", "error", "constructor", "fallback", "receive"];
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
// Solidity's elementary types, then any number of array suffixes.
const INT_BITS = Array.from({ length: 32 }, (_, i) => (i + 1) * 8).join("|");
const ELEMENTARY = new RegExp(
  `^(address|bool|string|bytes|function|tuple|u?int(${INT_BITS})?|bytes([1-9]|[12][0-9]|3[0-2]))(\\[([1-9][0-9]*)?\\])*$`,
);

export interface UploadedAbi {
  /** Lowercase. */
  address: string;
  /** The items as uploaded (checked). */
  abi: unknown[];
}

/** The request body `{ address, abi }`; `abi` is the array itself or its JSON text. */
export function parseAbiUpload(body: unknown): UploadedAbi {
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw new InputError("body", 'body must be {"address", "abi"}');
  const raw = body as Record<string, unknown>;
  const unknown = Object.keys(raw).find((key) => key !== "address" && key !== "abi");
  if (unknown !== undefined)
    throw new InputError("body", `body has ${JSON.stringify(unknown.slice(0, 40))}: an ABI upload has only address and abi`);
  if (typeof raw.address !== "string" || !isAddress(raw.address, { strict: false })) {
    throw new InputError("address", "address must be 0x and 40 hex digits");
  }
  let abi = raw.abi;
  if (typeof abi === "string") {
    try {
      abi = JSON.parse(abi) as unknown;
    } catch {
      throw new InputError("abi", "abi is not JSON: paste the array the compiler wrote (solc --abi)");
    }
  }
  if (!Array.isArray(abi)) throw new InputError("abi", "abi must be a JSON array of ABI items");
  if (abi.length === 0) throw new InputError("abi", "abi is empty: it has no functions to decode with");
  if (abi.length > MAX_ABI_ITEMS) throw new InputError("abi", `abi has ${abi.length} items; at most ${MAX_ABI_ITEMS}`);
  abi.forEach((item, index) => checkItem(item, `abi[${index}]`));
  if (!abi.some((item) => (item as { type?: unknown }).type === "function"))
    throw new InputError("abi", "abi has no function to decode calls with");
  return { address: raw.address.toLowerCase(), abi };
}

/** The uploaded ABI's functions, as viem reads them. */
export function abiFunctions(abi: readonly unknown[]): AbiFunction[] {
  return abi.filter((item): item is AbiFunction => (item as { type?: unknown }).type === "function");
}

function checkItem(item: unknown, path: string): void {
  if (typeof item !== "object" || item === null || Array.isArray(item)) throw new InputError(path, `${path} must be an object`);
  const fields = item as Record<string, unknown>;
  if (typeof fields.type !== "string" || !ITEM_TYPES.includes(fields.type)) {
    throw new InputError(`${path}.type`, `${path}.type must be one of ${ITEM_TYPES.join(", ")}`);
  }
  if (["function", "event", "error"].includes(fields.type) && (typeof fields.name !== "string" || !IDENTIFIER.test(fields.name))) {
    throw new InputError(`${path}.name`, `${path}.name must be an identifier (a ${fields.type} needs a name)`);
  }
  if (fields.inputs !== undefined || fields.type === "function") checkParameters(fields.inputs ?? [], `${path}.inputs`);
  if (fields.outputs !== undefined) checkParameters(fields.outputs, `${path}.outputs`);
  if (fields.type === "function") {
    try {
      toFunctionSelector(item as AbiFunction);
    } catch {
      throw new InputError(path, `${path} is not a function viem can compute a selector for`);
    }
  }
}

function checkParameters(parameters: unknown, path: string, depth = 0): void {
  if (!Array.isArray(parameters)) throw new InputError(path, `${path} must be an array of parameters`);
  parameters.forEach((parameter, index) => {
    const at = `${path}[${index}]`;
    if (typeof parameter !== "object" || parameter === null) throw new InputError(at, `${at} must be an object`);
    const { type, name, components } = parameter as Partial<AbiParameter> & { components?: unknown };
    if (typeof type !== "string" || !ELEMENTARY.test(type)) {
      throw new InputError(`${at}.type`, `${at}.type is not a Solidity type: ${JSON.stringify(type)?.slice(0, 40)}`);
    }
    if (name !== undefined && typeof name !== "string") throw new InputError(`${at}.name`, `${at}.name must be text`);
    if (type.startsWith("tuple")) {
      if (depth >= MAX_TUPLE_DEPTH) throw new InputError(at, `${at} nests tuples deeper than ${MAX_TUPLE_DEPTH} levels`);
      if (!Array.isArray(components)) throw new InputError(`${at}.components`, `${at}.components must list the tuple's parameters`);
      checkParameters(components, `${at}.components`, depth + 1);
    }
  });
}
