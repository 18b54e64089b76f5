// The Durable Object that keeps one limit owner's rate limit for every isolate: its ledger lives in the
// object's storage (an idle object is evicted within seconds, well inside a window), the memory copy is a cache.
// An alarm forgets the ledger once its last permit has left the window.
import { emptyLedger, expire, permitLifeMs, type Ledger } from "../platform/limit-ledger";
import { limitRequestSchema, settle } from "../platform/shared-limit-protocol";
import type { RateLimit } from "../platform/rate-limiter";

/** The slice of the runtime's Durable Object state this class uses. */
export interface LimitObjectState {
  blockConcurrencyWhile<T>(work: () => Promise<T>): Promise<T>;
  storage: {
    get<T>(key: string): Promise<T | undefined>;
    put(key: string, value: unknown): Promise<void>;
    deleteAll(): Promise<void>;
    setAlarm(time: number): Promise<void>;
  };
}

interface Stored {
  ledger: Ledger;
  limit: RateLimit;
}

const KEY = "ledger";

export class AccountRateLimit {
  private stored: Stored | undefined;

  constructor(
    private readonly state: LimitObjectState,
    _env: unknown,
  ) {
    // No call is answered before the ledger is read back: a fresh object must not believe the window empty.
    void state.blockConcurrencyWhile(async () => {
      this.stored = await state.storage.get<Stored>(KEY);
    });
  }

  async fetch(request: Request): Promise<Response> {
    if (request.method !== "POST") return new Response("POST a limit request", { status: 405 });
    const parsed = limitRequestSchema.safeParse(await request.json().catch(() => undefined));
    if (!parsed.success) return new Response("not a limit request", { status: 400 });
    const { ledger, answer } = settle(this.stored?.ledger ?? emptyLedger(), parsed.data, Date.now());
    const stored = { ledger, limit: parsed.data.limit };
    this.stored = stored;
    // The answer leaves only once the ledger is stored (the runtime's output gate holds it until then).
    await this.state.storage.put(KEY, stored);
    await this.state.storage.setAlarm(Date.now() + permitLifeMs(stored.limit));
    return Response.json(answer);
  }

  async alarm(): Promise<void> {
    if (!this.stored) return;
    const ledger = expire(this.stored.ledger, Date.now(), this.stored.limit);
    if (ledger.grants.length === 0 && ledger.pausedUntil === 0) {
      this.stored = undefined;
      await this.state.storage.deleteAll();
      return;
    }
    this.stored = { ...this.stored, ledger };
    await this.state.storage.put(KEY, this.stored);
    await this.state.storage.setAlarm(Date.now() + permitLifeMs(this.stored.limit));
  }
}
