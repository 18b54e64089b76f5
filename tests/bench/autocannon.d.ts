// The part of autocannon 8's API the load figure uses (the package ships no types; no @types dependency added).
declare module "autocannon" {
  interface Options {
    url: string;
    connections: number;
    duration: number;
  }
  interface Result {
    latency: { p50: number; p99: number; max: number };
    requests: { total: number; average: number };
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
