// What changed between the evidence frozen at creation and the account now, path by path. Pure.
import type { Difference } from "@/lib/reviews/schema";

const MAX_DIFFERENCES = 100;

export function diffJson(before: unknown, after: unknown, path = "", out: Difference[] = []): Difference[] {
  if (out.length >= MAX_DIFFERENCES) return out;
  if (isObject(before) && isObject(after)) {
    for (const key of [...new Set([...Object.keys(before), ...Object.keys(after)])].sort()) {
      diffJson(before[key], after[key], path ? `${path}.${key}` : key, out);
    }
  } else if (Array.isArray(before) && Array.isArray(after)) {
    for (let i = 0; i < Math.max(before.length, after.length); i++) diffJson(before[i], after[i], `${path}[${i}]`, out);
  } else if (JSON.stringify(before) !== JSON.stringify(after)) {
    out.push({ path: path || "(root)", before, after });
  }
  return out;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
