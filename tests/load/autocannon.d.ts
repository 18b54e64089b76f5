// What the load test adds to tests/bench/autocannon.d.ts's declaration: a request mix and a timeout.
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
  }
  interface Result {
    mismatches: number;
  }
}
