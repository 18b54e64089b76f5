// One zone's comparison over a window: the window's events read (or continued, or taken from the window
// cache), joined by request and summarized. An incomplete read answers what it has with a cursor.
import "server-only";
import type { PlatformClient } from "@/lib/platform/client";
import { NotFoundError } from "@/lib/http/not-found-error";
import { GraphqlError } from "@/lib/platform/graphql";
import { checkIdentifier } from "@/lib/platform/paths";
import type { ComparedRequest } from "@/lib/validation/join";
import { readWindow, type ReadOptions, type WindowReadResult } from "@/lib/validation/read-window";
import { summarize, type ValidationSummary } from "@/lib/validation/summary";
import { requestsSoFar, type WindowRead } from "@/lib/validation/window-read";
import type { TimeWindow } from "@/lib/validation/window";

/** The documented summary plus how far the read got: `complete`, and else `cursor` (and a wait). */
export type ValidationAnswer = ValidationSummary & Omit<WindowReadResult, "read">;

export interface ZoneComparison {
  requests: ComparedRequest[];
  answer: ValidationAnswer;
}

/** A complete read's summary is made once, however often the page (or a second viewer) asks for it. */
const summaries = new WeakMap<WindowRead, ValidationSummary>();

export async function compareZone(platform: PlatformClient, zoneId: string, window: TimeWindow, options: ReadOptions = {}): Promise<ZoneComparison> {
  checkIdentifier("id", zoneId);
  const { read, ...progress } = await readWindow(platform, zoneId, window, options).catch((error: unknown) => {
    // The analytics API says an unknown zone "does not exist": that is a 404, not the platform failing.
    if (error instanceof GraphqlError && error.graphqlErrors.some((e) => /does not exist/.test(e.message))) throw new NotFoundError(`There is no zone ${zoneId} in the account`);
    throw error;
  });
  const { requests, events } = requestsSoFar(read);
  let summary = summaries.get(read);
  if (!summary) {
    summary = summarize(zoneId, read.window, requests, events, progress.progress.slices);
    if (progress.complete) summaries.set(read, summary);
  }
  return { requests, answer: { ...summary, ...progress } };
}
