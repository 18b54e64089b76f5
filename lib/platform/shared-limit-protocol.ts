// What an isolate asks the limit's Durable Object and what it answers: one call gives back unused permits,
// passes on a 429's pause and takes the next batch. zod on both sides: the object is another program.
import { z } from "zod";
import { consumerUses, expire, giveBack, pause, take, available, type Ledger } from "@/lib/platform/limit-ledger";

export const limitRequestSchema = z.object({
  limit: z.object({ requests: z.number().int().min(1), windowSeconds: z.number().int().min(1) }),
  consumer: z.string().min(1).max(100),
  /** Permits wanted now; 0 only gives back or pauses. */
  wanted: z.number().int().min(0).max(1000),
  giveBack: z
    .array(z.object({ consumer: z.string().min(1).max(100), at: z.number(), count: z.number().int().min(1) }))
    .max(1000)
    .default([]),
  pauseUntil: z.number().optional(),
});
export type LimitRequest = z.input<typeof limitRequestSchema>;

export const limitAnswerSchema = z.object({
  granted: z.number().int().min(0),
  at: z.number(),
  waitMs: z.number().min(0),
  available: z.number().int().min(0),
  pausedUntil: z.number(),
  consumers: z.array(z.object({ consumer: z.string(), calls: z.number().int().min(0) })),
});
export type LimitAnswer = z.infer<typeof limitAnswerSchema>;

/** The object's work for one call, in order: give back, pause, take; then what the limit looks like. Pure. */
export function settle(before: Ledger, raw: LimitRequest, now: number): { ledger: Ledger; answer: LimitAnswer } {
  const request = limitRequestSchema.parse(raw);
  let ledger = expire(before, now, request.limit);
  for (const g of request.giveBack) ledger = giveBack(ledger, g.consumer, g.at, g.count);
  if (request.pauseUntil !== undefined) ledger = pause(ledger, request.pauseUntil);
  let granted = { granted: 0, at: now, waitMs: 0 };
  if (request.wanted > 0) {
    const taken = take(ledger, { consumer: request.consumer, wanted: request.wanted }, now, request.limit);
    ledger = taken.ledger;
    granted = taken.answer;
  }
  return {
    ledger,
    answer: {
      ...granted,
      available: available(ledger, request.limit),
      pausedUntil: ledger.pausedUntil,
      consumers: consumerUses(ledger).map(({ consumer, calls }) => ({ consumer, calls })),
    },
  };
}
