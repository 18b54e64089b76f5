// JSON-RPC 2.0 to the gateway, through the request's Scheduler (6 in flight, budget, retries, timeout).
// The URL may carry a key: it is used here and nowhere else, and no message ever names it.
import "server-only";
import { z } from "zod";
import type { BodyReader, Scheduler, UpstreamResponse } from "@/lib/platform/scheduler";
import { UndeclaredUpstreamError } from "@/lib/errors/internal-errors";
import { GatewayError } from "@/lib/errors/gateway-errors";
import { readTraceAnswer, type RecordsSoFar } from "./answer-parser";
import type { TraceFilterCall } from "./fetch-traces";
import type { TraceRecord } from "./trace-record";
import { traceListSchema } from "./trace-schema";

const envelopeSchema = z.union([
  z.object({ jsonrpc: z.literal("2.0"), error: z.object({ code: z.number().int(), message: z.string() }) }),
  z.object({ jsonrpc: z.literal("2.0"), result: z.unknown() }),
]);

const blockSchema = z.object({ number: z.string().regex(/^0x[0-9a-fA-F]+$/), hash: z.string() });

const minedTransactionSchema = z.object({
  blockNumber: z
    .string()
    .regex(/^0x[0-9a-fA-F]+$/)
    .nullable(),
  blockHash: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/)
    .nullable(),
});

function jsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const hexQuantity = (value: number) => `0x${value.toString(16)}`;

export class GatewayClient {
  private id = 0;

  constructor(
    private readonly url: string,
    readonly scheduler: Scheduler,
    /** The operation's declared calls, as ("RPC", method); anything else is refused unsent. */
    private readonly allows: (method: string, path: string) => boolean = () => true,
  ) {}

  /**
   * One trace_filter call. The answer is read as it arrives, each record checked against the trace
   * schema once its bytes are in, and kept as the node sent them (answer-parser.ts); `onRecords` is
   * told them as they are checked (every attempt's: a retry's answer is a new array).
   */
  async traceFilter(filter: TraceFilterCall, onRecords?: RecordsSoFar): Promise<TraceRecord[]> {
    const params = {
      fromBlock: hexQuantity(filter.fromBlock),
      toBlock: hexQuantity(filter.toBlock),
      ...(filter.fromAddress ? { fromAddress: filter.fromAddress } : {}),
      ...(filter.toAddress ? { toAddress: filter.toAddress } : {}),
      // Numbers, as in the gateway's own example (some nodes refuse hex strings here).
      ...(filter.after !== undefined ? { after: filter.after } : {}),
      ...(filter.count !== undefined ? { count: filter.count } : {}),
    };
    // Records are passed on as they arrive only from a successful HTTP answer.
    const read = (body: ReadableStream<Uint8Array> | null, status: number) =>
      readTraceAnswer(body, status >= 200 && status <= 299 ? onRecords : undefined);
    const answer = await this.call("trace_filter", [params], read);
    const result = this.result("trace_filter", answer.status, answer.body.envelope);
    if (result === null) return []; // OpenEthereum's answer when nothing matched
    const { records, badRecord } = answer.body;
    if (records !== undefined && result === records) {
      if (badRecord !== undefined) throw malformed("trace_filter", `a trace record is not readable (${badRecord})`);
      return records;
    }
    // Not an array (an array is always read record by record): zod says what it is not.
    const parsed = traceListSchema.safeParse(result);
    throw malformed("trace_filter", `a trace record is not readable (${parsed.error?.issues[0]?.path.join(".")})`);
  }

  /** The number of the block a tag names (`latest`, `finalized`…), or undefined if the node has none. */
  async blockNumber(tag: string): Promise<number | undefined> {
    const response = await this.call("eth_getBlockByNumber", [tag, false]);
    let body: unknown;
    try {
      body = JSON.parse(response.body);
    } catch {
      body = undefined;
    }
    const result = this.result("eth_getBlockByNumber", response.status, body);
    if (result === null) return undefined;
    const parsed = blockSchema.safeParse(result);
    if (!parsed.success) throw malformed("eth_getBlockByNumber", "the block is not readable");
    return Number.parseInt(parsed.data.number, 16);
  }

  /** The contract code at `address` as of a block ("0x" for an account without code). */
  async getCode(address: string, block: number | "latest"): Promise<string> {
    return this.hexResult("eth_getCode", [address, block === "latest" ? block : hexQuantity(block)]);
  }

  /** One storage word of `address` at block `blockNumber` (a proxy's implementation slot). */
  async getStorageAt(address: string, slot: string, block: number | "latest"): Promise<string> {
    return this.hexResult("eth_getStorageAt", [address, slot, block === "latest" ? block : hexQuantity(block)]);
  }

  /** The transaction's block, or undefined when the node does not know the hash (or has not mined it). */
  async transactionBlock(hash: string): Promise<{ blockNumber: number; blockHash: string } | undefined> {
    const response = await this.call("eth_getTransactionByHash", [hash]);
    const result = this.result("eth_getTransactionByHash", response.status, jsonOrUndefined(response.body));
    if (result === null) return undefined;
    const parsed = minedTransactionSchema.safeParse(result);
    if (!parsed.success) throw malformed("eth_getTransactionByHash", "the transaction is not readable");
    if (parsed.data.blockNumber === null || parsed.data.blockHash === null) return undefined; // pending: no traces yet
    return { blockNumber: Number.parseInt(parsed.data.blockNumber, 16), blockHash: parsed.data.blockHash };
  }

  private async hexResult(method: string, params: unknown[]): Promise<string> {
    const response = await this.call(method, params);
    const result = this.result(method, response.status, jsonOrUndefined(response.body));
    if (typeof result !== "string" || !/^0x[0-9a-fA-F]*$/.test(result)) throw malformed(method, "the result is not hex");
    return result.toLowerCase();
  }

  private call(method: string, params: unknown[]): Promise<UpstreamResponse>;
  private call<B>(method: string, params: unknown[], read: BodyReader<B>): Promise<UpstreamResponse<B>>;
  private async call<B>(method: string, params: unknown[], read?: BodyReader<B>): Promise<UpstreamResponse<B | string>> {
    if (!this.allows("RPC", method)) throw new UndeclaredUpstreamError(`RPC ${method}`);
    const request = {
      method: "POST" as const,
      url: this.url,
      operation: `gateway ${method}`,
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", method, params, id: ++this.id }),
      idempotent: true, // every method Preflight calls only reads
    };
    return read ? this.scheduler.send(request, read) : this.scheduler.send(request);
  }

  /** The JSON-RPC `result` of an answer (`body`: its JSON, undefined when it is not JSON), or the error it is. */
  private result(method: string, status: number, body: unknown): unknown {
    if (status === 403) {
      throw new GatewayError(
        "method_not_supported",
        method,
        `The gateway refused ${method} (HTTP 403): it does not support this method.`,
        undefined,
        403,
      );
    }
    const envelope = envelopeSchema.safeParse(body);
    if (!envelope.success) {
      if (status < 200 || status > 299) {
        throw new GatewayError("http", method, `The gateway answered ${method} with HTTP ${status}.`, undefined, status);
      }
      throw malformed(method, "the answer is not JSON-RPC 2.0");
    }
    if ("error" in envelope.data) {
      const { code, message } = envelope.data.error;
      throw new GatewayError(
        "jsonrpc",
        method,
        `The node refused ${method}: ${message.slice(0, 300)} (JSON-RPC error ${code}).`,
        code,
        status,
      );
    }
    return envelope.data.result;
  }
}

function malformed(method: string, problem: string) {
  return new GatewayError("malformed", method, `The gateway's answer to ${method} could not be read: ${problem}.`);
}
