// Fault knobs for resilience tests: latency (steady, spikes, on writes), random 500s, truncated or wrongly
// shaped bodies and bursts of 429 (one-off or recurring). Seeded, so reproducible.
import { z } from "zod";
import { Random } from "./random";

export interface Faults {
  /** Added before every API response. */
  latencyMs: number;
  /** Probability (0..1) of a 500 envelope error. */
  errorRate: number;
  /** Probability (0..1) that a 200 answer's body is cut short (invalid JSON). */
  malformedRate: number;
  /** The next N API calls answer 429, then service resumes. */
  burst429: number;
  /** Retry-After sent with the burst's 429s (and the wait named by a depleted GraphQL budget). */
  retryAfterSeconds: number;
  /** The next N GraphQL queries are refused as over GraphQL analytics' own limit ("budget depleted"). */
  graphqlBudgetDepleted: number;
  /** GraphQL's `maxNumberOfFields` for every dataset (settings and checks), as a smaller plan would have; 0: the plan's. */
  graphqlMaxNumberOfFields: number;
  /** Probability (0..1) that a call starts a burst of `burst429Size` 429s (this call included). */
  burst429Rate: number;
  burst429Size: number;
  /** Probability (0..1) that a call waits `spikeMs` more before answering. */
  spikeRate: number;
  spikeMs: number;
  /** Probability (0..1) that a 200 answer is valid JSON in the envelope but with a result of the wrong shape. */
  wrongShapeRate: number;
  /** Added before the answer of every write (POST, PUT, PATCH, DELETE): a window to crash a client mid-call. */
  writeLatencyMs: number;
  /** How many accounts the token reaches: over 500, GET /zones without `account.id` is refused as the real API refuses it. */
  tokenAccounts: number;
}

export const DEFAULT_FAULTS: Faults = {
  latencyMs: 0,
  errorRate: 0,
  malformedRate: 0,
  burst429: 0,
  retryAfterSeconds: 1,
  graphqlBudgetDepleted: 0,
  graphqlMaxNumberOfFields: 0,
  burst429Rate: 0,
  burst429Size: 3,
  spikeRate: 0,
  spikeMs: 2000,
  wrongShapeRate: 0,
  writeLatencyMs: 0,
  tokenAccounts: 1,
};

const rate = z.number({ error: "must be a number between 0 and 1" }).min(0, "must be between 0 and 1").max(1, "must be between 0 and 1");
const count = (max: number) => {
  const problem = `must be a whole number between 0 and ${max}`;
  return z.number({ error: problem }).int(problem).min(0, problem).max(max, problem);
};

/** A partial update; unknown knobs are refused so a typo is not silently ignored. */
export const faultsPatchSchema = z
  .object({
    latencyMs: count(60_000),
    errorRate: rate,
    malformedRate: rate,
    burst429: count(1_000_000),
    retryAfterSeconds: count(86_400),
    graphqlBudgetDepleted: count(1_000_000),
    graphqlMaxNumberOfFields: count(1000),
    burst429Rate: rate,
    burst429Size: count(1000),
    spikeRate: rate,
    spikeMs: count(60_000),
    wrongShapeRate: rate,
    writeLatencyMs: count(60_000),
    tokenAccounts: count(1_000_000),
  })
  .partial()
  .strict();

/** The first problem of a faults patch, as "field: problem", or undefined when it is valid. */
export function faultsProblem(input: unknown): string | undefined {
  const parsed = faultsPatchSchema.safeParse(input);
  if (parsed.success) return undefined;
  const issue = parsed.error.issues[0];
  if (!issue) return "faults: invalid";
  if (issue.code === "unrecognized_keys") return `${issue.keys.join(", ")}: unknown fault knob`;
  const field = issue.path.length > 0 ? issue.path.join(".") : "faults";
  return `${field}: ${issue.message}`;
}

export class FaultInjector {
  private current: Faults;
  private rng: Random;

  constructor(
    private readonly initial: Partial<Faults>,
    private readonly seed: number,
  ) {
    this.current = { ...DEFAULT_FAULTS, ...faultsPatchSchema.parse(initial) };
    this.rng = new Random(this.faultSeed());
  }

  get(): Faults {
    return { ...this.current };
  }

  /** Merges a validated patch; throws on an invalid one (check with faultsProblem first). */
  merge(patch: unknown): Faults {
    this.current = { ...this.current, ...faultsPatchSchema.parse(patch) };
    return this.get();
  }

  reset(): void {
    this.current = { ...DEFAULT_FAULTS, ...faultsPatchSchema.parse(this.initial) };
    this.rng = new Random(this.faultSeed());
  }

  /** True while a 429 burst lasts; each call uses one. A recurring burst may start on this call. */
  takeBurst(): boolean {
    if (this.current.burst429 <= 0 && this.roll(this.current.burst429Rate)) this.current.burst429 = this.current.burst429Size;
    if (this.current.burst429 <= 0) return false;
    this.current.burst429 -= 1;
    return true;
  }

  /** True while forced GraphQL budget refusals last; each GraphQL query uses one. */
  takeGraphqlBudgetDepleted(): boolean {
    if (this.current.graphqlBudgetDepleted <= 0) return false;
    this.current.graphqlBudgetDepleted -= 1;
    return true;
  }

  rollError(): boolean {
    return this.roll(this.current.errorRate);
  }

  rollMalformed(): boolean {
    return this.roll(this.current.malformedRate);
  }

  rollWrongShape(): boolean {
    return this.roll(this.current.wrongShapeRate);
  }

  /** The wait before this call's answer: steady latency, a seeded spike, and the writes' own latency. */
  delayFor(method: string): number {
    const spike = this.roll(this.current.spikeRate) ? this.current.spikeMs : 0;
    const write = method === "GET" ? 0 : this.current.writeLatencyMs;
    return this.current.latencyMs + spike + write;
  }

  /** Draws only when the rate is set, so enabling one knob does not shift the other's sequence. */
  private roll(probability: number): boolean {
    if (probability <= 0) return false;
    if (probability >= 1) return true;
    return this.rng.chance(probability);
  }

  private faultSeed(): number {
    // Separate stream from the data's: fault decisions must not depend on how much data was seeded.
    return (this.seed ^ 0x5eed_fa17) >>> 0;
  }
}

/** A well-formed envelope whose result is of no shape any endpoint serves: the client's schema must catch it. */
export function wrongShapeBody(body: string): string {
  const envelope = JSON.parse(body) as Record<string, unknown>;
  return JSON.stringify({ ...envelope, result: "sandbox: wrong shape" });
}

/** A strict prefix of a JSON object is never valid JSON: its outer brace stays open. */
export function truncateBody(body: string): string {
  return body.slice(0, Math.max(1, Math.floor(body.length / 2)));
}
