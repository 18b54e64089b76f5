import { describe, expect, it } from "vitest";
import { z } from "zod";
import { InvalidCursorError } from "@/lib/errors/input-error";
import { cursorOperation, decodeCursor, encodeCursor } from "@/lib/platform/cursor";

describe("continuation cursors", () => {
  it("round-trip the state of the operation that made them", () => {
    const cursor = encodeCursor("zones", { page: 3 });
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor("zones", { page: z.number() }, cursor)).toEqual({ op: "zones", page: 3 });
  });

  it.each([
    ["another operation's cursor", encodeCursor("certificates", { page: 3 })],
    ["a cursor with a wrong field", encodeCursor("zones", { page: "3" })],
    ["garbage", "not a cursor!"],
    ["base64 that is not JSON", Buffer.from("hello").toString("base64url")],
    ["a path", "../../zones"],
    ["an oversized value", "A".repeat(5000)],
  ])("refuses %s with an error naming the cursor field", (_, cursor) => {
    expect(() => decodeCursor("zones", { page: z.number() }, cursor)).toThrow(InvalidCursorError);
    try {
      decodeCursor("zones", { page: z.number() }, cursor);
    } catch (error) {
      expect((error as InvalidCursorError).field).toBe("cursor");
    }
  });
});

describe("cursorOperation", () => {
  it("names the operation a cursor continues, and nothing for what is not a cursor", () => {
    expect(cursorOperation(encodeCursor("snapshot-zones", { part: 1 }))).toBe("snapshot-zones");
    expect(cursorOperation(encodeCursor("zones", { page: 3 }))).toBe("zones");
    expect(cursorOperation("not a cursor!")).toBeUndefined();
    expect(cursorOperation(Buffer.from('{"op":3}').toString("base64url"))).toBeUndefined();
    expect(cursorOperation(Buffer.from("[]").toString("base64url"))).toBeUndefined();
  });
});
