// A trace query as the caller writes it (the page's form, the URL, the POST body): parsed once, strictly;
// every mistake is a 400 naming the field. Pure and without zod, so the browser's form uses the same
// rules: zod (even zod/mini) was about 90 KiB gzipped of the Traces page's first load for six fields.
import { InputError } from "@/lib/errors/input-error";
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

const FIELDS = ["fromBlock", "toBlock", "fromAddress", "toAddress", "after", "count"] as const;

/** Parses a query; throws InputError naming the first bad field (e.g. `fromAddress[1]`). */
export function parseTraceQuery(input: unknown): TraceQuery {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    throw new InputError("body", "must be a JSON object with fromBlock and toBlock");
  }
  const raw = input as Record<string, unknown>;
  const query: TraceQuery = {
    fromBlock: blockRef(raw, "fromBlock"),
    toBlock: blockRef(raw, "toBlock"),
    fromAddress: addresses(raw, "fromAddress"),
    toAddress: addresses(raw, "toAddress"),
    after: quantity(raw, "after", Number.MAX_SAFE_INTEGER),
    count: quantity(raw, "count", MAX_PAGE_TRACES),
  };
  const unknown = Object.keys(raw).find((key) => !(FIELDS as readonly string[]).includes(key));
  if (unknown !== undefined) throw new InputError(unknown, `${unknown} is not a trace_filter field`);
  if (typeof query.fromBlock === "number" && typeof query.toBlock === "number" && query.fromBlock > query.toBlock) {
    throw new InputError("toBlock", "toBlock must not be below fromBlock");
  }
  return query;
}

/** A decimal or 0x-hex whole number as text (or a number); NaN when it is neither. */
function wholeNumber(value: number | string): number {
  const text = String(value).trim().toLowerCase();
  return /^0x[0-9a-f]+$/.test(text) ? Number.parseInt(text, 16) : /^\d+$/.test(text) ? Number(text) : Number.NaN;
}

function numberOrText(raw: Record<string, unknown>, field: string): number | string {
  const value = raw[field];
  if (value === undefined) throw new InputError(field, `${field} is required`);
  if (typeof value !== "number" && typeof value !== "string") throw new InputError(field, `${field} must be a number or text`);
  return value;
}

function blockRef(raw: Record<string, unknown>, field: string): BlockRef {
  const value = numberOrText(raw, field);
  const text = String(value).trim().toLowerCase();
  if ((BLOCK_TAGS as readonly string[]).includes(text)) return text as BlockTag;
  const number = wholeNumber(value);
  if (!Number.isSafeInteger(number)) {
    throw new InputError(field, `${field} must be a block number (decimal or 0x hex) or one of ${BLOCK_TAGS.join(", ")}`);
  }
  return number;
}

function quantity(raw: Record<string, unknown>, field: string, max: number): number | undefined {
  if (raw[field] === undefined) return undefined;
  const number = wholeNumber(numberOrText(raw, field));
  if (!Number.isSafeInteger(number) || number > max) throw new InputError(field, `${field} must be a whole number from 0 to ${max}`);
  return number;
}

/** A list or comma/space-separated text of addresses, each checked and checksummed; empty means absent. */
function addresses(raw: Record<string, unknown>, field: string): string[] | undefined {
  const value = raw[field];
  if (value === undefined) return undefined;
  const items = typeof value === "string" ? value.split(/[\s,]+/) : Array.isArray(value) ? value : undefined;
  if (!items || items.some((item) => typeof item !== "string")) throw new InputError(field, `${field} must be a list of addresses`);
  const list = (items as string[]).map((a) => a.trim()).filter(Boolean);
  if (list.length > MAX_ADDRESSES) throw new InputError(field, `${field} must list at most ${MAX_ADDRESSES} addresses`);
  const checked = list.map((address, index) => {
    if (isAddress(address)) return checksumAddress(address);
    const problem = isAddress(address, { strict: false })
      ? `has a wrong EIP-55 checksum (a typo?): ${address}`
      : `is not an address (0x and 40 hex digits): ${address.slice(0, 60)}`;
    throw new InputError(`${field}[${index}]`, `${field}[${index}] ${problem}`);
  });
  return checked.length ? checked : undefined;
}
