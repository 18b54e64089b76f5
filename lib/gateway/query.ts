// A trace query as the caller writes it (the page's form, the URL, the POST body): parsed once with
// zod; every mistake is a 400 naming the field. Pure, so the browser's form uses the same rules, with
// zod/mini: the full zod was about 89 KiB gzipped of the Traces page's first load.
import { z } from "zod/mini";
import { InputError } from "@/lib/http/input-error";
import { checksumAddress, isAddress } from "./address";
import { MAX_PAGE_TRACES } from "./windows";

/** Block tags the gateway accepts in place of a number (`pending` has no traces to filter). */
export const BLOCK_TAGS = ["earliest", "latest", "safe", "finalized"] as const;
export type BlockTag = (typeof BLOCK_TAGS)[number];
export type BlockRef = number | BlockTag;

export const MAX_ADDRESSES = 100;

export interface TraceQuery {
  fromBlock: BlockRef;
  toBlock: BlockRef;
  /** Checksummed (EIP-55). */
  fromAddress?: string[];
  toAddress?: string[];
  after?: number;
  count?: number;
}

/** The transform's way to refuse a value: the issue names it, and the parse fails. */
function refuse(ctx: z.core.ParsePayload, input: unknown, message: string, path: PropertyKey[] = []) {
  ctx.issues.push({ code: "custom", message, input, path });
}

const numberOrText = z.union([z.number(), z.string()]);

const blockRef = z.pipe(
  numberOrText,
  z.transform((raw, ctx): BlockRef => {
    const text = String(raw).trim().toLowerCase();
    if ((BLOCK_TAGS as readonly string[]).includes(text)) return text as BlockTag;
    const value = /^0x[0-9a-f]+$/.test(text) ? Number.parseInt(text, 16) : /^\d+$/.test(text) ? Number(text) : NaN;
    if (!Number.isSafeInteger(value)) {
      refuse(ctx, raw, `must be a block number (decimal or 0x hex) or one of ${BLOCK_TAGS.join(", ")}`);
      return z.NEVER;
    }
    return value;
  }),
);

const quantity = (max: number) =>
  z.pipe(
    numberOrText,
    z.transform((raw, ctx) => {
      const text = String(raw).trim().toLowerCase();
      const value = /^0x[0-9a-f]+$/.test(text) ? Number.parseInt(text, 16) : /^\d+$/.test(text) ? Number(text) : NaN;
      if (!Number.isSafeInteger(value) || value > max) {
        refuse(ctx, raw, `must be a whole number from 0 to ${max}`);
        return z.NEVER;
      }
      return value;
    }),
  );

const addresses = z.pipe(
  z.union([z.string(), z.array(z.string())]),
  z.transform((raw, ctx) => {
    const list = (Array.isArray(raw) ? raw : raw.split(/[\s,]+/)).map((a) => a.trim()).filter(Boolean);
    if (list.length > MAX_ADDRESSES) {
      refuse(ctx, raw, `must list at most ${MAX_ADDRESSES} addresses`);
      return z.NEVER;
    }
    return list.map((address, index) => {
      if (isAddress(address)) return checksumAddress(address);
      const message = isAddress(address, { strict: false })
        ? `has a wrong EIP-55 checksum (a typo?): ${address}`
        : `is not an address (0x and 40 hex digits): ${address.slice(0, 60)}`;
      refuse(ctx, address, message, [index]);
      return address;
    });
  }),
);

const querySchema = z.strictObject(
  {
    fromBlock: blockRef,
    toBlock: blockRef,
    fromAddress: z.optional(addresses),
    toAddress: z.optional(addresses),
    after: z.optional(quantity(Number.MAX_SAFE_INTEGER)),
    count: z.optional(quantity(MAX_PAGE_TRACES)),
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? `is not a trace_filter field` : undefined) },
);

/** Parses a query; throws InputError naming the first bad field (e.g. `fromAddress[1]`). */
export function parseTraceQuery(input: unknown): TraceQuery {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    throw new InputError("body", "must be a JSON object with fromBlock and toBlock");
  }
  const parsed = querySchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.code === "unrecognized_keys" ? issue.keys[0]! : fieldName(issue.path);
    const missing = issue.path.length === 1 && (input as Record<string, unknown>)[String(issue.path[0])] === undefined;
    const message = missing ? "is required" : issue.message;
    throw new InputError(field, `${field} ${message}`);
  }
  const query = parsed.data;
  if (typeof query.fromBlock === "number" && typeof query.toBlock === "number" && query.fromBlock > query.toBlock) {
    throw new InputError("toBlock", "toBlock must not be below fromBlock");
  }
  return {
    ...query,
    fromAddress: query.fromAddress?.length ? query.fromAddress : undefined,
    toAddress: query.toAddress?.length ? query.toAddress : undefined,
  };
}

function fieldName(path: PropertyKey[]): string {
  return path.reduce<string>((name, part) => (typeof part === "number" ? `${name}[${part}]` : name ? `${name}.${String(part)}` : String(part)), "");
}
