// The call log: what clients asked the API, how long it took and how many calls overlapped (the scheduler's cap).

export interface CallRecord {
  method: string;
  /** Full request path, e.g. `/client/v4/zones`. */
  path: string;
  /** The request target exactly as sent, before URL parsing folds `..` or decodes anything. */
  target: string;
  query: Record<string, string>;
  status: number;
  /** Wall-clock epoch milliseconds (not the injected clock: durations must be real). */
  startedAt: number;
  endedAt: number;
  durationMs: number;
  /** API requests being handled when this one started, including this one. */
  inFlight: number;
  /** false when the client was gone before the answer could be sent (a restart, a dropped connection). */
  delivered: boolean;
  /** POST /graphql only: the query's operation name and variables, and the first error's code if refused. */
  graphql?: GraphqlCall;
  /** The client's `X-Preflight-Request` id: which of its server requests made this call. */
  request?: string;
  /** Calls of that same server request being handled when this one started, including this one. */
  requestInFlight?: number;
  /** The credential that authenticated the call (`token`, `token:<account key>`, `token:group`, `legacy-key`), never its secret. */
  credential?: string;
  /** The id of the account the call was about: the zone's, or the credential's only account. */
  account?: string;
}

export interface GraphqlCall {
  operationName?: string;
  variables?: Record<string, unknown>;
  errorCode?: string;
}

/** Oldest entries are dropped past this, so a long demo run cannot grow memory without bound. */
const MAX_RECORDS = 100_000;

export class CallLog {
  private records: CallRecord[] = [];
  private active = 0;
  private max = 0;
  private readonly activeByRequest = new Map<string, number>();
  /** Per client request id: calls made and the most in flight at once (kept whole, unlike the capped records). */
  private byRequest = new Map<string, { calls: number; peakInFlight: number }>();

  /** Marks a call as started; the returned function records it with its final status. */
  begin(
    method: string,
    path: string,
    query: Record<string, string>,
    target = path,
    request?: string,
  ): (status: number, extra?: { delivered?: boolean; graphql?: GraphqlCall; credential?: string; account?: string }) => void {
    this.active += 1;
    this.max = Math.max(this.max, this.active);
    const inFlight = this.active;
    const requestInFlight = request === undefined ? undefined : (this.activeByRequest.get(request) ?? 0) + 1;
    if (request !== undefined) {
      this.activeByRequest.set(request, requestInFlight!);
      const summary = this.byRequest.get(request) ?? { calls: 0, peakInFlight: 0 };
      this.byRequest.set(request, { calls: summary.calls + 1, peakInFlight: Math.max(summary.peakInFlight, requestInFlight!) });
    }
    const startedAt = Date.now();
    const started = performance.now();
    let done = false;
    return (status, { delivered = true, graphql, credential, account } = {}) => {
      if (done) return;
      done = true;
      this.active -= 1;
      if (request !== undefined) {
        const left = this.activeByRequest.get(request)! - 1;
        if (left === 0) this.activeByRequest.delete(request);
        else this.activeByRequest.set(request, left);
      }
      const durationMs = Math.round((performance.now() - started) * 100) / 100;
      const tag = request === undefined ? {} : { request, requestInFlight };
      this.records.push({
        method,
        path,
        target,
        query,
        status,
        startedAt,
        endedAt: Date.now(),
        durationMs,
        inFlight,
        delivered,
        ...tag,
        ...(credential ? { credential } : {}),
        ...(account ? { account } : {}),
        ...(graphql ? { graphql } : {}),
      });
      if (this.records.length > MAX_RECORDS) this.records.splice(0, this.records.length - MAX_RECORDS);
    };
  }

  list(): CallRecord[] {
    return [...this.records];
  }

  /** Every tagged server request of the client: how many calls it made and its peak in flight. */
  requests(): Array<{ request: string; calls: number; peakInFlight: number }> {
    return [...this.byRequest].map(([request, summary]) => ({ request, ...summary }));
  }

  get maxInFlight(): number {
    return this.max;
  }

  /** Forgets the log; calls still running keep counting toward the next maximum. */
  clear(): void {
    this.records = [];
    this.byRequest = new Map();
    this.max = this.active;
  }
}
