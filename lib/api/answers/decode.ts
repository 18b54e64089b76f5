// The trace decoding operations' answers: one transaction's decoded frames and value flow, an ABI stored,
// and the `decoded` each trace of POST /api/traces carries when asked with `decode: true` (lib/decode/).
import { z } from "zod";
import type { StoredAbi } from "@/lib/decode/abi-store";
import type { Frame } from "@/lib/decode/frames";
import type { DecodedTransaction } from "@/lib/decode/read-transaction";
import { DECODE_SOURCES, type Candidate, type Decoded, type DecodedArg } from "@/lib/decode/types";
import type { ValueFlow } from "@/lib/decode/value-flow";
import type { SameKeys } from "@/lib/api/answers/shared";

const address = z.string().regex(/^0x[0-9a-f]{40}$/, "must be a lowercase address");
const hex = z.string().regex(/^0x[0-9a-fA-F]*$/, "must be hex");
/** An address as the node sent it, lowercased (not checked for length: the record is the node's). */
const nodeAddress = z.string().regex(/^0x[0-9a-f]*$/, "must be lowercase hex");
/** Wei, decimal text: beyond JavaScript's numbers. */
const decimal = z.string().regex(/^\d+$/, "must be decimal text");

const decodedArgSchema = z.strictObject({ name: z.string(), type: z.string(), value: z.string() });
const _arg: SameKeys<z.output<typeof decodedArgSchema>, DecodedArg> = true;

const candidateSchema = z.strictObject({
  signature: z.string(),
  name: z.string(),
  args: z.array(decodedArgSchema),
  interfaces: z.array(z.string()).optional(),
  outputs: z.array(decodedArgSchema).optional(),
  /** What a guess left out (its caps), when it did. */
  note: z.string().optional(),
});
const _candidate: SameKeys<z.output<typeof candidateSchema>, Candidate> = true;

/** Every candidate that decodes (never one silently picked), labelled with where its signature came from. */
export const decodedSchema = z.strictObject({
  source: z.enum(DECODE_SOURCES),
  candidates: z.array(candidateSchema).min(1),
  implementation: hex.optional(),
  /** What limits the decoding: code read at the latest block, an implementation unknown at the block, an unreadable ABI. */
  notes: z.array(z.string()).optional(),
});
const _decoded: SameKeys<z.output<typeof decodedSchema>, Decoded> = true;

const frameSchema = z.strictObject({
  traceAddress: z.array(z.number().int().nonnegative()),
  type: z.string(),
  from: nodeAddress.nullable(),
  to: nodeAddress.nullable(),
  value: decimal,
  decoded: decodedSchema.nullable(),
  error: z.string().optional(),
  reverted: z.boolean(),
  input: hex.optional(),
});
const _frame: SameKeys<z.output<typeof frameSchema>, Frame> = true;

// A token transfer's ends and amount are its decoded arguments' text (an uploaded ABI names them as it likes).
const valueFlowSchema = z.strictObject({
  from: z.string(),
  to: z.string(),
  /** Wei for native value; a token's amount, or an ERC-721's id. */
  value: z.string(),
  reverted: z.boolean(),
  /** "native", or the token contract's address. */
  asset: z.union([z.literal("native"), nodeAddress]),
  standards: z.array(z.string()).optional(),
  source: z.enum(DECODE_SOURCES).optional(),
  frames: z.array(z.string()),
});
const _flow: SameKeys<z.output<typeof valueFlowSchema>, ValueFlow> = true;

export const decodedTransactionSchema = z.strictObject({
  hash: z.string().regex(/^0x[0-9a-f]{64}$/),
  blockNumber: z.number().int().nonnegative(),
  blockHash: hex,
  /** In tree order: a call before the calls it makes. */
  frames: z.array(frameSchema),
  valueFlow: z.array(valueFlowSchema),
  complete: z.boolean(),
});
const _transaction: SameKeys<z.output<typeof decodedTransactionSchema>, DecodedTransaction> = true;

/** POST /api/abis: what was stored, without the ABI itself. */
export const abiStoredSchema = z.strictObject({
  address,
  /** The functions of the ABI, the items that decode calldata. */
  functions: z.number().int().positive(),
  uploadedBy: z.string(),
  uploadedAt: z.iso.datetime(),
});
export type AbiStoredAnswer = z.output<typeof abiStoredSchema>;
const _stored: SameKeys<AbiStoredAnswer, Omit<StoredAbi, "abi"> & { functions: number }> = true;
