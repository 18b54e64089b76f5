// The part of autocannon 8's API the load figure uses (the package ships no types; no @types dependency added).
declare module "autocannon" {
  interface Options {
    url: string;
    connections: number;
    /** Seconds to run; or `amount` (tests/load/autocannon.d.ts) requests in all. */
    duration?: number;
    headers?: Record<string, string>;
  }
  interface Result {
    latency: { p50: number; p99: number; max: number };
    requests: { total: number; average: number };
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  /** A running load: its result when awaited, and an event per answer (its latency in milliseconds). */
  interface Instance extends PromiseLike<Result> {
    on(event: "response", listener: (client: unknown, statusCode: number, bytes: number, responseTimeMs: number) => void): this;
  }
  export default function autocannon(options: Options): Instance;
}
