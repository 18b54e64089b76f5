// One trace record of a `trace_filter` result, checked for the fields Preflight reads. The record
// itself is passed on exactly as the node returned it: the schema only proves it can be read. Server
// side only in practice: the browser takes the Trace type, never zod (about 89 KiB gzipped).
import { z } from "zod";

const hex = z.string().regex(/^0x[0-9a-fA-F]*$/, "must be hex");

export const traceSchema = z.looseObject({
  action: z.looseObject({
    from: hex.optional(),
    to: hex.nullable().optional(),
    callType: z.string().optional(),
    creationMethod: z.string().optional(),
    gas: hex.optional(),
    value: hex.optional(),
    input: hex.optional(),
    init: hex.optional(),
    address: hex.optional(), // suicide: the contract destroyed
    refundAddress: hex.optional(),
    balance: hex.optional(),
    author: hex.optional(), // reward: who is paid
    rewardType: z.string().optional(),
  }),
  blockHash: hex.nullable().optional(),
  blockNumber: z.number().int().nonnegative(),
  result: z
    .looseObject({ gasUsed: hex.optional(), output: hex.optional(), address: hex.optional(), code: hex.optional() })
    .nullable()
    .optional(),
  error: z.string().optional(),
  subtraces: z.number().int().nonnegative(),
  traceAddress: z.array(z.number().int().nonnegative()),
  // Erigon omits both on reward traces; OpenEthereum sent null.
  transactionHash: hex.nullable().optional(),
  transactionPosition: z.number().int().nonnegative().nullable().optional(),
  type: z.string(),
});

export type Trace = z.infer<typeof traceSchema>;

export const traceListSchema = z.array(traceSchema);
