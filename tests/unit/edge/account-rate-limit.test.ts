import { describe, expect, it, vi } from "vitest";
import { AccountRateLimit, type LimitObjectState } from "@/lib/edge/account-rate-limit";
import { permitLifeMs } from "@/lib/platform/limit-ledger";
import { limitAnswerSchema, type LimitRequest } from "@/lib/platform/shared-limit-protocol";

/** The object's storage as the runtime keeps it: it outlives the instance (an evicted object is built anew). */
function durableStorage() {
  const data = new Map<string, unknown>();
  const alarms: number[] = [];
  const state: LimitObjectState = {
    blockConcurrencyWhile: (work) => work(),
    storage: {
      get: async <T>(key: string) => structuredClone(data.get(key)) as T | undefined,
      put: async (key, value) => void data.set(key, structuredClone(value)),
      deleteAll: async () => data.clear(),
      setAlarm: async (time) => void alarms.push(time),
    },
  };
  return { state, data, alarms };
}

const LIMIT = { requests: 120, windowSeconds: 30 };
const ask = async (object: AccountRateLimit, body: LimitRequest | string) => {
  const response = await object.fetch(
    new Request("https://rate-limit.preflight.internal/", { method: "POST", body: typeof body === "string" ? body : JSON.stringify(body) }),
  );
  return response.ok ? limitAnswerSchema.parse(await response.json()) : response.status;
};

describe("AccountRateLimit (the Durable Object)", () => {
  it("keeps the window's ledger in storage: an object evicted and built anew knows what was granted", async () => {
    const { state, alarms } = durableStorage();
    const first = new AccountRateLimit(state, {});
    await new Promise((resolve) => setTimeout(resolve, 0)); // the constructor's read
    expect(await ask(first, { limit: LIMIT, consumer: "Zones scan", wanted: 100 })).toMatchObject({ granted: 100 });
    const evicted = new AccountRateLimit(state, {});
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await ask(evicted, { limit: LIMIT, consumer: "Zones scan", wanted: 100 })).toMatchObject({ granted: 20, available: 0 });
    // An alarm is set to forget the ledger after its last permit has left the window.
    expect(alarms.length).toBe(2);
  });

  it("forgets the ledger at its alarm once every permit has left the window", async () => {
    const { state, data } = durableStorage();
    const limit = { requests: 10, windowSeconds: 1 };
    vi.useFakeTimers({ toFake: ["Date"], now: 1_000_000 });
    try {
      const object = new AccountRateLimit(state, {});
      await new Promise((resolve) => setTimeout(resolve, 0));
      await ask(object, { limit, consumer: "Zones scan", wanted: 1 });
      expect(data.size).toBe(1);
      vi.setSystemTime(1_000_000 + permitLifeMs(limit) - 1);
      await object.alarm(); // too early: the permit may still be sent, or counted by the platform
      expect(data.size).toBe(1);
      vi.setSystemTime(1_000_000 + permitLifeMs(limit));
      await object.alarm();
      expect(data.size).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it("refuses what is not a limit request", async () => {
    const { state } = durableStorage();
    const object = new AccountRateLimit(state, {});
    expect(await ask(object, "{}")).toBe(400);
    expect(await ask(object, { limit: LIMIT, consumer: "x", wanted: -1 } as LimitRequest)).toBe(400);
  });
});
