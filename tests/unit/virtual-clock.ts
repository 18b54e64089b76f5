// Virtual time for tests: sleeping advances the clock at once, so waits are measured, not waited.
import type { Clock } from "@/lib/platform/clock";

export function virtualClock(start = 1_000_000): Clock & { slept: number[] } {
  let now = start;
  const slept: number[] = [];
  return {
    slept,
    now: () => now,
    sleep: async (ms) => {
      slept.push(ms);
      now += Math.max(0, ms);
    },
  };
}
