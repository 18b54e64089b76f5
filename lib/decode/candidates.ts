// Calldata decoded against every function that shares its selector: each one whose types decode the
// data is a candidate; those with the same signature and names are one candidate of several interfaces.
import { decodeAbiParameters, decodeFunctionResult, type AbiFunction, type AbiParameter } from "viem";
import { functionIdentity } from "./function-identity";
import type { Candidate, DecodedArg } from "./types";

export interface NamedFunction {
  item: AbiFunction;
  interfaceName?: string;
}

/** The candidates that decode `input` (of `functions`, those with its selector); `output` is decoded only when `full` (an uploaded ABI). */
export function decodeCandidates(
  functions: readonly NamedFunction[],
  input: `0x${string}`,
  options: { output?: `0x${string}`; full?: boolean } = {},
): Candidate[] {
  const candidates = new Map<string, Candidate>();
  const selector = input.slice(0, 10).toLowerCase();
  const data = `0x${input.slice(10)}` as const;
  for (const { item, interfaceName } of functions) {
    const identity = functionIdentity(item);
    if (identity?.selector !== selector) continue; // another function's calldata: not a candidate
    let values: readonly unknown[];
    try {
      values = item.inputs.length > 0 ? decodeAbiParameters(item.inputs, data) : [];
    } catch {
      continue; // the data does not fit these types: not a candidate
    }
    const args = item.inputs.map((parameter, index) => describeArg(parameter, index, values[index]));
    const { signature } = identity;
    const key = `${signature}|${args.map((arg) => arg.name).join(",")}`;
    const known = candidates.get(key);
    if (known) {
      if (interfaceName && !known.interfaces?.includes(interfaceName)) known.interfaces = [...(known.interfaces ?? []), interfaceName];
      continue;
    }
    const candidate: Candidate = { signature, name: item.name, args, ...(interfaceName ? { interfaces: [interfaceName] } : {}) };
    const outputs = options.full && options.output && options.output !== "0x" ? decodeOutputs(item, options.output) : undefined;
    if (outputs) candidate.outputs = outputs;
    candidates.set(key, candidate);
  }
  return [...candidates.values()];
}

function decodeOutputs(item: AbiFunction, output: `0x${string}`): DecodedArg[] | undefined {
  try {
    const result = decodeFunctionResult({ abi: [item], data: output }) as unknown;
    const values = item.outputs.length === 1 ? [result] : (result as readonly unknown[]);
    return item.outputs.map((parameter, index) => describeArg(parameter, index, values[index]));
  } catch {
    return undefined; // output that does not fit the return types: none decoded
  }
}

export function describeArg(parameter: AbiParameter, index: number, value: unknown): DecodedArg {
  return { name: parameter.name || `arg${index}`, type: typeText(parameter), value: valueText(value) };
}

function typeText(parameter: AbiParameter): string {
  if (!parameter.type.startsWith("tuple") || !("components" in parameter)) return parameter.type;
  return `(${parameter.components.map(typeText).join(",")})${parameter.type.slice("tuple".length)}`;
}

/** Values as text: bigints in decimal, addresses lowercase, nested values as JSON of the same. */
export function valueText(value: unknown): string {
  if (typeof value === "string") return /^0x[0-9a-fA-F]{40}$/.test(value) ? value.toLowerCase() : value;
  if (typeof value === "bigint" || typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value, (_key, inner: unknown) =>
    typeof inner === "bigint"
      ? inner.toString()
      : typeof inner === "string" && /^0x[0-9a-fA-F]{40}$/.test(inner)
        ? inner.toLowerCase()
        : inner,
  );
}
