// Bodies over the limit are refused with 413 before parsing: by Content-Length without reading, and
// while reading when the length is missing or lies; bodies within it parse as before.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { errorResponse } from "@/lib/http/error-response";
import { readJsonBody } from "@/lib/http/json-body";
import { PayloadTooLargeError } from "@/lib/errors/payload-too-large-error";

const schema = z.object({ text: z.string() });

function streamed(chunks: string[], headers: Record<string, string> = {}) {
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks[pulled++];
      if (next === undefined) controller.close();
      else controller.enqueue(new TextEncoder().encode(next));
    },
  });
  const request = new Request("http://127.0.0.1/api/x", { method: "POST", body, headers, duplex: "half" } as RequestInit);
  return { request, pulled: () => pulled };
}

describe("readJsonBody limits", () => {
  it("parses a body within the limit", async () => {
    const request = new Request("http://127.0.0.1/api/x", { method: "POST", body: JSON.stringify({ text: "hello" }) });
    await expect(readJsonBody(request, schema, { maxBytes: 100 })).resolves.toEqual({ text: "hello" });
  });

  it("refuses a declared length over the limit without reading the body", async () => {
    const { request, pulled } = streamed(['{"text":"', "x".repeat(50), '"}'], { "content-length": "5000" });
    await expect(readJsonBody(request, schema, { maxBytes: 100 })).rejects.toBeInstanceOf(PayloadTooLargeError);
    expect(pulled()).toBeLessThanOrEqual(1);
  });

  it("stops reading once an undeclared body passes the limit", async () => {
    const { request, pulled } = streamed(Array.from({ length: 50 }, () => "x".repeat(40)));
    await expect(readJsonBody(request, schema, { maxBytes: 100 })).rejects.toBeInstanceOf(PayloadTooLargeError);
    expect(pulled()).toBeLessThan(10);
  });

  it("answers 413 naming the body", async () => {
    const response = errorResponse(new PayloadTooLargeError(100));
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: { field: "body", kind: "too_large" } });
  });

  it("still answers 400 for a body that is not JSON", async () => {
    const request = new Request("http://127.0.0.1/api/x", { method: "POST", body: "{nope" });
    await expect(readJsonBody(request, schema)).rejects.toMatchObject({ field: "body" });
  });
});
