import { describe, expect, it } from "vitest";
import { available, emptyLedger, giveBack, pause, permitLifeMs, take, type Ledger } from "@/lib/platform/limit-ledger";
import { settle } from "@/lib/platform/shared-limit-protocol";

const LIMIT = { requests: 120, windowSeconds: 30 };

describe("limit ledger (the Durable Object's book)", () => {
  it("grants a batch up to the limit, then says when room comes back", () => {
    let ledger: Ledger = emptyLedger();
    const first = take(ledger, { consumer: "Zones scan", wanted: 100 }, 0, LIMIT);
    ledger = first.ledger;
    expect(first.answer.granted).toBe(100);
    const second = take(ledger, { consumer: "Zones scan", wanted: 50 }, 10, LIMIT);
    expect(second.answer.granted).toBe(20);
    const third = take(second.ledger, { consumer: "Zones scan", wanted: 1 }, 20, LIMIT);
    expect(third.answer.granted).toBe(0);
    // The first grant leaves after the window, its margin, the answer's way back (up to the 2 s call timeout) and
    // the 1 s lease: a permit may be sent up to 3 s after its grant.
    expect(third.answer.waitMs).toBe(permitLifeMs(LIMIT) - 20);
    expect(permitLifeMs(LIMIT)).toBe(30_000 + 300 + 2_000 + 1_000);
    const later = take(third.ledger, { consumer: "Zones scan", wanted: 200 }, permitLifeMs(LIMIT), LIMIT);
    expect(later.answer.granted).toBe(100);
  });

  it("never has more than the limit granted in any permit life, whatever the asking", () => {
    let ledger = emptyLedger();
    const grants: Array<{ at: number; n: number }> = [];
    for (let now = 0; now < 200_000; now += 137) {
      const { ledger: next, answer } = take(ledger, { consumer: now % 2 ? "a" : "b", wanted: 7 }, now, LIMIT);
      ledger = next;
      if (answer.granted) grants.push({ at: now, n: answer.granted });
    }
    for (const g of grants) {
      const inLife = grants.filter((h) => h.at >= g.at && h.at < g.at + permitLifeMs(LIMIT)).reduce((s, h) => s + h.n, 0);
      expect(inLife).toBeLessThanOrEqual(LIMIT.requests);
    }
  });

  it("keeps a second consumer's fair share while the first asks for everything", () => {
    const a = take(emptyLedger(), { consumer: "Zones scan", wanted: 1 }, 0, LIMIT);
    const b = take(a.ledger, { consumer: "Certificate audit", wanted: 1 }, 1, LIMIT);
    const greedy = take(b.ledger, { consumer: "Zones scan", wanted: 200 }, 2, LIMIT);
    // Two active consumers: each is owed 60; the audit has had 1, so 59 stay held for it.
    expect(greedy.answer.granted).toBe(120 - 2 - 59);
    const audit = take(greedy.ledger, { consumer: "Certificate audit", wanted: 200 }, 3, LIMIT);
    expect(audit.answer.granted).toBe(59);
  });

  it("takes back the permits of a grant an isolate did not send", () => {
    const granted = take(emptyLedger(), { consumer: "Zones scan", wanted: 10 }, 5, LIMIT);
    const back = giveBack(granted.ledger, "Zones scan", 5, 4);
    expect(available(back, LIMIT)).toBe(114);
    // A give-back names its grant: another grant of the same consumer is not touched.
    expect(available(giveBack(back, "Zones scan", 6, 4), LIMIT)).toBe(114);
  });

  it("takes a give-back once when two isolates were granted in the same millisecond", () => {
    // The object's clock stands still within a call and moves in whole milliseconds: two grants may share `at`.
    const first = take(emptyLedger(), { consumer: "Zones scan", wanted: 6 }, 5, LIMIT);
    const second = take(first.ledger, { consumer: "Zones scan", wanted: 6 }, 5, LIMIT);
    expect(available(second.ledger, LIMIT)).toBe(108);
    // One isolate did not send 4 of its 6: 4 come back, not 4 from each grant (the other isolate sent all of its).
    expect(available(giveBack(second.ledger, "Zones scan", 5, 4), LIMIT)).toBe(112);
    expect(available(giveBack(second.ledger, "Zones scan", 5, 8), LIMIT)).toBe(116);
  });

  it("holds every consumer back during a 429's pause", () => {
    const paused = pause(emptyLedger(), 8_000);
    const answer = take(paused, { consumer: "Zones scan", wanted: 5 }, 1_000, LIMIT).answer;
    expect(answer).toMatchObject({ granted: 0, waitMs: 7_000 });
  });

  it("settles a call in order: give back, pause, take, and reports the limit's use", () => {
    const first = settle(emptyLedger(), { limit: LIMIT, consumer: "Zones scan", wanted: 120 }, 0);
    const { answer } = settle(
      first.ledger,
      { limit: LIMIT, consumer: "Zones scan", wanted: 3, giveBack: [{ consumer: "Zones scan", at: 0, count: 5 }] },
      100,
    );
    expect(answer.granted).toBe(3);
    expect(answer.available).toBe(2);
    expect(answer.consumers).toEqual([{ consumer: "Zones scan", calls: 118 }]);
    expect(() => settle(emptyLedger(), { limit: LIMIT, consumer: "", wanted: 1 }, 0)).toThrow();
  });
});
