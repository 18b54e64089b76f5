// What the sandbox's call log says of a limit: the most calls that started in any window-long interval, and
// the 429s. The log is the ground truth (what reached the platform), never Preflight's own word. Pure.

export interface LoggedCall {
  startedAt: number;
  status: number;
}

/** The most calls that started within any interval `windowMs` long (each call opens one such interval). */
export function busiestWindow(calls: readonly LoggedCall[], windowMs: number): number {
  const times = calls.map((c) => c.startedAt).sort((a, b) => a - b);
  let most = 0;
  let first = 0;
  for (let last = 0; last < times.length; last++) {
    while (times[last]! - times[first]! >= windowMs) first++;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

export function tooMany(calls: readonly LoggedCall[]): number {
  return calls.filter((c) => c.status === 429).length;
}
