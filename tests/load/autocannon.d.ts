// What the load test adds to tests/bench/autocannon.d.ts's declaration: a request mix, a timeout and a request count.
declare module "autocannon" {
  interface Request {
    method?: string;
    path: string;
    headers?: Record<string, string>;
    body?: string;
    onResponse?: (status: number, body: string) => void;
  }
  interface Options {
    requests?: Request[];
    timeout?: number;
    /** Requests in all, spread over the connections; the run ends when they are answered (duration is then ignored). */
    amount?: number;
  }
  interface Result {
    mismatches: number;
  }
}
