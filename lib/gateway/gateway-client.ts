// JSON-RPC 2.0 to the gateway, through the request's Scheduler (6 in flight, budget, retries, timeout).
// The URL may carry a key: it is used here and nowhere else, and no message ever names it.
import "server-only";
import { z } from "zod";
import type { Scheduler } from "@/lib/platform/scheduler";
import { UndeclaredUpstreamError } from "@/lib/errors/internal-errors";
import { GatewayError } from "@/lib/errors/gateway-errors";
import type { TraceFilterCall } from "./fetch-traces";
import type { Trace } from "./trace";
import { traceListSchema } from "./trace-schema";

const envelopeSchema = z.union([
  z.object({ jsonrpc: z.literal("2.0"), error: z.object({ code: z.number().int(), message: z.string() }) }),
  z.object({ jsonrpc: z.literal("2.0"), result: z.unknown() }),
]);

const blockSchema = z.object({ number: z.string().regex(/^0x[0-9a-fA-F]+$/), hash: z.string() });

const hexQuantity = (value: number) => `0x${value.toString(16)}`;

export class GatewayClient {
  private id = 0;

  constructor(
    private readonly url: string,
    readonly scheduler: Scheduler,
    /** The operation's declared calls, as ("RPC", method); anything else is refused unsent. */
    private readonly allows: (method: string, path: string) => boolean = () => true,
  ) {}

  /** One trace_filter call; the records come back exactly as the node sent them. */
  async traceFilter(filter: TraceFilterCall): Promise<Trace[]> {
    const params = {
      fromBlock: hexQuantity(filter.fromBlock),
      toBlock: hexQuantity(filter.toBlock),
      ...(filter.fromAddress ? { fromAddress: filter.fromAddress } : {}),
      ...(filter.toAddress ? { toAddress: filter.toAddress } : {}),
      // Numbers, as in the gateway's own example (some nodes refuse hex strings here).
      ...(filter.after !== undefined ? { after: filter.after } : {}),
      ...(filter.count !== undefined ? { count: filter.count } : {}),
    };
    const result = await this.call("trace_filter", [params]);
    if (result === null) return []; // OpenEthereum's answer when nothing matched
    const parsed = traceListSchema.safeParse(result);
    if (!parsed.success) throw malformed("trace_filter", `a trace record is not readable (${parsed.error.issues[0]?.path.join(".")})`);
    return result as Trace[];
  }

  /** The number of the block a tag names (`latest`, `finalized`…), or undefined if the node has none. */
  async blockNumber(tag: string): Promise<number | undefined> {
    const result = await this.call("eth_getBlockByNumber", [tag, false]);
    if (result === null) return undefined;
    const parsed = blockSchema.safeParse(result);
    if (!parsed.success) throw malformed("eth_getBlockByNumber", "the block is not readable");
    return Number.parseInt(parsed.data.number, 16);
  }

  private async call(method: string, params: unknown[]): Promise<unknown> {
    if (!this.allows("RPC", method)) throw new UndeclaredUpstreamError(`RPC ${method}`);
    const response = await this.scheduler.send({
      method: "POST",
      url: this.url,
      operation: `gateway ${method}`,
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", method, params, id: ++this.id }),
      idempotent: true, // every method Preflight calls only reads
    });
    if (response.status === 403) {
      throw new GatewayError("method_not_supported", method, `The gateway refused ${method} (HTTP 403): it does not support this method.`, undefined, 403);
    }
    let body: unknown;
    try {
      body = JSON.parse(response.body);
    } catch {
      body = undefined;
    }
    const envelope = envelopeSchema.safeParse(body);
    if (!envelope.success) {
      if (response.status < 200 || response.status > 299) {
        throw new GatewayError("http", method, `The gateway answered ${method} with HTTP ${response.status}.`, undefined, response.status);
      }
      throw malformed(method, "the answer is not JSON-RPC 2.0");
    }
    if ("error" in envelope.data) {
      const { code, message } = envelope.data.error;
      throw new GatewayError("jsonrpc", method, `The node refused ${method}: ${message.slice(0, 300)} (JSON-RPC error ${code}).`, code, response.status);
    }
    return envelope.data.result;
  }
}

function malformed(method: string, problem: string) {
  return new GatewayError("malformed", method, `The gateway's answer to ${method} could not be read: ${problem}.`);
}
