// Query parameters of the JSON operations, checked: a bad value is a 400 naming the parameter.
import { InputError } from "@/lib/errors/input-error";

export function queryEnum<T extends string>(url: URL, name: string, values: readonly T[], fallback: T): T {
  const raw = url.searchParams.get(name);
  if (raw === null || raw === "") return fallback;
  if (!(values as readonly string[]).includes(raw)) throw new InputError(name, `${name} must be one of ${values.join(", ")}`);
  return raw as T;
}

/** `1`/`true` or `0`/`false`; absent is false. */
export function queryFlag(url: URL, name: string): boolean {
  const value = queryEnum(url, name, ["1", "true", "0", "false"] as const, "0");
  return value === "1" || value === "true";
}

export function queryText(url: URL, name: string, maxLength = 2048): string | undefined {
  const raw = url.searchParams.get(name);
  if (raw === null || raw === "") return undefined;
  if (raw.length > maxLength) throw new InputError(name, `${name} must be at most ${maxLength} characters`);
  return raw;
}
