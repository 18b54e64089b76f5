// Values kept and reused on the understanding that they never change (a cached row next to its JSON)
// are frozen all the way down, so that a later change fails (TypeError in strict code) instead of
// silently making what was kept with them stale.

/** Freezes `value` and every object reachable from it; returns it. Typed arrays cannot be frozen: not for them. */
export function deepFreeze<T>(value: T, seen = new Set<object>()): T {
  if (typeof value !== "object" || value === null || seen.has(value)) return value;
  seen.add(value);
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child, seen);
  return value;
}
