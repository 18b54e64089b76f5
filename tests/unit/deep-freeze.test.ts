// deepFreeze reaches every object under the value (arrays, nested objects, shared and cyclic ones).
import { describe, expect, it } from "vitest";
import { deepFreeze } from "@/lib/deep-freeze";

describe("deepFreeze", () => {
  it("freezes nested objects and arrays, and leaves primitives as they are", () => {
    const shared = { code: "x" };
    const value = { a: [shared, { b: { c: [1, 2] } }], d: shared, e: null, f: "text" };
    expect(deepFreeze(value)).toBe(value);
    for (const object of [value, value.a, shared, value.a[1]!, (value.a[1] as { b: object }).b, (value.a[1] as { b: { c: number[] } }).b.c])
      expect(Object.isFrozen(object)).toBe(true);
    expect(() => ((value.a[1] as { b: { c: number[] } }).b.c[0] = 3)).toThrow(TypeError);
    expect(deepFreeze(7)).toBe(7);
    expect(deepFreeze(null)).toBe(null);
  });

  it("ends on a cycle", () => {
    const cyclic: { self?: unknown; list: unknown[] } = { list: [] };
    cyclic.self = cyclic;
    cyclic.list.push(cyclic);
    expect(Object.isFrozen(deepFreeze(cyclic))).toBe(true);
    expect(Object.isFrozen(cyclic.list)).toBe(true);
  });
});
