// The JSON bodies the operations read, as the handlers parse them: one schema serves the handler and the
// registry (lib/api/operations.ts), so docs/api.md says what the handler accepts. Route files may export only
// their methods, so the schemas live here.
import { z } from "zod";

/** POST /api/certificates/inspect. */
export const inspectBodySchema = z.object({ pem: z.string() });

/** POST /api/reviews/{id}/comments. */
export const commentBodySchema = z.object({ text: z.string().trim().min(1, "write a comment").max(4000) });

/** POST /api/reviews/{id}/execute (optional body): the zone name, for irreversible steps. */
export const executeBodySchema = z.object({ confirm: z.string().max(300).optional() });

/** POST /api/reviews/{id}/submit, approve, reject (optional body). */
export const reviewStepBodySchema = z.object({ comment: z.string().trim().max(4000).optional() });

/** POST /api/session/demo-user. */
export const demoUserBodySchema = z.object({ user: z.string().max(40) });

/** POST /api/snapshots/refresh (optional body). */
export const refreshBodySchema = z.object({ restart: z.boolean().optional() }).strict();

const blockRef = z.union([z.number().int().min(0), z.string(), z.enum(["earliest", "latest", "safe", "finalized"])]);
/**
 * POST /api/traces: parsed by lib/gateway/query.ts without zod (the browser's form shares it); this schema
 * describes the same fields for the docs. Numbers may be decimal or 0x-hex text; addresses at most 100.
 * `decode` (lib/decode/decoded-traces-answer.ts takes it off first): true adds `decoded` to each trace.
 */
export const traceBodySchema = z.strictObject({
  fromBlock: blockRef,
  toBlock: blockRef,
  fromAddress: z.array(z.string()).max(100).optional(),
  toAddress: z.array(z.string()).max(100).optional(),
  after: z.union([z.number().int().min(0), z.string()]).optional(),
  count: z.union([z.number().int().min(1).max(200), z.string()]).optional(),
  decode: z.boolean().optional(),
});

/**
 * POST /api/abis: parsed by lib/decode/uploaded-abi.ts item by item (a 400 names the first thing wrong, `abi[2].inputs[0].type`);
 * this schema describes the same fields for the docs. `abi`: the array the compiler writes, or its JSON text; at most 2,000 items.
 */
export const abiUploadBodySchema = z.strictObject({
  address: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
  abi: z.union([z.array(z.record(z.string(), z.unknown())).min(1).max(2_000), z.string()]),
});
