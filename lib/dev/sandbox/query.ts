// Query-string readers that refuse bad values with a BadQueryError naming the parameter, never a crash.
import { BadQueryError } from "./errors";

/** The first value of each parameter, as the handlers read them (the call log records the same). */
export function queryObject(query: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of query) if (!(name in out)) out[name] = value;
  return out;
}

export function readInteger(query: URLSearchParams, name: string, bounds: { min: number; max: number; fallback: number }): number {
  const raw = query.get(name);
  if (raw === null) return bounds.fallback;
  const problem = `must be an integer between ${bounds.min} and ${bounds.max}`;
  // A digit-count cap keeps absurd values from becoming Infinity or losing precision.
  if (!/^\d{1,15}$/.test(raw)) throw new BadQueryError(name, problem);
  const value = Number(raw);
  if (value < bounds.min || value > bounds.max) throw new BadQueryError(name, problem);
  return value;
}

export function readEnum<T extends string>(
  query: URLSearchParams,
  name: string,
  values: readonly T[],
  caseInsensitive = false,
): T | undefined {
  const raw = query.get(name);
  if (raw === null) return undefined;
  const wanted = caseInsensitive ? raw.toLowerCase() : raw;
  const found = values.find((value) => (caseInsensitive ? value.toLowerCase() : value) === wanted);
  if (found === undefined) throw new BadQueryError(name, `must be one of ${values.join(", ")}`);
  return found;
}

export function readText(query: URLSearchParams, name: string, maxLength: number): string | undefined {
  const raw = query.get(name);
  if (raw === null) return undefined;
  if (raw.length > maxLength) throw new BadQueryError(name, `must be at most ${maxLength} characters`);
  return raw;
}
